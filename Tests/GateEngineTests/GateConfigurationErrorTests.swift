import Foundation
import GateTestSupport
import Testing
@testable import GateEngine
import Git
import Verdict

struct GateConfigurationErrorTests {
    private func options(_ root: String) -> GateOptions {
        GateOptions(repositoryPath: root, environment: [:], tool: ToolInfo(name: "cfa-gate", version: "test"))
    }

    @Test func notAGitRepositoryIsAConfigurationError() async throws {
        let fixture = try GitFixture()
        await #expect(throws: GateError.repository(.notARepository(fixture.root))) { try await Gate.run(options(fixture.root)) }
        #expect(GateError.repository(.notARepository(fixture.root)).exitCode == 2)
    }

    @Test func aRepositoryWithoutCommitsIsAConfigurationError() async throws {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        do {
            _ = try await Gate.run(options(fixture.root))
            Issue.record("expected an error")
        } catch {
            guard case .repository(.noCommits) = error else { Issue.record("got \(error)"); return }
            #expect(error.exitCode == 2)
        }
    }

    @Test func aMalformedChecklistNamesItsFileAndLine() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("gate/cfa-change-gate.md", "# Gate\n\n1. One <!-- probe: biuld -->\n")
        do {
            _ = try await Gate.run(options(fixture.root))
            Issue.record("expected an error")
        } catch {
            guard case .checklist = error else { Issue.record("got \(error)"); return }
            #expect(error.description.hasPrefix("gate/cfa-change-gate.md:3:"))
            #expect(error.description.contains("biuld"))
            #expect(error.exitCode == 2)
        }
    }

    @Test func anUnreadableKeyIsAConfigurationErrorBeforeAnyProbeRuns() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("gate/cfa-change-gate.md", "1. Marker. <!-- probe: command: touch ran-marker -->\n")
        try fixture.write("bad.pem", "not a key\n")
        var options = options(fixture.root)
        options.keyPath = fixture.path("bad.pem")
        do {
            _ = try await Gate.run(options)
            Issue.record("expected an error")
        } catch {
            guard case .key = error else { Issue.record("got \(error)"); return }
            #expect(error.exitCode == 2)
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path("ran-marker")))
    }

    @Test func withoutAChecklistOfItsOwnTheBuiltInOneIsUsed() throws {
        let fixture = try GitFixture()
        #expect(ChecklistSource.choose(explicitPath: nil, repositoryRoot: fixture.root) == .builtIn)
        try fixture.write("gate/cfa-change-gate.md", "1. x\n")
        #expect(ChecklistSource.choose(explicitPath: nil, repositoryRoot: fixture.root) == .repository(fixture.path("gate/cfa-change-gate.md")))
        #expect(ChecklistSource.choose(explicitPath: "/elsewhere.md", repositoryRoot: fixture.root) == .file("/elsewhere.md"))
    }
}
