#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// Issue 34's forgeries of what runs as the test bundle, and what it loads, mounted by a change on a real repository
/// against the built gate in every set-up (`AttackHost.Setup`: root and the CI user, with namespaces and where a seccomp
/// filter refuses them, Landlock then holding the files): a decoy named by the manifest's text, a library planted beside the bundle, a bundle swapped by a command
/// item. Each honest failure must fail the verdict (or make it `error`), never let it pass. Serialized: each builds a
/// package.
@Suite(.serialized) struct BuildProvenanceAttackTests {
    private static let setups = AttackHost.Setup.allCases
    private static let available = AttackHost.Setup.allCases.allSatisfy(\.available)
    private static let reason: Comment = "needs root, ciuser, setpriv and the NoNamespaces helper for every set-up"

    /// A repository holding a package written by `write` and the checklist `items` (Markdown list entries), with a change.
    private func repository(items: String, _ write: (GitFixture) throws -> Void) throws -> GitFixture {
        let fixture = try GitFixture()
        try write(fixture)
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": "# Gate\n\n\(items)"])
        try fixture.git("checkout", "-q", "-b", "change")
        try fixture.write("notes.txt", "a change\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-qm", "the change")
        return fixture
    }

    /// Runs the gate on a thread of its own (a package build takes a minute here); for the CI user, on a checkout it owns
    /// and with a `HOME` of its own.
    private func gate(_ setup: AttackHost.Setup, on fixture: GitFixture) async throws -> ProcessResult {
        try #require(setup.available, "\(setup) cannot be set up here")
        var environment = SwiftPackageFixture.environment(for: fixture)
        var home: String?
        if setup.asCIUser, let user = AttackHost.ciUser {
            try AttackHost.chown(fixture.root, to: user.uid, user.gid)
            home = try AttackHost.folder("home", owner: (user.uid, user.gid), mode: 0o700)
            environment["HOME"] = home
        }
        defer { home.map { try? FileManager.default.removeItem(atPath: $0) } }
        let arguments = ["run", "--no-progress", "--out", fixture.path("v.json")]
        return try await withCheckedThrowingContinuation { [environment] continuation in
            Thread { continuation.resume(with: Result { try AttackHost.gate(setup, arguments, in: fixture, environment: environment) }) }.start()
        }
    }

    /// The statuses of the test item's cases, by id.
    private func statuses(_ predicate: [String: Any], item: Int = 1) -> [String: String] {
        let entry = AttackHost.items(predicate).first { $0["number"] as? Int == item }
        let cases = (entry?["evidence"] as? [String: Any])?["testCases"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: cases.compactMap { test in (test["id"] as? String).map { ($0, test["status"] as? String ?? "") } })
    }

    @Test(.enabled(if: available, reason), arguments: setups)
    func aDecoyNamedByTheManifestsTextNeverRunsAndTheManifestCannotWriteIt(setup: AttackHost.Setup) async throws {
        let fixture = try repository(items: "1. **Tests pass.** <!-- probe: test -->\n") { try AttackPackages.writeDecoyBundle(into: $0) }
        let result = try await gate(setup, on: fixture)
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let logs = AttackHost.logs(beside: fixture.path("v.json"))
        // The manifest ran (its line is in the evaluation's log) but could not write the package.
        #expect(logs.contains("DECOY written: false"), "\(setup): \(logs)")
        #expect(!logs.contains("DECOY written: true"), "\(setup): the manifest ran where it could write the package")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("\(AttackPackages.tripleDebugFolder)/CalcWindowsPackageTests.xctest")))
        // The bundle SwiftPM named ran: the honest failure failed the verdict.
        #expect(result.status == 1, "\(setup): \(result.standardOutput)\(result.standardError)")
        #expect(predicate["result"] as? String == "failed")
        #expect(statuses(predicate) == [AttackPackages.honestFailure(target: "CalcTests"): "failed", "CalcTests.PassingTests/testPasses": "passed"])
    }

    @Test(.enabled(if: available, reason), arguments: setups)
    func aLibraryPlantedBesideTheBundleIsNeverLoaded(setup: AttackHost.Setup) async throws {
        let fixture = try repository(items: "1. **Tests pass.** <!-- probe: test -->\n") { try AttackPackages.writePlantedLibrary(into: $0) }
        let result = try await gate(setup, on: fixture)
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let logs = AttackHost.logs(beside: fixture.path("v.json"))
        #expect(logs.contains("PLANT manifest: refused"), "\(setup): \(logs)")
        // The plugin did plant it, during the build: the attack was mounted.
        let planted = fixture.path("\(AttackPackages.tripleDebugFolder)/\(AttackPackages.plantedLibrary)")
        #expect(FileManager.default.fileExists(atPath: planted), "\(setup): nothing was planted; the test proves nothing")
        // A bundle that loaded the planted file would not have started (`error`); it ran, and its honest failure failed.
        #expect(result.status == 1, "\(setup): \(result.standardOutput)\(result.standardError)")
        #expect(predicate["result"] as? String == "failed")
        #expect(statuses(predicate) == [AttackPackages.honestFailure(target: "Planted2Tests"): "failed", "Planted2Tests.PassingTests/testPasses": "passed"])
        // The plugin that ran with `.build` writable is named in the item's evidence.
        let excerpt = (AttackHost.items(predicate).first?["evidence"] as? [String: Any])?["excerpt"] as? [String] ?? []
        #expect(excerpt.contains { $0.contains("plugins Plant where .build is writable") }, "\(setup): \(excerpt)")
    }

    @Test(.enabled(if: available, reason), arguments: setups)
    func aCommandItemCannotSwapTheBundleWhileTheTestsRun(setup: AttackHost.Setup) async throws {
        let items = "1. **Tests pass.** <!-- probe: test -->\n2. **Lint.** <!-- probe: command: sh scripts/lint.sh -->\n"
        let fixture = try repository(items: items) { try AttackPackages.writeWatchedBundle(into: $0) }
        let result = try await gate(setup, on: fixture)
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let logs = AttackHost.logs(beside: fixture.path("v.json"))
        // The command started only once the build and the tests were over, and its swap changed nothing they saw.
        #expect(logs.contains("LINT bundle built before the command: yes"), "\(setup): \(logs)")
        #expect(logs.contains("LINT swapped") && logs.contains("LINT restored"), "\(setup): \(logs)")
        #expect(result.status == 1, "\(setup): \(result.standardOutput)\(result.standardError)")
        #expect(predicate["result"] as? String == "failed")
        #expect(statuses(predicate) == [AttackPackages.honestFailure(target: "WatchedTests"): "failed", "WatchedTests.PassingTests/testPasses": "passed"])
    }
}
