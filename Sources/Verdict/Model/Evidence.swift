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
    /// The architecture changes between the base and the final commit (the `inventory` probe).
    public var inventory: InventoryChanges?
    /// One entry per expected test (the `test` probe), in the order of the expected list.
    public var testCases: [TestCaseResult]?
    /// The expected list's digest, counts per status, what ran first and the quarantine (the `test` probe).
    public var testRun: TestRunRecord?
    /// Set when `build`/`test` compiled a model package of the app's sources instead of the repository's own package.
    public var modelBuild: ModelBuildRecord?

    public static let empty = Evidence()

    public init(
        excerpt: [String] = [],
        diagnostics: [Diagnostic] = [],
        tests: TestCounts? = nil,
        logs: [LogReference] = [],
        inventory: InventoryChanges? = nil,
        testCases: [TestCaseResult]? = nil,
        testRun: TestRunRecord? = nil,
        modelBuild: ModelBuildRecord? = nil
    ) {
        self.modelBuild = modelBuild
        self.testCases = testCases
        self.testRun = testRun
        self.excerpt = excerpt
        self.diagnostics = diagnostics
        self.tests = tests
        self.logs = logs
        self.inventory = inventory
    }
}

/// What a model build compiled and what it left out, every file by its repository path; each left-out file with why.
public struct ModelBuildRecord: Codable, Sendable, Equatable {
    public struct Exclusion: Codable, Sendable, Equatable {
        public var path: String
        /// "imports SwiftUI", "names `ThemeColor`, declared only in `Theme/Palette.swift`, left out".
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    public var compiled: [String]
    public var excluded: [Exclusion]
    /// One line per left-out file that takes others along, most files first: the file, why, how many go with it, the fix.
    /// Absent from verdicts written before it was recorded.
    public var rootCauses: [String]?
    /// Why SwiftPM could not build the app as it is: "no Package.swift", "Package.swift does not load here". Absent from
    /// verdicts written before it was recorded.
    public var trigger: String?
    /// The Xcode build settings the model package compiled with. Absent from verdicts written before it was recorded.
    public var xcodeSettings: XcodeSettingsRecord?

    public init(
        compiled: [String], excluded: [Exclusion], rootCauses: [String]? = nil, trigger: String? = nil, xcodeSettings: XcodeSettingsRecord? = nil
    ) {
        self.compiled = compiled
        self.excluded = excluded
        self.rootCauses = rootCauses
        self.trigger = trigger
        self.xcodeSettings = xcodeSettings
    }
}

/// Which Xcode target's settings each model-package target compiled with, what was applied and what was not, with why.
public struct XcodeSettingsRecord: Codable, Sendable, Equatable {
    public struct Ignored: Codable, Sendable, Equatable {
        public var setting: String
        public var reason: String

        public init(setting: String, reason: String) {
            self.setting = setting
            self.reason = reason
        }
    }

    public struct Target: Codable, Sendable, Equatable {
        public var name: String
        /// "Debug", as Xcode's test action builds.
        public var configuration: String?
        /// "Swift 6", "default isolation MainActor", "upcoming InferIsolatedConformances", ….
        public var applied: [String]
        public var ignored: [Ignored]

        public init(name: String, configuration: String?, applied: [String], ignored: [Ignored]) {
            self.name = name
            self.configuration = configuration
            self.applied = applied
            self.ignored = ignored
        }
    }

    /// The `.xcodeproj` read, a repository path.
    public var project: String?
    public var app: Target?
    /// Nil when the tests compiled with the app target's settings.
    public var tests: Target?
    /// What was read besides the project, or not and why ("no Xcode project", "`Base.xcconfig` (an .xcconfig of App) was read").
    public var notes: [String]

    public init(project: String?, app: Target?, tests: Target?, notes: [String]) {
        self.project = project
        self.app = app
        self.tests = tests
        self.notes = notes
    }
}

/// The inventory diff as a verdict records it: which base was used and why, and one entry per change.
public struct InventoryChanges: Codable, Sendable, Equatable {
    public struct Change: Codable, Sendable, Equatable {
        public enum Kind: String, Codable, Sendable {
            case added, removed, renamed, rewired
        }

        public var kind: Kind
        /// "screen", "ViewModel", "Feature", "repository", "AppModel property", "test".
        public var part: String
        public var name: String
        /// For a rename, the old name.
        public var previousName: String?
        /// "OrdersViewModel → ordersFeature", "gained PaymentsFeature".
        public var detail: String?
        public var file: String?
        public var line: Int?

        public init(
            kind: Kind, part: String, name: String, previousName: String? = nil, detail: String? = nil, file: String? = nil,
            line: Int? = nil
        ) {
            self.kind = kind
            self.part = part
            self.name = name
            self.previousName = previousName
            self.detail = detail
            self.file = file
            self.line = line
        }
    }

    /// nil when the final commit has no parent: the diff is against the empty tree.
    public var baseCommit: String?
    /// How the base was chosen, e.g. "merge-base of HEAD with its upstream origin/main (abc1234)".
    public var base: String
    public var finalCommit: String
    public var changes: [Change]
    /// Swift blobs that were not analysed (binary or not UTF-8), and submodules (listed, never entered).
    public var skippedFiles: [String]
    public var submodules: [String]

    public init(
        baseCommit: String?, base: String, finalCommit: String, changes: [Change], skippedFiles: [String] = [],
        submodules: [String] = []
    ) {
        self.baseCommit = baseCommit
        self.base = base
        self.finalCommit = finalCommit
        self.changes = changes
        self.skippedFiles = skippedFiles
        self.submodules = submodules
    }
}
