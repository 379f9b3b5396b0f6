#if canImport(Glibc)
import Glibc
#endif
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

    /// For a root gate, hands the checkout to `nobody`, so that its probes run as the checkout's owner and may write
    /// the package's files, as a gate run by the owner's own user would let them; a root-owned checkout's files are
    /// read-only to its probes (`nobody`), the build folders excepted.
    func ownedByItsProbes() throws {
        guard geteuid() == 0 else { return }
        let chown = Process()
        chown.executableURL = URL(fileURLWithPath: "/bin/chown")
        chown.arguments = ["-R", "65534:65534", git.root]
        try chown.run()
        chown.waitUntilExit()
    }
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
