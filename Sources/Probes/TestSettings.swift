import Checklist
import Foundation
import TestOrchestration

/// The `test` probe's checklist options: `test-case-timeout`, `test-retries`, `flaky`.
public struct TestSettings: Sendable, Equatable {
    var caseTimeout: Duration
    var retries: Int
    var allowFlaky: Bool
    /// Test processes at once; the machine's cores.
    var workers: Int
    /// The quarantine list's text and its repository-relative path, from the policy (never the change's own
    /// working tree); nil when the policy has none.
    public var quarantine: (path: String, text: String)?
    /// Set for `run --shard I/N`: only this shard's share of the expected list runs.
    public var shard: ShardAssignment?

    init(
        caseTimeout: Duration = OrchestrationPolicy.defaultCaseTimeout, retries: Int = 0, allowFlaky: Bool = false,
        workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.caseTimeout = caseTimeout
        self.retries = retries
        self.allowFlaky = allowFlaky
        self.workers = max(1, workers)
    }
}

extension TestSettings {
    public static func == (lhs: TestSettings, rhs: TestSettings) -> Bool {
        (lhs.caseTimeout, lhs.retries, lhs.allowFlaky, lhs.workers) == (rhs.caseTimeout, rhs.retries, rhs.allowFlaky, rhs.workers)
            && lhs.quarantine?.path == rhs.quarantine?.path && lhs.quarantine?.text == rhs.quarantine?.text && lhs.shard == rhs.shard
    }

    /// The checklist's `test-case-timeout`, `test-retries` and `flaky` options over the defaults.
    public init(_ options: ChecklistOptions) {
        let defaults = TestSettings()
        self.init(
            caseTimeout: options.testCaseTimeout ?? defaults.caseTimeout, retries: options.testRetries ?? defaults.retries,
            allowFlaky: options.allowFlaky ?? defaults.allowFlaky)
    }
}
