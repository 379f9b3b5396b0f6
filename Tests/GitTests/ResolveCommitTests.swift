import GateTestSupport
import Testing
@testable import Git

@Suite struct ResolveCommitTests {
    /// A repository with two commits on `main`, a `topic` branch at the first one,
    /// and an annotated tag `v1` on the first one.
    private func makeHistory() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.git("branch", "topic")
        try fixture.git("tag", "-a", "v1", "-m", "release one")
        try fixture.write("second.txt", "two\n")
        try fixture.git("add", ".")
        try fixture.git("commit", "-q", "-m", "second")
        return fixture
    }

    @Test func resolvesRelativeRevision() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try repository.resolveCommit("HEAD~1") == (try fixture.git("rev-parse", "HEAD~1")))
        #expect(try repository.resolveCommit("HEAD") == (try fixture.git("rev-parse", "HEAD")))
    }

    @Test func resolvesBranchName() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try repository.resolveCommit("topic") == (try fixture.git("rev-parse", "topic")))
    }

    @Test func resolvesShortSha() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let full = try fixture.git("rev-parse", "HEAD~1")

        #expect(try repository.resolveCommit(String(full.prefix(7))) == full)
    }

    @Test func annotatedTagResolvesToItsCommitNotTheTagObject() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let resolved = try repository.resolveCommit("v1")

        #expect(resolved == (try fixture.git("rev-parse", "v1^{commit}")))
        #expect(resolved != (try fixture.git("rev-parse", "v1")))
    }

    @Test func unknownRevisionIsReported() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        for revision in ["no-such-branch", "HEAD~99", "deadbeef", "", "main..topic"] {
            #expect(throws: GitError.unknownRevision(revision)) {
                try repository.resolveCommit(revision)
            }
        }
    }

    @Test func nonCommitObjectIsAnUnknownRevision() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(throws: GitError.unknownRevision("HEAD:README.md")) {
            try repository.resolveCommit("HEAD:README.md")
        }
    }

    // MARK: one name, one ref

    @Test func aTagShadowingARemoteBranchIsAmbiguousAndTheFullRefIsNot() throws {
        let fixture = try makeHistory()
        try fixture.git("update-ref", "refs/remotes/origin/main", "HEAD")
        try fixture.git("tag", "origin/main", "HEAD~1")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let ambiguous = GitError.ambiguousRevision("origin/main", candidates: ["refs/remotes/origin/main", "refs/tags/origin/main"])
        #expect(throws: ambiguous) { try repository.resolveCommit("origin/main") }
        #expect(throws: ambiguous) { try repository.resolveCommit("origin/main~1") }
        #expect(ambiguous.description.hasPrefix("refname 'origin/main' is ambiguous: refs/remotes/origin/main, refs/tags/origin/main — "))

        let remote = try repository.resolveRevision("refs/remotes/origin/main")
        #expect(remote == ResolvedRevision(ref: "refs/remotes/origin/main", suffix: "", commit: try fixture.git("rev-parse", "HEAD")))
        let tag = try repository.resolveRevision("refs/tags/origin/main~0")
        #expect(tag == ResolvedRevision(ref: "refs/tags/origin/main", suffix: "~0", commit: try fixture.git("rev-parse", "HEAD~1")))
    }

    @Test func aShortNameIsTheOneRefOfThatNameWithItsSuffixApplied() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        let resolved = try repository.resolveRevision("main~1")
        #expect(resolved == ResolvedRevision(ref: "refs/heads/main", suffix: "~1", commit: try fixture.git("rev-parse", "HEAD~1")))
        #expect(resolved.described(as: "main~1") == "main~1 = refs/heads/main~1 (\(try fixture.git("rev-parse", "HEAD~1").prefix(7)))")
        #expect(try repository.resolveRevision("v1").ref == "refs/tags/v1")
        #expect(try repository.resolveRevision("HEAD^").ref == "HEAD")
        // A branch with a tag of the same name: either could be meant.
        try fixture.git("tag", "topic", "HEAD")
        #expect(throws: GitError.ambiguousRevision("topic", candidates: ["refs/heads/topic", "refs/tags/topic"])) {
            try repository.resolveCommit("topic")
        }
        // A ref named HEAD besides HEAD itself.
        try fixture.git("update-ref", "refs/tags/HEAD", "HEAD~1")
        #expect(throws: GitError.ambiguousRevision("HEAD", candidates: ["HEAD", "refs/tags/HEAD"])) {
            try repository.resolveCommit("HEAD")
        }
    }

    @Test func anAbbreviatedCommitIdThatIsAlsoARefNameIsAmbiguousAndAFullIdIsNot() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)
        let full = try fixture.git("rev-parse", "HEAD")
        let abbreviated = String(full.prefix(8))

        #expect(try repository.resolveRevision(abbreviated) == ResolvedRevision(ref: nil, suffix: "", commit: full))
        #expect(try repository.resolveRevision(full) == ResolvedRevision(ref: nil, suffix: "", commit: full))
        try fixture.git("update-ref", "refs/heads/\(abbreviated)", "HEAD~1")
        try fixture.git("update-ref", "refs/tags/\(full)", "HEAD~1")
        #expect(throws: GitError.ambiguousRevision(abbreviated, candidates: ["commit \(full)", "refs/heads/\(abbreviated)"])) {
            try repository.resolveCommit(abbreviated)
        }
        // A full id means its object, as in git: a tag named after it neither redirects nor blocks it.
        #expect(try repository.resolveRevision(full) == ResolvedRevision(ref: nil, suffix: "", commit: full))
    }

    @Test func onlyAncestrySuffixesAreTaken() throws {
        let fixture = try makeHistory()
        let repository = try GitRepository.discover(startingAt: fixture.root)

        for revision in ["HEAD@{1}", "main^{tree}", "v1^{}", "@", "refs/heads/nope", "refs/heads/../x"] {
            #expect(throws: GitError.unknownRevision(revision)) { try repository.resolveCommit(revision) }
        }
    }
}
