import Verdict

/// How the orchestrator treats slow, failing and flaky tests.
public struct OrchestrationPolicy: Sendable, Equatable {
    /// A test running longer than this is killed and `timedOut` (checklist option `test-case-timeout`).
    var caseTimeout: Duration
    /// How many times a failed test is re-run alone (checklist option `test-retries`).
    var retries: Int
    /// Whether a `flaky` test lets the item pass (checklist option `flaky=allow`).
    public var allowFlaky: Bool
    var quarantine: Quarantine
    /// How many processes run at once.
    var workers: Int
    /// `process`: every test in a fresh process of its own; `batch`: the runner groups tests into processes
    /// (checklist option `test-isolation`).
    var isolation: TestIsolation
    /// Seconds each test took in an earlier verdict (`--timings`): under process isolation the longest start
    /// first, so that no core idles at the end waiting for one slow test.
    var durations: [String: Double]

    public static let defaultCaseTimeout = Duration.seconds(5 * 60)

    public init(
        caseTimeout: Duration = defaultCaseTimeout, retries: Int = 0, allowFlaky: Bool = false, quarantine: Quarantine = Quarantine(),
        workers: Int = 2, isolation: TestIsolation = .process, durations: [String: Double] = [:]
    ) {
        self.caseTimeout = caseTimeout
        self.retries = retries
        self.allowFlaky = allowFlaky
        self.quarantine = quarantine
        self.workers = max(1, workers)
        self.isolation = isolation
        self.durations = durations
    }
}
