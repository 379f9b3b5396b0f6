import GateTestSupport
import Testing
@testable import Git

@Suite struct HistoryTests {
    /// main: A - B - C, feature (from B): D - E, tag `a` on A.
    private func makeBranchedHistory() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.git("tag", "a")
        try commit(fixture, "b.txt", "B")
        try fixture.git("checkout", "-q", "-b", "feature")
        try commit(fixture, "d.txt", "D")
        try commit(fixture, "e.txt", "E")
        try fixture.git("checkout", "-q", "main")
        try commit(fixture, "c.txt", "C")
        return fixture
    }

    private func commit(_ fixture: GitFixture, _ path: String, _ contents: String, in directory: String = "") throws {
        try fixture.write(directory.isEmpty ? path : "\(directory)/\(path)", contents)
        try fixture.git("add", path, in: directory)
        try fixture.git("commit", "-q", "-m", "add \(path)", in: directory)
    }

    @Test func mergeBaseOfDivergedBranchesIsWhereTheyForked() throws {
        let fixture = try makeBranchedHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let forkPoint = try fixture.git("rev-parse", "feature~2")

        #expect(try repository.mergeBase("main", "feature") == forkPoint)
        #expect(try repository.mergeBase("feature", "main") == forkPoint)
        #expect(try repository.mergeBase("a", "main") == (try fixture.git("rev-parse", "a")))
        #expect(try repository.mergeBase("feature", "feature") == (try fixture.git("rev-parse", "feature")))
    }

    @Test func mergeBaseOfUnrelatedHistoriesIsNil() throws {
        let fixture = try makeBranchedHistory()
        try fixture.git("checkout", "-q", "--orphan", "island")
        try commit(fixture, "island.txt", "alone")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try repository.mergeBase("island", "main") == nil)
    }

    @Test func mergeBaseOfUnknownRevisionThrows() throws {
        let fixture = try makeBranchedHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(throws: GitError.unknownRevision("nope")) { try repository.mergeBase("main", "nope") }
    }

    @Test func isAncestorFollowsParentsAndCountsACommitAsItsOwnAncestor() throws {
        let fixture = try makeBranchedHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try repository.isAncestor("a", of: "main"))
        #expect(try repository.isAncestor("main~1", of: "feature"))
        #expect(try repository.isAncestor("main", of: "main"))
        #expect(try !repository.isAncestor("main", of: "a"))
        #expect(try !repository.isAncestor("feature", of: "main"))
        #expect(try !repository.isAncestor("main", of: "feature"))
    }

    @Test func firstParentOfAMergeIsTheBranchItWasMadeOn() throws {
        let fixture = try makeBranchedHistory()
        try fixture.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try repository.firstParent(of: "HEAD") == (try fixture.git("rev-parse", "HEAD^1")))
        #expect(try repository.firstParent(of: "HEAD") != (try fixture.git("rev-parse", "feature")))
        #expect(try repository.firstParent(of: "feature") == (try fixture.git("rev-parse", "feature~1")))
    }

    @Test func rootCommitHasNoFirstParent() throws {
        let fixture = try makeBranchedHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try repository.firstParent(of: "a") == nil)
    }

    @Test func commitIfExistsResolvesOrAnswersNil() throws {
        let fixture = try makeBranchedHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(repository.commitIfExists("refs/heads/feature") == (try fixture.git("rev-parse", "feature")))
        #expect(repository.commitIfExists("refs/remotes/origin/main") == nil)
        #expect(repository.commitIfExists("HEAD~42") == nil)
    }

    @Test func upstreamIsNilWithoutTrackingOrWhenDetached() throws {
        let fixture = try makeBranchedHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        #expect(try repository.upstream() == nil)

        try fixture.git("checkout", "-q", "--detach")
        #expect(try repository.upstream() == nil)
    }

    @Test func upstreamIsTheConfiguredRemoteTrackingBranch() throws {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "--bare", "-b", "main", "origin.git")
        try fixture.makeRepositoryWithCommit(in: "work")
        try fixture.git("remote", "add", "origin", fixture.path("origin.git"), in: "work")
        try fixture.git("checkout", "-q", "-b", "feature", in: "work")
        try commit(fixture, "f.txt", "F", in: "work")
        try fixture.git("push", "-q", "origin", "feature", in: "work")
        try commit(fixture, "g.txt", "G", in: "work")  // local commit not pushed: upstream lags behind HEAD
        try fixture.git("branch", "--set-upstream-to=origin/feature", in: "work")
        let repository = try GitRepository.discover(startingAt: fixture.path("work"))

        let upstream = try #require(try repository.upstream())

        #expect(upstream.name == "origin/feature")
        #expect(upstream.commit == (try fixture.git("rev-parse", "origin/feature", in: "work")))
        #expect(upstream.commit != (try fixture.git("rev-parse", "HEAD", in: "work")))
    }

    @Test func fullCloneIsNotShallow() throws {
        let fixture = try makeBranchedHistory()
        try fixture.git("clone", "-q", "file://\(fixture.root)", "full")

        #expect(!(try GitRepository.discover(startingAt: fixture.root).isShallow))
        #expect(!(try GitRepository.discover(startingAt: fixture.path("full")).isShallow))
    }

    @Test func shallowCloneReportsItsMissingParent() throws {
        let fixture = try makeBranchedHistory()
        try fixture.git("clone", "-q", "--depth", "1", "file://\(fixture.root)", "shallow")
        let repository = try GitRepository.discover(startingAt: fixture.path("shallow"))
        let head = try fixture.git("rev-parse", "HEAD", in: "shallow")

        #expect(repository.isShallow)
        #expect(throws: GitError.historyMissing("the parent of commit \(head.prefix(7))")) {
            try repository.firstParent(of: "HEAD")
        }
    }

    /// libgit2 1.5 itself fails on the first missing parent; these answers need the shallow-aware walk.
    @Test(arguments: ["1", "2"])
    func shallowCloneFindsAMergeBaseThatWasFetched(depth: String) throws {
        let fixture = try makeBranchedHistory()
        try fixture.git("clone", "-q", "--depth", depth, "file://\(fixture.root)", "shallow")
        try fixture.git("checkout", "-q", "-b", "work", in: "shallow")
        try commit(fixture, "w.txt", "W", in: "shallow")
        let repository = try GitRepository.discover(startingAt: fixture.path("shallow"))

        // At depth 2 both main and main~1 are common ancestors: only the nearer one is the merge-base.
        #expect(try repository.mergeBase("HEAD", "origin/main") == (try fixture.git("rev-parse", "main")))
        #expect(try repository.mergeBase("origin/main", "HEAD") == (try fixture.git("rev-parse", "main")))
        #expect(try repository.isAncestor("origin/main", of: "HEAD"))
        // Walking down from origin/main reaches the clone's edge without meeting HEAD: git would say
        // "no" by treating the edge as the root, but the honest answer is that the history is missing.
        #expect(throws: GitError.self) { try repository.isAncestor("HEAD", of: "origin/main") }
    }

    @Test func shallowMergeBaseIsTheNearestCommonAncestorEvenWhenAnOlderOneHasALaterDate() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("skewed.txt", "committed by a clock set to the future\n")
        try fixture.git("add", "skewed.txt")
        var skewedClock = fixture.isolatedEnvironment
        skewedClock["GIT_COMMITTER_DATE"] = "2090-01-01T00:00:00Z"
        #expect(try fixture.run("/usr/bin/env", ["git", "commit", "-q", "-m", "skewed"], environment: skewedClock).status == 0)
        try commit(fixture, "tip.txt", "tip")
        try fixture.git("clone", "-q", "--depth", "2", "file://\(fixture.root)", "shallow")
        try fixture.git("checkout", "-q", "-b", "work", in: "shallow")
        try commit(fixture, "w.txt", "W", in: "shallow")
        let repository = try GitRepository.discover(startingAt: fixture.path("shallow"))

        #expect(try repository.mergeBase("HEAD", "origin/main") == (try fixture.git("rev-parse", "main")))
    }

    @Test func shallowCloneWithoutTheForkPointHasNoMergeBaseAndCannotTellAncestry() throws {
        let fixture = try makeBranchedHistory()
        try fixture.git("clone", "-q", "--depth", "1", "--no-single-branch", "file://\(fixture.root)", "shallow")
        let repository = try GitRepository.discover(startingAt: fixture.path("shallow"))
        let main = try fixture.git("rev-parse", "main")
        let feature = try fixture.git("rev-parse", "feature")

        #expect(try repository.mergeBase("origin/main", "origin/feature") == nil)
        #expect(throws: GitError.historyMissing("the history between \(feature.prefix(7)) and \(main.prefix(7))")) {
            try repository.isAncestor("origin/feature", of: "origin/main")
        }
    }
}

