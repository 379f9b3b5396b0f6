import Foundation
import Sandbox
import GateTestSupport
import Testing
@testable import GateEngine
@testable import Probes
@testable import Verdict

/// `sandbox=required|preferred|off`: what a run does when the kernel gives no namespace (here: a detection that finds none).
struct SandboxPolicyTests {
    private static let unavailable = "this kernel or container does not let root make a PID namespace: clone(CLONE_NEWPID | CLONE_NEWNS) failed: Operation not permitted"

    private func run(_ policy: String?, sandboxAvailable: Bool) async throws -> GatePredicate {
        let options = policy.map { "<!-- cfa-gate: sandbox=\($0) -->\n" } ?? ""
        let fixture = try GateFixture(checklist: options + "1. Quick. <!-- probe: command: true -->\n", package: false)
        return try await Gate.run(fixture.options { options in
            if !sandboxAvailable { options.detectSandbox = { _, identity in (ProcessSandbox(identity: identity), Self.unavailable) } }
        }).predicate
    }

    @Test func aRunThatCannotSandboxIsAnErrorWhenTheChecklistRequiresIt() async throws {
        let predicate = try await run("required", sandboxAvailable: false)
        #expect(predicate.result == .error)
        #expect(predicate.sandbox == RunSandbox.none)
        #expect(predicate.items.map(\.status) == [.error])
        #expect(predicate.items[0].summary.hasPrefix("not run: sandbox=required, but \(Self.unavailable)"))
        #expect(predicate.runErrors?.count == 1)
    }

    @Test func withoutARequirementTheRunGoesOnAndRecordsNone() async throws {
        let predicate = try await run(nil, sandboxAvailable: false)
        #expect(predicate.result == .passed)
        #expect(predicate.sandbox == RunSandbox.none)
    }

    @Test func whereTheKernelAllowsItTheRunIsSandboxed() async throws {
        let predicate = try await run("required", sandboxAvailable: true)
        #expect(predicate.result == .passed)
        #expect(predicate.sandbox == .namespace)
    }
}
