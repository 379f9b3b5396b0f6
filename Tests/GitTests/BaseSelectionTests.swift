import GateTestSupport
import Testing
@testable import Git

@Suite struct BaseSelectionTests {
    private func commit(_ fixture: GitFixture, _ path: String, in directory: String = "work") throws {
        try fixture.write(directory.isEmpty ? path : "\(directory)/\(path)", "\(path)\n")
        try fixture.git("add", path, in: directory)
        try fixture.git("commit", "-q", "-m", "add \(path)", in: directory)
    }

    private func revParse(_ fixture: GitFixture, _ revision: String, in directory: String = "work") throws -> String {
        try fixture.git("rev-parse", revision, in: directory)
    }

    private func short(_ fixture: GitFixture, _ revision: String, in directory: String = "work") throws -> String {
        String(try revParse(fixture, revision, in: directory).prefix(7))
    }

    /// `origin.git` (bare) and `work/`, whose `main` (README, then b.txt) is pushed and tracks `origin/main`.
    private func makePushedWork() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "--bare", "-b", "main", "origin.git")
        try fixture.makeRepositoryWithCommit(in: "work")
        try commit(fixture, "b.txt")
        try fixture.git("remote", "add", "origin", fixture.path("origin.git"), in: "work")
        try fixture.git("push", "-q", "-u", "origin", "main", in: "work")
        return fixture
    }

    private func choose(_ fixture: GitFixture, in directory: String = "work", head: String = "HEAD", explicit: String? = nil) throws -> BaseChoice {
        try BaseSelection.choose(in: try GitRepository.discover(startingAt: fixture.path(directory)), head: head, explicit: explicit)
    }

    // MARK: explicit --base

    @Test func explicitBaseIsUsedAsGiven() throws {
        let fixture = try makePushedWork()
        try fixture.git("tag", "v1", "HEAD~1", in: "work")
        try commit(fixture, "c.txt")

        let choice = try choose(fixture, explicit: "v1")

        #expect(choice == BaseChoice(
            commit: try revParse(fixture, "v1"), ref: "refs/tags/v1", method: .explicit,
            description: "--base v1 = refs/tags/v1 (\(try short(fixture, "v1")))", isAncestor: true))
    }

    @Test func explicitBaseThatIsNotAnAncestorIsAllowedButSaid() throws {
        let fixture = try makePushedWork()
        try fixture.git("checkout", "-q", "-b", "side", "HEAD~1", in: "work")
        try commit(fixture, "side.txt")
        try fixture.git("checkout", "-q", "main", in: "work")

        let choice = try choose(fixture, explicit: "side")

        #expect(choice == BaseChoice(
            commit: try revParse(fixture, "side"), ref: "refs/heads/side", method: .explicit,
            description: "--base side = refs/heads/side (\(try short(fixture, "side"))), not an ancestor of HEAD", isAncestor: false))
    }

    @Test func unknownExplicitBaseIsAnUnknownRevision() throws {
        let fixture = try makePushedWork()

        #expect(throws: GitError.unknownRevision("v9")) { try choose(fixture, explicit: "v9") }
    }

    @Test func explicitBaseThatATagShadowsIsRefusedNamingBoth() throws {
        let fixture = try makePushedWork()
        try fixture.git("tag", "origin/main", "HEAD~1", in: "work")

        #expect(throws: GitError.ambiguousRevision("origin/main", candidates: ["refs/remotes/origin/main", "refs/tags/origin/main"])) {
            try choose(fixture, explicit: "origin/main")
        }
        let full = try choose(fixture, explicit: "refs/remotes/origin/main")
        #expect(full.commit == (try revParse(fixture, "refs/remotes/origin/main")))
        #expect(full.ref == "refs/remotes/origin/main")
    }

    @Test func theAutomaticBaseIsReadFromTheFullRefWhateverATagIsCalled() throws {
        let fixture = try makePushedWork()
        try fixture.git("checkout", "-q", "-b", "feature", in: "work")
        try commit(fixture, "f1.txt")
        // Tags that git's short-name rules would prefer: `main`, and one named like the full ref when there is no remote.
        try fixture.git("tag", "main", "HEAD", in: "work")
        try fixture.git("remote", "remove", "origin", in: "work")
        try fixture.git("update-ref", "refs/tags/refs/remotes/origin/main", "HEAD~2", in: "work")

        let choice = try choose(fixture)

        #expect(choice.method == .mainMergeBase)
        #expect(choice.ref == "refs/heads/main")
        #expect(choice.commit == (try revParse(fixture, "refs/heads/main")))
    }

    // MARK: merge-base candidates, in order

    @Test func upstreamMergeBaseComesFirst() throws {
        let fixture = try makePushedWork()
        try fixture.git("checkout", "-q", "-b", "feature", in: "work")
        try commit(fixture, "f1.txt")
        try fixture.git("push", "-q", "origin", "feature", in: "work")
        try fixture.git("branch", "--set-upstream-to=origin/feature", in: "work")
        try commit(fixture, "f2.txt")  // not pushed yet: this is what is under review

        let choice = try choose(fixture)

        #expect(choice == BaseChoice(
            commit: try revParse(fixture, "origin/feature"), ref: "refs/remotes/origin/feature", method: .upstreamMergeBase,
            description: "merge-base of HEAD with its upstream origin/feature (\(try short(fixture, "origin/feature")))",
            isAncestor: true))
    }

    @Test func mainAheadOfItsUpstreamReviewsTheUnpushedCommits() throws {
        let fixture = try makePushedWork()
        try commit(fixture, "c.txt")
        try commit(fixture, "d.txt")

        let choice = try choose(fixture)

        #expect(choice.method == .upstreamMergeBase)
        #expect(choice.commit == (try revParse(fixture, "origin/main")))
        #expect(choice.commit == (try revParse(fixture, "HEAD~2")))
    }

    @Test func originMainMergeBaseWhenTheBranchHasNoUpstream() throws {
        let fixture = try makePushedWork()
        try commit(fixture, "c.txt")  // local main moves past origin/main, so the two candidates differ
        try fixture.git("checkout", "-q", "-b", "feature", in: "work")
        try commit(fixture, "f1.txt")

        let choice = try choose(fixture)

        #expect(choice == BaseChoice(
            commit: try revParse(fixture, "origin/main"), ref: "refs/remotes/origin/main", method: .originMainMergeBase,
            description: "merge-base of HEAD with origin/main (\(try short(fixture, "origin/main")))", isAncestor: true))
    }

    @Test func mainMergeBaseWithoutAnyRemote() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit(in: "work")
        try commit(fixture, "b.txt")
        try fixture.git("checkout", "-q", "-b", "feature", in: "work")
        try commit(fixture, "f1.txt")
        try fixture.git("checkout", "-q", "main", in: "work")
        try commit(fixture, "c.txt")
        try fixture.git("checkout", "-q", "feature", in: "work")

        let choice = try choose(fixture)

        #expect(choice == BaseChoice(
            commit: try revParse(fixture, "feature~1"), ref: "refs/heads/main", method: .mainMergeBase,
            description: "merge-base of HEAD with main (\(try short(fixture, "feature~1")))", isAncestor: true))
    }

    @Test func headOtherThanTheCheckoutIsNamedAsGiven() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit(in: "work")
        try fixture.git("checkout", "-q", "-b", "feature", in: "work")
        try commit(fixture, "f1.txt")
        try fixture.git("checkout", "-q", "main", in: "work")

        let choice = try choose(fixture, head: "feature")

        #expect(choice.description == "merge-base of feature with main (\(try short(fixture, "main")))")
    }

    // MARK: when the merge-base is HEAD itself

    @Test func headLevelWithItsUpstreamFallsThroughToTheFirstParent() throws {
        let fixture = try makePushedWork()  // main == origin/main: nothing is unpushed

        let choice = try choose(fixture)

        #expect(choice == BaseChoice(
            commit: try revParse(fixture, "HEAD~1"), method: .firstParent,
            description: "first parent of HEAD (\(try short(fixture, "HEAD~1"))); passed over: its upstream origin/main points at HEAD itself",
            isAncestor: true))
    }

    @Test func headAlreadyContainedInItsUpstreamFallsThrough() throws {
        let fixture = try makePushedWork()
        try commit(fixture, "c.txt")
        try fixture.git("push", "-q", "origin", "main", in: "work")
        try fixture.git("checkout", "-q", "-b", "behind", "main~1", in: "work")
        try fixture.git("branch", "--set-upstream-to=origin/main", in: "work")

        let choice = try choose(fixture)

        #expect(choice.method == .firstParent)
        #expect(choice.commit == (try revParse(fixture, "HEAD~1")))
        #expect(choice.description.hasSuffix(
            "passed over: HEAD is already contained in its upstream origin/main (their merge-base is HEAD itself)"))
    }

    @Test func firstParentWhenHeadIsMainWithoutRemotes() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit(in: "work")
        try commit(fixture, "b.txt")

        let choice = try choose(fixture)

        #expect(choice == BaseChoice(
            commit: try revParse(fixture, "HEAD~1"), method: .firstParent,
            description: "first parent of HEAD (\(try short(fixture, "HEAD~1"))); passed over: main points at HEAD itself",
            isAncestor: true))
    }

    @Test func firstParentWhenNoCandidateExists() throws {
        let fixture = try GitFixture()
        try fixture.makeDirectory("work")
        try fixture.git("init", "-q", "-b", "trunk", in: "work")
        try commit(fixture, "a.txt")
        try commit(fixture, "b.txt")

        let choice = try choose(fixture)

        #expect(choice == BaseChoice(
            commit: try revParse(fixture, "HEAD~1"), method: .firstParent,
            description: "first parent of HEAD (\(try short(fixture, "HEAD~1")))", isAncestor: true))
    }

    @Test func unrelatedMainIsPassedOver() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit(in: "work")
        try fixture.git("checkout", "-q", "--orphan", "island", in: "work")
        try commit(fixture, "i1.txt")
        try commit(fixture, "i2.txt")

        let choice = try choose(fixture)

        #expect(choice.method == .firstParent)
        #expect(choice.commit == (try revParse(fixture, "HEAD~1")))
        #expect(choice.description.hasSuffix("passed over: main shares no history with HEAD"))
    }

    @Test func rootCommitGivesTheEmptyTree() throws {
        let fixture = try GitFixture()
        try fixture.makeDirectory("work")
        try fixture.git("init", "-q", "-b", "trunk", in: "work")
        try commit(fixture, "a.txt")

        let choice = try choose(fixture)

        #expect(choice == BaseChoice(
            commit: nil, method: .emptyTree,
            description: "the empty tree: HEAD (\(try short(fixture, "HEAD"))) is a root commit", isAncestor: true))
    }

    // MARK: shallow clones

    /// `source/`: main README - b - c, feature README - d; cloned `--depth 1` with every branch tip.
    private func makeShallowCloneOfDivergedBranches() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit(in: "source")
        try fixture.git("checkout", "-q", "-b", "feature", in: "source")
        try commit(fixture, "d.txt", in: "source")
        try fixture.git("checkout", "-q", "main", in: "source")
        try commit(fixture, "b.txt", in: "source")
        try commit(fixture, "c.txt", in: "source")
        try fixture.git(
            "clone", "-q", "--depth", "1", "--no-single-branch", "--branch", "feature", "file://\(fixture.path("source"))", "work")
        return fixture
    }

    @Test func shallowCloneWithoutTheMergeBaseAsksForMoreHistory() throws {
        let fixture = try makeShallowCloneOfDivergedBranches()
        #expect(try GitRepository.discover(startingAt: fixture.path("work")).isShallow)

        #expect(throws: GitError.historyMissing(
            "the merge-base of HEAD (\(try short(fixture, "HEAD"))) and origin/main (\(try short(fixture, "origin/main")))"
        )) {
            try choose(fixture)
        }
    }

    @Test func shallowCloneUsesAMergeBaseItHas() throws {
        let fixture = try makeShallowCloneOfDivergedBranches()
        try fixture.git("checkout", "-q", "-b", "work", "origin/main", in: "work")
        try fixture.git("branch", "--unset-upstream", in: "work")
        try commit(fixture, "w.txt")

        let choice = try choose(fixture)

        #expect(choice.method == .originMainMergeBase)
        #expect(choice.commit == (try revParse(fixture, "origin/main")))
    }

    @Test func freshShallowCloneLacksTheParentToFallBackOn() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit(in: "source")
        try commit(fixture, "b.txt", in: "source")
        try fixture.git("clone", "-q", "--depth", "1", "file://\(fixture.path("source"))", "work")

        #expect(throws: GitError.historyMissing("the parent of commit \(try short(fixture, "HEAD"))")) {
            try choose(fixture)
        }
    }

    @Test func explicitBaseInAShallowCloneIsUsedWithAncestryUnknown() throws {
        let fixture = try makeShallowCloneOfDivergedBranches()

        let choice = try choose(fixture, explicit: "origin/main")

        #expect(choice.commit == (try revParse(fixture, "origin/main")))
        #expect(!choice.isAncestor)
        #expect(choice.description.contains("shallow clone"))
    }

    @Test func historyMissingTellsHowToFetchMore() {
        let description = GitError.historyMissing("the merge-base of HEAD (abc1234) and origin/main (def5678)").description

        #expect(description.hasPrefix("the merge-base of HEAD (abc1234) and origin/main (def5678) is not in this shallow clone"))
        #expect(description.contains("git fetch --unshallow"))
        #expect(description.contains("git fetch --deepen=N"))
    }
}
