import Foundation
import Testing
@testable import TestOrchestration
@testable import Verdict

@Suite struct TestOrchestratorTests {
    private func run(
        _ runner: ScriptedRunner, policy: OrchestrationPolicy = OrchestrationPolicy(caseTimeout: .seconds(5), isolation: .batch), today: String = "2026-06-01"
    ) async -> OrchestrationOutcome {
        await TestOrchestrator(runner: runner, policy: policy, today: today).run(runner.tests)
    }

    private func status(_ outcome: OrchestrationOutcome, _ id: String) -> TestCaseStatus? {
        outcome.cases.first { $0.id == id }?.status
    }

    @Test func everyListedTestEndsWithExactlyOneStatus() async {
        let outcome = await run(ScriptedRunner(["A.s/ok": [.pass], "A.s/bad": [.fail], "A.s/off": [.skip]]))
        #expect(outcome.cases.map(\.id) == ["A.s/ok", "A.s/bad", "A.s/off"])
        #expect(outcome.cases.map(\.status) == [.passed, .failed, .skipped])
        #expect(outcome.record.counts == ["passed": 1, "failed": 1, "skipped": 1])
        #expect(outcome.record.listSHA256 == Digest.sha256Hex(Data("A.s/ok\nA.s/bad\nA.s/off\n".utf8)))
        #expect(outcome.failsItem(allowFlaky: false))
    }

    @Test func aTestThatNeverReportsIsNotRunAndFailsTheItem() async {
        let outcome = await run(ScriptedRunner(["A.s/ok": [.pass], "A.s/silent": [.vanish]]))
        #expect(status(outcome, "A.s/silent") == .notRun)
        #expect(outcome.cases[1].attempts.isEmpty)
        #expect(outcome.cases[1].excerpt.first?.contains("without reporting") == true)
        #expect(outcome.failsItem(allowFlaky: false))
    }

    @Test func aHangIsCutAndOnlyTheHungTestIsTimedOut() async {
        let runner = ScriptedRunner(["A.s/first": [.pass], "A.s/hang": [.hang], "A.s/later": [.pass]])
        let outcome = await run(runner)
        #expect(outcome.cases.map(\.status) == [.passed, .timedOut, .passed])
        #expect(outcome.cases[1].attempts.map(\.outcome) == [.timedOut])
        #expect(outcome.cases[1].attempts.first?.message?.contains("5s") == true)
        // The test after the hang ran in a new process, and the hang was not run again.
        #expect(await runner.ledger.batches == [["A.s/first", "A.s/hang", "A.s/later"], ["A.s/later"]])
    }

    @Test func aCrashIsPinnedOnTheTestThatCrashesAloneAndOthersKeepTheirOwnOutcome() async {
        // `crash` takes the next test down with it, as a parallel run would; the test after those never started.
        let runner = ScriptedRunner(["A.s/crash": [.crash], "A.s/bystander": [.pass], "A.s/notStarted": [.pass]])
        let outcome = await run(runner)
        #expect(outcome.cases.map(\.status) == [.crashed, .passed, .passed])
        // The bystander's cut-short run is not one of its attempts.
        #expect(outcome.cases[1].attempts.count == 1)
        #expect(outcome.cases[0].attempts.first?.message == "the test process was killed by signal 6 (SIGABRT): T.swift:3: Fatal error: boom")
        #expect(outcome.cases[0].excerpt == ["Fatal error: boom"])
        let batches = await runner.ledger.batches
        #expect(batches.first == ["A.s/crash", "A.s/bystander", "A.s/notStarted"])
        #expect(Set(batches.dropFirst()) == [["A.s/crash"], ["A.s/bystander"], ["A.s/notStarted"]])
        #expect(outcome.record.problems.isEmpty)
    }

    @Test func aCrashNoTestReproducesAloneStillFailsTheItem() async {
        let outcome = await run(ScriptedRunner(["A.s/once": [.crash, .pass], "A.s/other": [.pass]]))
        #expect(outcome.cases.map(\.status) == [.passed, .passed])
        #expect(outcome.record.problems.count == 1)
        #expect(outcome.failsItem(allowFlaky: false))
    }

