/// Run options a checklist may set in a top-level `<!-- cfa-gate: key=value … -->` comment.
/// A nil value means the checklist leaves that option to the command line or the default.
public struct ChecklistOptions: Sendable, Equatable {
    public var packagePath: String?
    public var buildTimeout: Duration?
    public var testTimeout: Duration?
    public var commandTimeout: Duration?
    public var allowSkipped: Bool?
    /// `test-case-timeout`: the longest one test may run before it is killed and `timedOut`.
    public var testCaseTimeout: Duration?
    /// `test-retries`: how many times a failed test is re-run alone.
    public var testRetries: Int?
    /// `flaky=allow|fail`: whether a test that failed and then passed lets the item pass.
    public var allowFlaky: Bool?
    /// `test-isolation=process|batch`: a process per test (the default), or tests sharing processes.
    public var testIsolation: TestIsolationOption?
    /// `test-workers`: at most this many test processes at once (never more than the machine has cores).
    public var testWorkers: Int?

    init(
        packagePath: String? = nil,
        buildTimeout: Duration? = nil,
        testTimeout: Duration? = nil,
        commandTimeout: Duration? = nil,
        allowSkipped: Bool? = nil,
        testCaseTimeout: Duration? = nil,
        testRetries: Int? = nil,
        allowFlaky: Bool? = nil,
        testIsolation: TestIsolationOption? = nil,
        testWorkers: Int? = nil
    ) {
        self.testCaseTimeout = testCaseTimeout
        self.testRetries = testRetries
        self.allowFlaky = allowFlaky
        self.testIsolation = testIsolation
        self.testWorkers = testWorkers
        self.packagePath = packagePath
        self.buildTimeout = buildTimeout
        self.testTimeout = testTimeout
        self.commandTimeout = commandTimeout
        self.allowSkipped = allowSkipped
    }
}

/// The checklist's `test-isolation` value.
public enum TestIsolationOption: String, Sendable, CaseIterable {
    case process, batch
}
