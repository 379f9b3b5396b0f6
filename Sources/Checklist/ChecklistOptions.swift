/// Run options a checklist may set in a top-level `<!-- cfa-gate: key=value … -->` comment.
/// A nil value means the checklist leaves that option to the command line or the default.
public struct ChecklistOptions: Sendable, Equatable {
    public var packagePath: String?
    public var buildTimeout: Duration?
    public var testTimeout: Duration?
    public var commandTimeout: Duration?
    public var allowSkipped: Bool?

    public init(
        packagePath: String? = nil,
        buildTimeout: Duration? = nil,
        testTimeout: Duration? = nil,
        commandTimeout: Duration? = nil,
        allowSkipped: Bool? = nil
    ) {
        self.packagePath = packagePath
        self.buildTimeout = buildTimeout
        self.testTimeout = testTimeout
        self.commandTimeout = commandTimeout
        self.allowSkipped = allowSkipped
    }
}
