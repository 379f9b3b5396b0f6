/// What a checklist asks of the process sandbox (`sandbox=…`).
public enum SandboxPolicy: String, Sendable, Equatable, CaseIterable {
    /// Probes run in a namespace of their own, or the run is `error`.
    case required
    /// Probes run in a namespace of their own where the kernel allows it; the verdict says which (the default).
    case preferred
    /// Probes run beside the gate: for tests that must see processes outside their own tree. The verdict says so.
    case off
}

/// What a checklist asks of the probes' isolation (`isolation=…`).
public enum IsolationPolicy: String, Sendable, Equatable, CaseIterable {
    /// Every guarantee of the sandbox, or the run is `error` before any probe starts: no_new_privs, never root, no
    /// supplementary groups, a read-only world (namespace or Landlock), root services' sockets hidden or out of reach.
    case strict
    /// The strongest sandbox the machine allows, and a signing key other than the clone's own is taken only where no
    /// probe and no process of the gate's user could reach it (else the run refuses to start); the verdict records
    /// what the probes had (the default).
    case standard
    /// As `standard`, but a key is taken even where a probe or a process of the gate's user could reach it: for a
    /// machine that cannot do better (a container job without sudo). The verdict records the choice.
    case bestEffort = "best-effort"
}

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
    /// `output-limit`: the most one test process or probe may write (its log and event stream) before it is killed and
    /// fails; nil leaves the default (`ProbeContext.defaultOutputLimit`).
    public var outputLimit: Int64?
    /// `reviews-required=N`: how many distinct listed reviewers each manual item needs for `verify --require-reviews`.
    public var reviewsRequired: Int?
    /// `sandbox=required|preferred|off`: whether probes run in a namespace of their own, and whether a run that
    /// cannot give them one is `error`.
    public var sandbox: SandboxPolicy?
    /// `withhold-environment=NAME,PREFIX*`: more variables no probe sees, beside the ones always withheld.
    public var withheldEnvironment: [String]?
    /// `isolation=strict|standard|best-effort`: whether a run missing any guarantee of the sandbox is `error`, and whether a
    /// key other than the clone's own is taken where a probe could reach it.
    public var isolation: IsolationPolicy?
    /// `probe-user=NAME`: whom probes run as when the gate is root and was not started with `sudo` (default `nobody`).
    public var probeUser: String?
    /// `hide-paths=/a,/b`: more folders or files probes never see, beside the root services' sockets under `/run`.
    public var hiddenPaths: [String]?
    /// `test-isolation=process|batch`: a process per test (the default), or tests sharing processes.
    public var testIsolation: TestIsolationOption?
    /// `test-workers`: at most this many test processes at once (never more than the machine has cores).
    public var testWorkers: Int?
    /// `test-start=fork|exec`: each test process forked from the bundle loaded once (the default, where the sandbox allows
    /// it), or the bundle executed for each.
    public var testStart: TestStartOption?
    /// `model-build=automatic|full`: whether the `build` and `test` items may build the model package where SwiftPM has no
    /// package to build (nil: `automatic`).
    public var modelBuild: ModelBuildMode?
    /// `model-build-requires=features,viewmodels,…`: the parts of the app whose every file the model build must compile.
    public var modelBuildRequires: [ModelBuildPart]?
    /// `model-build-min-tests=N%`: the share of the declared tests, as a whole percent, that must run under the model build.
    public var modelBuildMinTests: Int?

    init(
        packagePath: String? = nil,
        buildTimeout: Duration? = nil,
        testTimeout: Duration? = nil,
        commandTimeout: Duration? = nil,
        allowSkipped: Bool? = nil,
        testCaseTimeout: Duration? = nil,
        testRetries: Int? = nil,
        allowFlaky: Bool? = nil,
        outputLimit: Int64? = nil,
        reviewsRequired: Int? = nil,
        sandbox: SandboxPolicy? = nil,
        withheldEnvironment: [String]? = nil,
        testIsolation: TestIsolationOption? = nil,
        testWorkers: Int? = nil,
        isolation: IsolationPolicy? = nil,
        probeUser: String? = nil,
        hiddenPaths: [String]? = nil
    ) {
        self.isolation = isolation
        self.probeUser = probeUser
        self.hiddenPaths = hiddenPaths
        self.outputLimit = outputLimit
        self.sandbox = sandbox
        self.withheldEnvironment = withheldEnvironment
        self.testCaseTimeout = testCaseTimeout
        self.testRetries = testRetries
        self.allowFlaky = allowFlaky
        self.reviewsRequired = reviewsRequired
        self.testIsolation = testIsolation
        self.testWorkers = testWorkers
        self.packagePath = packagePath
        self.buildTimeout = buildTimeout
        self.testTimeout = testTimeout
        self.commandTimeout = commandTimeout
        self.allowSkipped = allowSkipped
    }
}

/// The checklist's `test-start` value.
public enum TestStartOption: String, Sendable, CaseIterable {
    case fork, exec
}

/// The checklist's `test-isolation` value.
public enum TestIsolationOption: String, Sendable, CaseIterable {
    case process, batch
}

/// The checklist's `model-build` value.
public enum ModelBuildMode: String, Sendable, CaseIterable {
    /// The model build where SwiftPM has no package to build here (the default).
    case automatic
    /// Never the model build: where it would be used, the `build` and `test` items are `error`.
    case full
}

/// A part of a CFA app a `model-build-requires` floor names, as the checklist spells it.
public enum ModelBuildPart: String, Sendable, CaseIterable {
    case features, viewmodels, repositories, appmodel
}
