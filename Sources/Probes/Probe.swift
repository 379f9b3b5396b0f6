import Foundation
import Sandbox
import Verdict

/// Everything a probe needs to know about the run it is part of.
public struct ProbeContext: Sendable {
    /// Absolute path of the repository's working tree.
    public var repositoryRoot: String
    /// Absolute path of the Swift package that `build` and `test` work on.
    var packageDirectory: String
    /// Where probes write their full logs while the run is in progress.
    var logDirectory: String
    var environment: [String: String]
    var timeouts: ProbeTimeouts
    /// How the `test` probe orchestrates tests (checklist options `test-case-timeout`, `test-retries`, `flaky`).
    public var testSettings = TestSettings()
    /// The checklist option `output-limit`: the most bytes a probe process or one test process may write.
    public var outputLimit = ProbeContext.defaultOutputLimit
    /// The checklist options `model-build`, `model-build-requires` and `model-build-min-tests`.
    public var modelBuildSettings = ModelBuildSettings()
    public static let defaultOutputLimit: Int64 = 1 << 30

    public init(
        repositoryRoot: String, packageDirectory: String, logDirectory: String,
        environment: [String: String], timeouts: ProbeTimeouts
    ) {
        self.repositoryRoot = repositoryRoot
        self.packageDirectory = packageDirectory
        self.logDirectory = logDirectory
        self.environment = environment
        self.timeouts = timeouts
    }

    /// The package folder relative to the repository root ("" at the root).
    var packagePath: String { RepositoryPath.folder(packageDirectory, inside: repositoryRoot) }

    /// The `swift` driver found on this run's PATH, resolved to an absolute path.
    var swiftExecutable: String? {
        ExecutableSearch.find("swift", searchPath: environment["PATH"])
    }

    /// A folder of the run's own that probes may write, outside the package (the probes' private folder): SwiftPM's
    /// cache lives in it. Tests that make a context of their own get one inside their log folder.
    public var privateFolder: String?

    /// The gate's cache folder (`<git dir>/cfa-gate/cache`), where the model build keeps which modules each toolchain has;
    /// nil keeps nothing across runs.
    public var toolchainCacheFolder: String?

    /// SwiftPM's cache, the manifest cache among it (`<cache>/manifests/manifest.db`).
    var swiftPMCachePath: String { "\(privateFolder ?? "\(logDirectory)/private")/swiftpm-cache" }

    /// Options for every SwiftPM command the gate runs. The evaluated manifest is cached outside the package, where the
    /// read-only evaluation (`EvaluatedPackage`) can store it and every later command, whose environment is the same,
    /// finds it instead of running the manifest again with write access (`ManifestCacheWitness` proves that). The
    /// private folder is emptied for every run, so each run evaluates its manifest once.
    var swiftPMOptions: [String] { ["--manifest-cache", "shared", "--cache-path", swiftPMCachePath] }

    /// What every SwiftPM command of a run carries as its reaper mark (`ChildProcess.reaperMark`): without a namespace a
    /// mark of each process's own would differ in its environment, and SwiftPM would evaluate the manifest again.
    static let swiftPMReaperMark = "\(ProcessInfo.processInfo.processIdentifier)-swiftpm"

    /// A SwiftPM command in the package, with the run's environment and the SwiftPM reaper mark.
    func swiftPMProcess(_ swift: String, _ arguments: [String], logPath: String, timeout: Duration, sandbox: ProcessSandbox = .current)
        -> ChildProcess
    {
        var process = ChildProcess(
            executable: swift, arguments: arguments, workingDirectory: packageDirectory, environment: environment, logPath: logPath,
            timeout: timeout, sandbox: sandbox)
        process.reaperMark = Self.swiftPMReaperMark
        return process
    }
}

public struct ProbeTimeouts: Sendable, Equatable {
    public var build: Duration
    public var test: Duration
    public var command: Duration

    public init(build: Duration = .seconds(30 * 60), test: Duration = .seconds(30 * 60), command: Duration = .seconds(5 * 60)) {
        self.build = build
        self.test = test
        self.command = command
    }
}

/// What a probe found: the status the item gets, a one-line summary, and bounded evidence.
public struct ProbeOutcome: Sendable, Equatable {
    public var status: ItemStatus
    public var summary: String
    public var evidence: Evidence

    public init(status: ItemStatus, summary: String, evidence: Evidence = .empty) {
        self.status = status
        self.summary = summary
        self.evidence = evidence
    }

    static func error(_ summary: String, evidence: Evidence = .empty) -> ProbeOutcome {
        ProbeOutcome(status: .error, summary: summary, evidence: evidence)
    }
}
