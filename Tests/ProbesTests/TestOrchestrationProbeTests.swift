import Foundation
import GateTestSupport
import Testing
@testable import Probes
@testable import TestOrchestration
@testable import Verdict
import Sandbox

/// The `test` probe on the shared fixture's `Orchestrated…` tests, which pass, fail, flake, hang and crash on request.
extension SwiftPackageProbeTests {
    private func orchestrated(
        hang: Bool = false, crash: Bool = false, flakyMarkers: Bool = false, settings: TestSettings
    ) throws -> ProbeContext {
        var context = context()
        if hang { context.environment["ORCH_HANG"] = "1" }
        if crash { context.environment["ORCH_CRASH"] = "1" }
        if flakyMarkers {
            let folder = Self.fixture.path("markers-\(UUID().uuidString)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            context.environment["ORCH_MARKER_DIR"] = folder
        }
        context.testSettings = settings
        return context
    }

    private func statuses(_ outcome: ProbeOutcome) -> [String: TestCaseStatus] {
        Dictionary(uniqueKeysWithValues: (outcome.evidence.testCases ?? []).map { ($0.id, $0.status) })
    }

    /// Under both isolations: a process per test (the default) and batches keep the same statuses for retries, hangs
    /// and crashes.
    @Test(arguments: TestIsolation.allCases) func everyMisbehavingTestGetsItsOwnStatusInBothFrameworks(isolation: TestIsolation) async throws {
        let context = try orchestrated(hang: true, crash: true, settings: TestSettings(caseTimeout: .seconds(3), retries: 1, isolation: isolation))
        let outcome = await TestProbe(arguments: ["--filter", "Orchestrated"]).run(in: context, logName: "30-test")
        #expect(outcome.status == .failed)
        #expect(statuses(outcome) == Self.misbehavingStatuses)
        let cases = try #require(outcome.evidence.testCases)
        // One retry: two attempts for the test that always fails.
        for test in cases where test.id.contains("lwaysWrong") { #expect(test.attempts.map(\.outcome) == [.failed, .failed]) }
        for test in cases where test.status == .timedOut {
            #expect(test.attempts.map(\.outcome) == [.timedOut])
            #expect(test.attempts[0].durationSeconds >= 3 && test.attempts[0].durationSeconds < 10)
        }
        for test in cases where test.status == .crashed {
            #expect(test.attempts.count == 1)
            #expect(test.excerpt.contains { $0.contains("crashing on purpose") })
            #expect(test.attempts[0].message?.hasSuffix("Fatal error: crashing on purpose") == true)
        }
        // A hang or a crash records no failure: the place reported is where the test is declared.
        let declared = [
            "CalcTests.Orchestrated/hangs()": 30, "CalcTests.Orchestrated/crashes()": 31,
            "CalcTests.OrchestratedXC/testHangs": 39, "CalcTests.OrchestratedXC/testCrashes": 40,
        ]
        for test in cases where test.status == .timedOut || test.status == .crashed {
            #expect(test.firstFailure?.file == "Tests/CalcTests/OrchestratedTests.swift", "\(test.id)")
            #expect(test.firstFailure?.line == declared[test.id], "\(test.id)")
            let diagnostic = outcome.evidence.diagnostics.first { $0.name == test.id }
            #expect(diagnostic?.file == "Tests/CalcTests/OrchestratedTests.swift" && diagnostic?.line == declared[test.id], "\(test.id)")
        }
        let record = try #require(outcome.evidence.testRun)
        #expect(record.expected == 12)
        #expect(record.counts == ["passed": 6, "failed": 2, "timedOut": 2, "crashed": 2])
        #expect(record.listSHA256.count == 64)
        #expect(record.isolation == isolation)
        #expect(outcome.summary.hasPrefix("6 passed, 2 failed, 2 timed out, 2 crashed"))
    }

    /// What every misbehaving `Orchestrated…` test ends as, with one retry and a short per-test limit.
    private static let misbehavingStatuses: [String: TestCaseStatus] = [
        "CalcTests.Orchestrated/steady()": .passed, "CalcTests.Orchestrated/alwaysWrong()": .failed,
        "CalcTests.Orchestrated/flakyOnce()": .passed, "CalcTests.Orchestrated/hangs()": .timedOut,
        "CalcTests.Orchestrated/crashes()": .crashed, "CalcTests.Orchestrated/zAfterCrash()": .passed,
        "CalcTests.OrchestratedXC/testSteady": .passed, "CalcTests.OrchestratedXC/testAlwaysWrong": .failed,
        "CalcTests.OrchestratedXC/testFlakyOnce": .passed, "CalcTests.OrchestratedXC/testHangs": .timedOut,
        "CalcTests.OrchestratedXC/testCrashes": .crashed, "CalcTests.OrchestratedXC/testZAfterCrash": .passed,
    ]

    /// Runs the test probe in the namespace sandbox, as a run's probes do, with a private folder outside the package (its
    /// `HOME`, `TMPDIR` and SwiftPM's cache), which the package's read-only evaluation may write.
    private func runSandboxed(_ probe: TestProbe, in context: ProbeContext, logName: String) async throws -> ProbeOutcome {
        let privateFolder = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-probes-\(UUID().uuidString)")
            .resolvingSymlinksInPath().path
        let home = "\(privateFolder)/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: privateFolder) }
        let detected = await ProcessSandbox.detect(files: FilePolicy(writable: [Self.fixture.root, privateFolder]), identity: nil)
        try #require(detected.sandbox.namespaces != nil, "no namespace sandbox on this machine: \(detected.unavailable ?? "")")
        var context = context
        context.privateFolder = privateFolder
        context.environment["HOME"] = home
        context.environment["TMPDIR"] = home
        return await ProcessSandbox.$current.withValue(detected.sandbox) { [context] in
            await probe.run(in: context, logName: logName)
        }
    }

    /// In the namespace sandbox every test process is forked from the bundle loaded once: a crash still lands on the test
    /// that crashed alone, a hang is still cut, and the record says how the processes started.
    @Test func forkedTestProcessesKeepEveryStatus() async throws {
        let context = try orchestrated(hang: true, crash: true, settings: TestSettings(caseTimeout: .seconds(3), retries: 1))
        let outcome = try await runSandboxed(TestProbe(arguments: ["--filter", "Orchestrated"]), in: context, logName: "32-test")
        #expect(outcome.evidence.testRun?.processStart == TestProcessStart(method: .forked), "\(outcome.summary)")
        #expect(statuses(outcome) == Self.misbehavingStatuses)
        for test in outcome.evidence.testCases ?? [] where test.status == .crashed {
            #expect(test.attempts[0].message?.hasSuffix("Fatal error: crashing on purpose") == true, "\(test.attempts)")
        }
    }

    /// `test-start=exec` executes the bundle for each test even where it could be forked, and the record says why.
    @Test func theChecklistCanAskForExecutedProcesses() async throws {
        var settings = TestSettings(caseTimeout: .seconds(30))
        settings.forking = false
        let outcome = try await runSandboxed(
            TestProbe(arguments: ["--filter", "Orchestrated.*(steady|Steady)"]), in: try orchestrated(settings: settings), logName: "33-test")
        #expect(outcome.status == .passed, "\(outcome.summary)")
        #expect(outcome.evidence.testRun?.processStart == TestProcessStart(method: .executed, reason: "the checklist says test-start=exec"))
    }

    @Test(arguments: TestIsolation.allCases) func flakyTestsPassOnlyWhenTheChecklistAllowsThem(isolation: TestIsolation) async throws {
        let filter = ["--filter", "Orchestrated.*(steady|Steady|flakyOnce|FlakyOnce)"]
        let allowed = await TestProbe(arguments: filter).run(
            in: try orchestrated(flakyMarkers: true, settings: TestSettings(retries: 1, allowFlaky: true, isolation: isolation)), logName: "31-test")
        #expect(allowed.status == .passed, "\(allowed.summary)")
        #expect(allowed.evidence.testRun?.counts == ["passed": 2, "flaky": 2])
        let failing = await TestProbe(arguments: filter).run(
            in: try orchestrated(flakyMarkers: true, settings: TestSettings(retries: 1, isolation: isolation)), logName: "31-test")
        #expect(failing.status == .failed)
        #expect(failing.summary.contains("flaky=fail"))
        for test in failing.evidence.testCases ?? [] where test.id.contains("lakyOnce") {
            #expect(test.attempts.map(\.outcome) == [.failed, .passed])
            #expect(test.firstFailure?.message?.contains("first run fails") == true)
        }
    }

    /// The quarantine comes from the policy (the probe never reads the change's own `gate/quarantine.md`).
    @Test(arguments: TestIsolation.allCases) func aQuarantinedFailureDoesNotFailTheItemUntilItExpires(isolation: TestIsolation) async throws {
        let filter = ["--filter", "Orchestrated.*(lwaysWrong|teady)"]
        func settings(quarantinedUntil date: String) -> TestSettings {
            var settings = TestSettings(isolation: isolation)
            settings.quarantine = (TestProbe.quarantineRelativePath, """
                # Quarantine

                | Test | Owner | Expires | Reason |
                |------|-------|---------|--------|
                | `CalcTests.Orchestrated/alwaysWrong()` | @sam | \(date) | fixture |
                | `CalcTests.OrchestratedXC/testAlwaysWrong` | @sam | \(date) | fixture |
                """)
            return settings
        }
        let quarantined = await TestProbe(arguments: filter).run(
            in: try orchestrated(settings: settings(quarantinedUntil: "2999-12-31")), logName: "32-test")
        #expect(quarantined.status == .passed, "\(quarantined.summary)")
        #expect(quarantined.evidence.testRun?.counts == ["passed": 2, "quarantined": 2])
        #expect(quarantined.evidence.testRun?.quarantine.map(\.observedStatus) == [.failed, .failed])

        let expired = await TestProbe(arguments: filter).run(
            in: try orchestrated(settings: settings(quarantinedUntil: "2000-01-01")), logName: "32-test")
        #expect(expired.status == .failed)
        #expect(expired.evidence.testRun?.quarantine.map(\.expired) == [true, true])
    }

    @Test func aMalformedQuarantineListIsAnErrorNamingItsLine() async throws {
        var settings = TestSettings()
        settings.quarantine = (TestProbe.quarantineRelativePath, "| Test | Owner | Expires | Reason |\n|-|-|-|-|\n| `X/y` | me | someday | r |\n")
        let outcome = await TestProbe(arguments: ["--filter", "Orchestrated.*steady"]).run(in: try orchestrated(settings: settings), logName: "33-test")
        #expect(outcome.status == .error)
        #expect(outcome.summary.hasPrefix("gate/quarantine.md:3:"))
    }
}
