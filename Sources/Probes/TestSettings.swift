import Checklist
import Foundation
import TestOrchestration
import Verdict

/// The `test` probe's checklist options: `test-case-timeout`, `test-retries`, `flaky`, `test-isolation`, `test-workers`, `test-start`.
public struct TestSettings: Sendable, Equatable {
    var caseTimeout: Duration
    var retries: Int
    var allowFlaky: Bool
    /// Test processes at once; the machine's cores, or fewer (`test-workers`).
    var workers: Int
    /// A process per test (the default) or tests sharing processes.
    var isolation: TestIsolation
    /// Whether test processes may be forked from the bundle loaded once (`test-start`, on unless `exec`).
    var forking = true
    /// The quarantine list's text and its repository-relative path, from the policy (never the change's own
    /// working tree); nil when the policy has none.
    public var quarantine: (path: String, text: String)?
    /// Set for `run --shard I/N`: only this shard's share of the expected list runs.
    public var shard: ShardAssignment?
    /// Seconds per test from an earlier verdict (`--timings`): the longest tests start first.
    public var durations: [String: Double] = [:]

    init(
        caseTimeout: Duration = OrchestrationPolicy.defaultCaseTimeout, retries: Int = 0, allowFlaky: Bool = false,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount, isolation: TestIsolation = .process
    ) {
        self.caseTimeout = caseTimeout
        self.retries = retries
        self.allowFlaky = allowFlaky
        self.workers = max(1, workers)
        self.isolation = isolation
    }
}

extension TestSettings {
    public static func == (lhs: TestSettings, rhs: TestSettings) -> Bool {
        (lhs.caseTimeout, lhs.retries, lhs.allowFlaky, lhs.workers, lhs.isolation, lhs.forking)
            == (rhs.caseTimeout, rhs.retries, rhs.allowFlaky, rhs.workers, rhs.isolation, rhs.forking)
            && lhs.quarantine?.path == rhs.quarantine?.path && lhs.quarantine?.text == rhs.quarantine?.text && lhs.shard == rhs.shard
            && lhs.durations == rhs.durations
    }

    /// The checklist's test options over the defaults. `test-workers` only lowers the count: more processes than
    /// cores would make every test slower, and a timeout more likely.
    public init(_ options: ChecklistOptions) {
        let defaults = TestSettings()
        let isolation: TestIsolation
        switch options.testIsolation {
        case .batch?: isolation = .batch
        case .process?, nil: isolation = .process
        }
        self.init(
            caseTimeout: options.testCaseTimeout ?? defaults.caseTimeout, retries: options.testRetries ?? defaults.retries,
            allowFlaky: options.allowFlaky ?? defaults.allowFlaky, workers: min(defaults.workers, options.testWorkers ?? defaults.workers),
            isolation: isolation)
        forking = options.testStart != .exec
    }
}
