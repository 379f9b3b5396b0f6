import Verdict

/// Per-test results gathered from the structured reports `swift test` writes.
struct TestReport: Sendable, Equatable {
    var passed = 0
    var failed = 0
    var skipped = 0
    /// One entry per recorded failure: test name, location when the framework reports one, message.
    var failures: [Diagnostic] = []

    var executed: Int { passed + failed }
    var counts: TestCounts { TestCounts(passed: passed, failed: failed, skipped: skipped) }

    static func + (lhs: TestReport, rhs: TestReport) -> TestReport {
        TestReport(
            passed: lhs.passed + rhs.passed, failed: lhs.failed + rhs.failed, skipped: lhs.skipped + rhs.skipped,
            failures: lhs.failures + rhs.failures)
    }
}
