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
}
