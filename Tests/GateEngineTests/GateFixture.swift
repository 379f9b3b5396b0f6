import Foundation
@testable import GateEngine
import GateTestSupport
@testable import Verdict

/// A committed repository holding the Calc package and a checklist, ready for `Gate.run`.
struct GateFixture {
    let git: GitFixture

    init(checklist: String, package: Bool = true) throws {
        git = try GitFixture()
        if package { try SwiftPackageFixture.writeCalculator(into: git) }
        // One commit: with no base before it, the run takes the policy from it.
        try git.makeRepository(committing: ["gate/cfa-change-gate.md": checklist])
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

/// Collects progress events from concurrent probes, for assertions after the run: the handler puts each event in a
/// stream as it is reported, so once the run has returned every event is there — nothing to wait for.
final class EventLog: Sendable {
    private let stream: AsyncStream<GateEvent>
    private let continuation: AsyncStream<GateEvent>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: GateEvent.self)
    }

    func record(_ event: GateEvent) { continuation.yield(event) }

    /// Every event recorded; call once, after the run returned.
    var events: [GateEvent] {
        get async {
            continuation.finish()
            var events: [GateEvent] = []
            for await event in stream { events.append(event) }
            return events
        }
    }
}
