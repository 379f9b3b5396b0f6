import Testing
@testable import Probes
@testable import TestOrchestration
import Verdict

/// Tests the model build could not compile are listed, counted apart, and never make a run pass.
struct UnavailableTestsTests {
    private let unavailable = TestCaseResult(
        id: "AppTests.ThemeTests/testTint", status: .unavailable, attempts: [], excerpt: ["AppTests/ThemeTests.swift imports SwiftUI"])

    private func outcome(_ cases: [TestCaseResult]) -> OrchestrationOutcome {
        OrchestrationOutcome(cases: cases, record: TestRunRecord(listSHA256: "", expected: cases.count, counts: [:]), abort: nil)
    }

    @Test func anUnavailableTestIsListedAndCountedButNeverPassed() {
        let passed = TestCaseResult(id: "AppTests.FeatureTests/adds()", status: .passed, attempts: [TestAttempt(durationSeconds: 0, outcome: .passed)])
        let judged = TestProbe.judge(outcome([passed]), allowFlaky: false, evidence: .empty, unavailable: [unavailable])
        #expect(judged.status == .passed)
        #expect(judged.summary == "1 passed, 1 unavailable")
        #expect(judged.evidence.testCases == [passed, unavailable])
        #expect(judged.evidence.tests == TestCounts(passed: 1, failed: 0, skipped: 0))
        #expect(judged.evidence.testRun?.counts["unavailable"] == 1)
    }

    @Test func onlyUnavailableTestsIsARunThatExecutedNothing() {
        let judged = TestProbe.judge(outcome([]), allowFlaky: false, evidence: .empty, unavailable: [unavailable])
        #expect(judged.status == .failed)
        #expect(judged.summary.hasPrefix("executed zero tests"))
    }
}
