import Foundation
import GateEngine
import GateTestSupport
import Verdict

/// A committed repository holding the Calc package and a checklist, ready for `Gate.run`.
struct GateFixture {
    let git: GitFixture

    init(checklist: String, package: Bool = true) throws {
        git = try GitFixture()
        try git.makeRepositoryWithCommit()
        if package { try SwiftPackageFixture.writeCalculator(into: git) }
        try git.write("gate/cfa-change-gate.md", checklist)
        try git.git("add", "-A")
        try git.git("commit", "-q", "-m", "package and checklist")
    }

    func options(_ change: (inout GateOptions) -> Void = { _ in }) -> GateOptions {
        var options = GateOptions(
            repositoryPath: git.root, environment: SwiftPackageFixture.environment(for: git),
            tool: ToolInfo(name: "cfa-gate", version: "test"))
        change(&options)
        return options
    }

    func commit() throws -> String { try git.git("rev-parse", "HEAD") }
}

/// Collects progress events from concurrent probes, for assertions after the run.
actor EventLog {
    private(set) var events: [GateEvent] = []
    func append(_ event: GateEvent) { events.append(event) }
}