    @Test func retriesCountAttemptsAndFailThenPassIsFlaky() async {
        let runner = ScriptedRunner(["A.s/flaky": [.fail, .pass], "A.s/broken": [.fail], "A.s/ok": [.pass]])
        let outcome = await run(runner, policy: OrchestrationPolicy(retries: 2, isolation: .batch))
        #expect(outcome.cases.map(\.status) == [.flaky, .failed, .passed])
        #expect(outcome.cases[0].attempts.map(\.outcome) == [.failed, .passed])
        #expect(outcome.cases[1].attempts.count == 3)
        // The failing attempt's evidence stays although the retry passed.
        #expect(outcome.cases[0].excerpt == ["attempt 1 of A.s/flaky failed"])
        #expect(outcome.cases[0].firstFailure?.line == 3)
    }

    @Test func flakyFailsTheItemUnlessAllowed() async {
        let outcome = await run(ScriptedRunner(["A.s/flaky": [.fail, .pass]]), policy: OrchestrationPolicy(retries: 1, isolation: .batch))
        #expect(outcome.failsItem(allowFlaky: false))
        #expect(!outcome.failsItem(allowFlaky: true))
    }

    @Test func withoutRetriesAFailureIsNotRunAgain() async {
        let runner = ScriptedRunner(["A.s/flaky": [.fail, .pass]])
        let outcome = await run(runner)
        #expect(outcome.cases.map(\.status) == [.failed])
        #expect(await runner.ledger.batches.count == 1)
    }

    @Test func crashesAndTimeoutsAreNotRetried() async {
        let runner = ScriptedRunner(["A.s/crash": [.crash, .crash, .pass], "A.s/hang": [.hang, .pass]])
        let outcome = await run(runner, policy: OrchestrationPolicy(caseTimeout: .seconds(1), retries: 3, isolation: .batch))
        #expect(status(outcome, "A.s/hang") == .timedOut)
        #expect(status(outcome, "A.s/crash") == .crashed)
        #expect(outcome.cases.map(\.attempts.count) == [1, 1])
    }

    @Test func aQuarantinedFailureDoesNotFailTheItemUntilItsExpiry() async throws {
        let quarantine = try Quarantine.parse(
            """
            | Test | Owner | Expires | Reason |
            |---|---|---|---|
            | `A.s/bad` | @sam | 2026-06-30 | flakes on CI, #12 |
            | `A.s/gone` | @kim | 2026-01-01 | removed test |
            """, path: "gate/quarantine.md")
        let runner = ScriptedRunner(["A.s/bad": [.fail], "A.s/ok": [.pass]])
        let before = await run(runner, policy: OrchestrationPolicy(quarantine: quarantine, isolation: .batch), today: "2026-06-30")
        #expect(before.cases.map(\.status) == [.quarantined, .passed])
        #expect(!before.failsItem(allowFlaky: false))
        #expect(before.record.quarantine.map(\.test) == ["A.s/bad", "A.s/gone"])
        #expect(before.record.quarantine.map(\.expired) == [false, true])
        #expect(before.record.quarantine.first?.observedStatus == .failed)

        let after = await run(
            ScriptedRunner(["A.s/bad": [.fail], "A.s/ok": [.pass]]), policy: OrchestrationPolicy(quarantine: quarantine, isolation: .batch), today: "2026-07-01")
        #expect(after.cases.map(\.status) == [.failed, .passed])
        #expect(after.failsItem(allowFlaky: false))
    }

    @Test func theChangedTargetsTestsRunFirst() async {
        let runner = ScriptedRunner(["A.s/one": [.pass], "B.s/two": [.pass], "A.s/three": [.pass]])
        let outcome = await TestOrchestrator(runner: runner, policy: OrchestrationPolicy(isolation: .batch)).run(
            runner.tests, first: ["B"], firstReason: "Sources/B changed")
        #expect(await runner.ledger.batches == [["B.s/two"], ["A.s/one", "A.s/three"]])
        #expect(outcome.record.ranFirst == ["B.s/two"])
        #expect(outcome.record.ranFirstReason == "Sources/B changed")
    }

    @Test func theRestStartWithoutWaitingForTheChangedTargetsTestsToEnd() async {
        // B's test ends only once A's has started: behind a barrier between the two groups it would wait in vain.
        let runner = ScriptedRunner(["A.s/one": [.pass], "B.s/two": [.passAfterStart(of: "A.s/one")]])
        let outcome = await TestOrchestrator(runner: runner, policy: OrchestrationPolicy(workers: 2, isolation: .process)).run(
            runner.tests, first: ["B"], firstReason: "Sources/B changed")
        #expect(outcome.cases.map(\.status) == [.passed, .passed])
        #expect(await runner.ledger.batches == [["B.s/two"], ["A.s/one"]])
        #expect(outcome.record.ranFirst == ["B.s/two"])
    }

