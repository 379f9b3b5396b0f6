import Foundation
import GateTestSupport
import Testing
@testable import GateEngine
@testable import Verdict

/// `sandbox=required|preferred|off`: what a run does when the kernel (here: a missing `unshare`) gives no namespace.
struct SandboxPolicyTests {
    private func run(_ policy: String?, unshare: String?) async throws -> GatePredicate {
        let options = policy.map { "<!-- cfa-gate: sandbox=\($0) -->\n" } ?? ""
        let fixture = try GateFixture(checklist: options + "1. Quick. <!-- probe: command: true -->\n", package: false)
        return try await Gate.run(fixture.options { $0.unsharePath = unshare }).predicate
    }

    @Test func aRunThatCannotSandboxIsAnErrorWhenTheChecklistRequiresIt() async throws {
        let predicate = try await run("required", unshare: "/nonexistent/unshare")
        #expect(predicate.result == .error)
        #expect(predicate.sandbox == RunSandbox.none)
        #expect(predicate.items.map(\.status) == [.error])
        #expect(predicate.items[0].summary.hasPrefix("not run: sandbox=required, but util-linux's `unshare` is not installed"))
        #expect(predicate.runErrors?.count == 1)
    }

    @Test func withoutARequirementTheRunGoesOnAndRecordsNone() async throws {
        let predicate = try await run(nil, unshare: "/nonexistent/unshare")
        #expect(predicate.result == .passed)
        #expect(predicate.sandbox == RunSandbox.none)
    }

    @Test func whereTheKernelAllowsItTheRunIsSandboxed() async throws {
        let predicate = try await run("required", unshare: ProcessSandboxPath.found)
        #expect(predicate.result == .passed)
        #expect(predicate.sandbox == .namespace)
    }
}

private enum ProcessSandboxPath {
    static var found: String? { ["/usr/bin/unshare", "/bin/unshare"].first { FileManager.default.isExecutableFile(atPath: $0) } }
}
