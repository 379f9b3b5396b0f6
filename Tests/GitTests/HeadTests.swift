import GateTestSupport
import Testing
@testable import Git

@Suite struct HeadTests {
    @Test func headMatchesGitRevParse() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("second.txt", "two\n")
        try fixture.git("add", ".")
        try fixture.git("commit", "-q", "-m", "second")

        let head = try GitRepository.discover(startingAt: fixture.root).head()

        #expect(head == HeadInfo(
            commit: try fixture.git("rev-parse", "HEAD"),
            tree: try fixture.git("rev-parse", "HEAD^{tree}"),
            branch: "main"
        ))
        #expect(head.commit.count == 40)
    }

    @Test func branchIsTheShortNameIncludingSlashes() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.git("checkout", "-q", "-b", "feature/gate")

        let head = try GitRepository.discover(startingAt: fixture.root).head()

        #expect(head.branch == "feature/gate")
    }

    @Test func detachedHeadHasNoBranch() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.git("checkout", "-q", "--detach")

        let head = try GitRepository.discover(startingAt: fixture.root).head()

        #expect(head.branch == nil)
        #expect(head.commit == (try fixture.git("rev-parse", "HEAD")))
        #expect(head.tree == (try fixture.git("rev-parse", "HEAD^{tree}")))
    }

    @Test func repositoryWithoutCommitsReportsNoCommits() throws {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(throws: GitError.noCommits(fixture.root)) {
            try repository.head()
        }
    }
}
