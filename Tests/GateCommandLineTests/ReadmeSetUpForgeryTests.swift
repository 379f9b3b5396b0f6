import Foundation
import GateTestSupport
import Testing

/// Issue 34's five forged passes, each mounted by a pull request against the README's own CI block as written: the
/// runner user starts the installed gate through `exec sudo`, the key on standard input, and the protected checklist says
/// `isolation=strict`. The change's honest test fails (`add` is off by one, or two and two make five), so every verdict
/// must be `failed` or `error`, and the README's verify step must not accept it. Set-ups without namespaces and as root
/// in a container are in the forgeries' own suites (`BuildProvenanceAttackTests`, `ForgedXCTestLinesTests`,
/// `ShadowedAssertionTests`). Serialized: each builds a package, and the suite gives `ciuser` passwordless sudo.
@Suite(.serialized) struct ReadmeSetUpForgeryTests {
    enum Forgery: String, CaseIterable, CustomStringConvertible, Sendable {
        /// A `Package(name:)` under `#if os(Windows)` names a bundle manifest code writes into `.build`.
        case decoyBundle
        /// A library the bundle loads through `$ORIGIN`, planted beside it.
        case plantedLibrary
        /// A test helper declaring a no-op `XCTAssertEqual` with XCTest's signature.
        case shadowedAssertions
        /// A `command:` item whose watcher swaps the bundle while the tests run.
        case swapFromACommand
        /// A test printing XCTest's passing lines for its whole batch, then `exit(0)`, under `test-isolation=batch`.
        case forgedLinesInABatch

        var description: String { rawValue }

        var options: String { self == .forgedLinesInABatch ? " test-isolation=batch test-workers=1" : "" }

        var items: String {
            let test = "1. **Tests pass.** <!-- probe: test -->\n"
            return self == .swapFromACommand ? test + "2. **Lint.** <!-- probe: command: sh scripts/lint.sh -->\n" : test
        }

        func write(into fixture: GitFixture) throws {
            switch self {
            case .decoyBundle: try AttackPackages.writeDecoyBundle(into: fixture)
            case .plantedLibrary: try AttackPackages.writePlantedLibrary(into: fixture)
            case .shadowedAssertions: try AttackPackages.writeShadowedAssertions(into: fixture)
            case .swapFromACommand: try AttackPackages.writeWatchedBundle(into: fixture)
            case .forgedLinesInABatch: try ForgedXCTestLinesTests.writeForger(into: fixture)
            }
        }
    }

    @Test(.enabled(if: HostedRunner.available, HostedRunner.reason), arguments: Forgery.allCases)
    func noForgeryGetsAPassThatTheReadmesVerifyStepAccepts(forgery: Forgery) async throws {
        let checklist = "<!-- cfa-gate: isolation=strict\(forgery.options) -->\n\n# Gate\n\n\(forgery.items)"
        let runner = try HostedRunner.make(checklist: checklist) { try forgery.write(into: $0) }
        defer { runner.remove() }
        let gate = try await AttackHost.withPasswordlessSudo { try await runner.run(try ReadmeCIBlockTests.step(startingWith: "exec sudo ")) }
        let predicate = try AttackHost.verdict(runner.verdictPath)
        let logs = AttackHost.logs(beside: runner.verdictPath)
        // The gate ran under the protected checklist's strict isolation, with the CI key, and did not pass.
        #expect(AttackHost.isolation(predicate)["missing"] as? [String] ?? [] == [], "\(forgery): \(AttackHost.isolation(predicate))")
        #expect((predicate["signer"] as? [String: Any])?["source"] as? String == "file", "\(forgery)")
        #expect(["failed", "error"].contains(predicate["result"] as? String ?? ""), "\(forgery): \(gate)\n\(logs)")
        #expect(gate.status == 1 || gate.status == 3, "\(forgery): \(gate)")
        // The required check: the README's verify step on the downloaded verdict does not accept it.
        try runner.downloadVerdict()
        let verified = try await runner.run(try ReadmeCIBlockTests.step(startingWith: "git show "))
        #expect(verified.status == 1 || verified.status == 3, "\(forgery): \(verified)")
    }
}
