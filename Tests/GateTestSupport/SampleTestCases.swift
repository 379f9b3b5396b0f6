import Verdict

/// A verdict whose test item carries per-test results with every status, for the golden files of the
/// orchestrated `test` probe.
extension SampleVerdicts {
    public static let testCases: [TestCaseResult] = [
        TestCaseResult(id: "HabitTests.StreakTests/testCountsDays", status: .passed, attempts: [TestAttempt(durationSeconds: 0.012, outcome: .passed)]),
        TestCaseResult(
            id: "HabitTests.StreakTests/testResetsAtMidnight", status: .failed,
            attempts: [
                TestAttempt(durationSeconds: 0.02, outcome: .failed, message: "XCTAssertEqual failed: (\"1\") is not equal to (\"0\")", file: "Tests/HabitTests/StreakTests.swift", line: 31),
                TestAttempt(durationSeconds: 0.019, outcome: .failed, message: "XCTAssertEqual failed: (\"1\") is not equal to (\"0\")", file: "Tests/HabitTests/StreakTests.swift", line: 31),
            ],
            excerpt: ["Tests/HabitTests/StreakTests.swift:31: error: StreakTests.testResetsAtMidnight : XCTAssertEqual failed"]),
        TestCaseResult(
            id: "HabitTests.SyncSuite/retriesOnce()", status: .flaky,
            attempts: [
                TestAttempt(durationSeconds: 0.4, outcome: .failed, message: "Expectation failed: synced", file: "Tests/HabitTests/SyncSuite.swift", line: 12),
                TestAttempt(durationSeconds: 0.3, outcome: .passed),
            ],
            excerpt: ["Expectation failed: synced"]),
        TestCaseResult(
            id: "HabitTests.SyncSuite/waitsForever()", status: .timedOut,
            attempts: [TestAttempt(durationSeconds: 300.01, outcome: .timedOut, message: "ran longer than the per-test limit of 5m and was killed")]),
        TestCaseResult(
            id: "HabitTests.StoreTests/testLoadsCorruptFile", status: .crashed,
            attempts: [TestAttempt(durationSeconds: 0.2, outcome: .crashed, message: "the test process was killed by signal 4 (SIGILL)")],
            excerpt: ["HabitTests/StoreTests.swift:44: Fatal error: Unexpectedly found nil <&>"]),
        TestCaseResult(id: "HabitTests.StoreTests/testLater", status: .skipped, attempts: [TestAttempt(durationSeconds: 0, outcome: .skipped, message: "Test skipped - later")]),
        TestCaseResult(id: "HabitTests.StoreTests/testNeverReported", status: .notRun, attempts: [], excerpt: ["the test process exited with code 0 without reporting this test"]),
        TestCaseResult(
            id: "HabitTests.ChartTests/testRendersLegend", status: .quarantined,
            attempts: [TestAttempt(durationSeconds: 0.05, outcome: .failed, message: "snapshot differs", file: "Tests/HabitTests/ChartTests.swift", line: 8)]),
    ]

    public static let orchestratedTests = ItemResult(
        number: 25, title: "The tests pass at the final commit", section: "Build, tests and tree", probe: "test", status: .failed,
        summary: "1 passed, 1 failed, 1 flaky, 1 timed out, 1 crashed, 1 skipped, 1 not run, 1 quarantined; first: HabitTests.StreakTests/testResetsAtMidnight failed at Tests/HabitTests/StreakTests.swift:31",
        durationSeconds: 310.5,
        evidence: Evidence(
            tests: TestCounts(passed: 1, failed: 5, skipped: 1),
            logs: [LogReference(name: "25-test.tests", path: "\(commit).logs/25-test.tests.log", sha256: String(repeating: "2", count: 64), bytes: 4096)],
            testCases: testCases,
            testRun: TestRunRecord(
                listSHA256: String(repeating: "3", count: 64), expected: 8,
                counts: ["passed": 1, "failed": 1, "flaky": 1, "timedOut": 1, "crashed": 1, "skipped": 1, "notRun": 1, "quarantined": 1],
                quarantine: [
                    QuarantineRecord(
                        test: "HabitTests.ChartTests/testRendersLegend", owner: "@sam", reason: "font differs on CI", expires: "2027-01-31",
                        expired: false, observedStatus: .failed)
                ])))

    public static let orchestrated = statement(result: .failed, items: [build, orchestratedTests, clean], awaiting: [])
}
