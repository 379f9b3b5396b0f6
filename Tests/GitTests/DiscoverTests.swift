import GateTestSupport
import Testing
@testable import Git

@Suite struct DiscoverTests {
    @Test func discoversTheRepositoryFromASubfolder() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.makeDirectory("Sources/App")

        let repository = try GitRepository.discover(startingAt: fixture.path("Sources/App"))

        #expect(repository.workingDirectory == fixture.root)
        #expect(repository.workingDirectory == (try fixture.git("rev-parse", "--show-toplevel", in: "Sources/App")))
        #expect(repository.gitDirectory == fixture.path(".git"))
        #expect(repository.gitDirectory == (try fixture.git("rev-parse", "--absolute-git-dir", in: "Sources/App")))
    }

    @Test func pathsHaveNoTrailingSlash() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()

        let repository = try GitRepository.discover(startingAt: fixture.root + "/")

        #expect(!repository.workingDirectory.hasSuffix("/"))
        #expect(!repository.gitDirectory.hasSuffix("/"))
    }

    @Test func folderOutsideAnyRepositoryIsNotARepository() throws {
        let fixture = try GitFixture()
        // The premise: nothing above the temp folder is a repository either.
        try #require(!fixture.gitSucceeds("rev-parse", "--git-dir"), "temp folder \(fixture.root) is inside a git repository")

        #expect(throws: GitError.notARepository(fixture.root)) {
            try GitRepository.discover(startingAt: fixture.root)
        }
    }

    @Test func missingFolderIsNotARepository() throws {
        let fixture = try GitFixture()
        let missing = fixture.path("does/not/exist")

        #expect(throws: GitError.notARepository(missing)) {
            try GitRepository.discover(startingAt: missing)
        }
    }

    @Test func bareRepositoryIsRejected() throws {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "--bare", "origin.git")

        #expect(throws: GitError.bareRepository(fixture.path("origin.git"))) {
            try GitRepository.discover(startingAt: fixture.path("origin.git"))
        }
        #expect(throws: GitError.bareRepository(fixture.path("origin.git/refs"))) {
            try GitRepository.discover(startingAt: fixture.path("origin.git/refs"))
        }
    }

    @Test func handlesCanBeOpenedInConcurrentTasks() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let expected = try fixture.git("rev-parse", "HEAD")
        let root = fixture.root

        // One handle per task — the supported way to use libgit2 concurrently.
        let commits = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try GitRepository.discover(startingAt: root).head().commit }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        #expect(commits == Array(repeating: expected, count: 8))
    }
}