    @Test func underProcessIsolationEveryTestRunsAloneAndKeepsItsStatus() async {
        let script: KeyValuePairs<String, [ScriptedRunner.Behavior]> = [
            "A.s/ok": [.pass], "A.s/crash": [.crash], "A.s/after": [.pass], "A.s/hang": [.hang], "A.s/bad": [.fail, .pass],
        ]
        let runner = ScriptedRunner(script)
        let outcome = await run(runner, policy: OrchestrationPolicy(caseTimeout: .seconds(5), retries: 1, isolation: .process))
        #expect(outcome.cases.map(\.status) == [.passed, .crashed, .passed, .timedOut, .flaky])
        #expect(outcome.record.isolation == .process)
        #expect(outcome.record.problems.isEmpty)
        // One process per test, and a crash costs exactly one: nothing is run again but the failed test's retry.
        let batches = await runner.ledger.batches
        #expect(batches.allSatisfy { $0.count == 1 })
        #expect(batches.map { $0[0] }.sorted() == ["A.s/after", "A.s/bad", "A.s/bad", "A.s/crash", "A.s/hang", "A.s/ok"])
        #expect(outcome.cases[1].attempts.first?.message == "the test process was killed by signal 6 (SIGABRT): T.swift:3: Fatal error: boom")
        // The same script in batches ends with the same statuses.
        let batched = await run(ScriptedRunner(script), policy: OrchestrationPolicy(caseTimeout: .seconds(5), retries: 1, isolation: .batch))
        #expect(batched.cases.map(\.status) == outcome.cases.map(\.status))
        #expect(batched.record.isolation == .batch)
    }

    @Test func theLongestKnownTestsStartFirstAndNewTestsBeforeThem() async {
        let runner = ScriptedRunner(["A.s/short": [.pass], "A.s/new": [.pass], "A.s/long": [.pass], "A.s/middle": [.pass]])
        let durations = ["A.s/short": 0.1, "A.s/long": 9, "A.s/middle": 2]
        let orchestrator = TestOrchestrator(runner: runner, policy: OrchestrationPolicy(isolation: .process, durations: durations))
        #expect(orchestrator.processes(runner.tests).map { $0.map(\.id) } == [["A.s/new"], ["A.s/long"], ["A.s/middle"], ["A.s/short"]])
        // Without durations, the listed order.
        let listed = TestOrchestrator(runner: runner, policy: OrchestrationPolicy(isolation: .process))
        #expect(listed.processes(runner.tests).map { $0.map(\.id) } == [["A.s/short"], ["A.s/new"], ["A.s/long"], ["A.s/middle"]])
        // Under batch the runner groups them.
        let batched = TestOrchestrator(runner: runner, policy: OrchestrationPolicy(isolation: .batch, durations: durations))
        #expect(batched.processes(runner.tests).map { $0.map(\.id) } == [["A.s/short", "A.s/new", "A.s/long", "A.s/middle"]])
    }

    @Test func nothingRunAtAllFails() async {
        let outcome = await run(ScriptedRunner(["A.s/off": [.skip]]))
        #expect(outcome.failsItem(allowFlaky: false))
    }
}

@Suite struct QuarantineParsingTests {
    @Test func aRowWithoutAValidDateNamesItsLine() {
        #expect(throws: Quarantine.ParseError.malformedRow(path: "q.md", line: 3, reason: "`soon` is not an expiry date YYYY-MM-DD")) {
            try Quarantine.parse("| Test | Owner | Expires | Reason |\n|-|-|-|-|\n| `A/b` | me | soon | why |\n", path: "q.md")
        }
    }

    @Test func aRepeatedTestIsRejected() {
        #expect(throws: Quarantine.ParseError.self) {
            try Quarantine.parse("| T | O | E | R |\n|-|-|-|-|\n| a | o | 2026-01-01 | r |\n| a | o | 2026-01-01 | r |\n", path: "q.md")
        }
    }

    @Test func proseAroundTheTableIsIgnored() throws {
        let quarantine = try Quarantine.parse("# Quarantine\n\nTests we know about.\n\n| T | O | E | R |\n|-|-|-|-|\n| a | o | 2026-01-01 | r |\n", path: "q.md")
        #expect(quarantine.entries.map(\.line) == [7])
    }
}
