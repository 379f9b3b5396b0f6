import GateTestSupport
@testable import Git
import Testing
@testable import Probes

struct GitCleanProbeTests {
    @Test func aCleanTreeBeforeAndAfterPasses() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let snapshot = GitCleanProbe.snapshot(repositoryRoot: fixture.root)
        #expect(GitCleanProbe.judge(before: snapshot, after: snapshot).status == .passed)
    }

    @Test func uncommittedWorkFailsNamingEachPath() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("README.md", "changed\n")
        try fixture.write("notes/todo.txt", "new\n")
        let snapshot = GitCleanProbe.snapshot(repositoryRoot: fixture.root)
        let outcome = GitCleanProbe.judge(before: snapshot, after: snapshot)
        #expect(outcome.status == .failed)
        #expect(outcome.evidence.diagnostics.compactMap(\.file) == ["README.md", "notes/todo.txt"])
        #expect(outcome.summary.contains("README.md"))
    }

    @Test func aFileRewrittenWhileProbesRanIsNamedAsChangedByTheRun() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let before = GitCleanProbe.snapshot(repositoryRoot: fixture.root)
        try fixture.write("README.md", "rewritten by a test\n")
        let after = GitCleanProbe.snapshot(repositoryRoot: fixture.root)
        let outcome = GitCleanProbe.judge(before: before, after: after)
        #expect(outcome.status == .failed)
        #expect(outcome.summary.contains("README.md changed by the run"))
        #expect(outcome.evidence.diagnostics.first?.message.contains("changed while the probes ran") == true)
    }

    @Test func notARepositoryIsAnError() throws {
        let fixture = try GitFixture()
        let snapshot = GitCleanProbe.snapshot(repositoryRoot: fixture.root)
        #expect(GitCleanProbe.judge(before: snapshot, after: snapshot).status == .error)
    }
}
