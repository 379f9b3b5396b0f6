/// A full log kept beside the verdict; the digest binds its content to the signature.
public struct LogReference: Codable, Sendable, Equatable {
    public var name: String
    /// Path of the log file, as recorded by the runner.
    public var path: String
    /// Lowercase hex SHA-256 of the log's bytes.
    public var sha256: String
    public var bytes: Int

    public init(name: String, path: String, sha256: String, bytes: Int) {
        self.name = name
        self.path = path
        self.sha256 = sha256
        self.bytes = bytes
    }
}

/// Test totals reported by a test probe.
public struct TestCounts: Codable, Sendable, Equatable {
    public var passed: Int
    public var failed: Int
    public var skipped: Int

    public init(passed: Int, failed: Int, skipped: Int) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
    }
}

/// What a probe saw, kept small enough to sign: an excerpt, structured findings and references to full logs.
public struct Evidence: Codable, Sendable, Equatable {
    /// A few relevant output lines, not the whole log.
    public var excerpt: [String]
    public var diagnostics: [Diagnostic]
    public var tests: TestCounts?
    public var logs: [LogReference]

    public static let empty = Evidence()

    public init(
        excerpt: [String] = [],
        diagnostics: [Diagnostic] = [],
        tests: TestCounts? = nil,
        logs: [LogReference] = []
    ) {
        self.excerpt = excerpt
        self.diagnostics = diagnostics
        self.tests = tests
        self.logs = logs
    }
}
