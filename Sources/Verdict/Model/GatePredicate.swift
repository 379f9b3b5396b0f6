import Foundation

/// The in-toto predicate of a cfa-gate verdict: what ran, on what, and what every item concluded.
public struct GatePredicate: Codable, Sendable, Equatable {
    public var tool: ToolInfo
    /// `swift --version` first line, when it could be determined.
    public var swiftToolchain: String?
    public var checklist: ChecklistInfo
    public var repository: RepositoryInfo
    /// Encoded as ISO 8601 UTC with millisecond precision (see `VerdictCoding`).
    public var startedAt: Date
    public var finishedAt: Date
    public var result: GateResult
    public var signer: SignerInfo
    public var awaitingReview: [ManualItem]
    public var items: [ItemResult]
    /// Present when the checklist ran the architecture analyser (`cfa` items).
    public var analysis: AnalysisSummary?
    /// Which policy (checklist, analyser configuration) decided the verdict; absent in verdicts made before it was recorded.
    public var policy: PolicyRecord?
    /// Problems with the run itself that make the result `error` whatever the items said (HEAD moved during the run).
    public var runErrors: [String]?
    /// What the run noticed that does not change its result (a file outside the probes' reach changed by another process).
    public var runNotes: [String]?
    /// Whether every probe ran in a PID and mount namespace of its own (`namespace`), beside the gate under Landlock
    /// (`landlock`), or beside the gate with no file policy (`none`).
    public var sandbox: RunSandbox?
    /// What the probes had and lacked: their user, privileges, namespaces and file policy; absent in older verdicts.
    public var isolation: IsolationRecord?
    /// Set on a shard's verdict (`run --shard I/N`): its place in the matrix and its share of the tests.
    public var shard: ShardRecord?
    /// Set on a merged verdict (`cfa-gate merge`): the shard verdicts it was made from.
    public var mergedShards: [MergedShardRecord]?

    public init(
        tool: ToolInfo,
        swiftToolchain: String? = nil,
        checklist: ChecklistInfo,
        repository: RepositoryInfo,
        startedAt: Date,
        finishedAt: Date,
        result: GateResult,
        signer: SignerInfo,
        awaitingReview: [ManualItem] = [],
        items: [ItemResult],
        analysis: AnalysisSummary? = nil,
        policy: PolicyRecord? = nil,
        runErrors: [String]? = nil,
        runNotes: [String]? = nil,
        sandbox: RunSandbox? = nil,
        isolation: IsolationRecord? = nil,
        shard: ShardRecord? = nil,
        mergedShards: [MergedShardRecord]? = nil
    ) {
        self.tool = tool
        self.swiftToolchain = swiftToolchain
        self.checklist = checklist
        self.repository = repository
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.result = result
        self.signer = signer
        self.awaitingReview = awaitingReview
        self.items = items
        self.analysis = analysis
        self.policy = policy
        self.runErrors = runErrors
        self.runNotes = runNotes
        self.sandbox = sandbox
        self.isolation = isolation
        self.shard = shard
        self.mergedShards = mergedShards
    }
}

/// How a run kept its probes apart from everything outside their own process trees.
public enum RunSandbox: String, Codable, Sendable, Equatable {
    /// Each probe ran in its own PID and mount namespace with a private `/proc` and a read-only root.
    case namespace
    /// The kernel or container allowed no namespace: probes ran beside the gate, their writes held by Landlock.
    case landlock
    /// The kernel or container allowed neither: probes ran beside the gate with the file system as it is.
    case none
}

/// What every probe and test process of a run held, as the gate set it up and the kernel accepted it (a start that
/// cannot take a step fails instead of running with less).
public struct IsolationRecord: Codable, Sendable, Equatable {
    /// The user the gate ran as, and the (kernel) user its probes ran as.
    public var gateUID: UInt32
    public var probeUID: UInt32
    /// Always true: no probe can gain privileges through `sudo` or any setuid program.
    public var noNewPrivileges: Bool
    /// The supplementary groups probes kept (a user that is not root cannot shed its own).
    public var groups: [UInt32]
    /// True when the capability bounding set was emptied (root, or a namespace of the probe's own).
    public var capabilityBoundingSetEmpty: Bool
    /// `pid`, `mount`, `user`: the namespaces each probe had of its own.
    public var namespaces: [String]
    public var readOnlyRoot: Bool
    /// Where probes could write: the package and the run's private temporary folder (its `HOME` and `TMPDIR`).
    public var writablePaths: [String]
    /// Read-only though inside a writable path: the repository's `.git`; the build outputs while tests ran.
    public var readOnlyPaths: [String]
    /// What probes could not see: the root services' sockets under `/run` and the checklist's `hide-paths`.
    public var hiddenPaths: [String]
    /// `/tmp` was a file system of each probe's own, empty but for what probes were given under it (the package, the
    /// private folder, `.git`, the repository, the toolchain), carried onto it as it was: nothing else of the machine's
    /// `/tmp` was in reach.
    public var privateTemporary: Bool
    /// The Landlock ABI probes restricted themselves with, if any.
    public var landlockABI: Int?
    /// The guarantees of `isolation=strict` this run lacked; empty when it had them all.
    public var missing: [String]
    /// The checklist's `isolation=` (`strict`, `standard` or `best-effort`); absent in verdicts made before it was recorded.
    public var policy: String?
    /// Under `isolation=best-effort`: the guarantees missing that left the signing key, not the clone's own, in reach of a
    /// probe or of a process of the gate's user when the run took it; absent when the key was out of reach.
    public var keyTakenWithout: [String]?

    public init(
        gateUID: UInt32, probeUID: UInt32, noNewPrivileges: Bool, groups: [UInt32], capabilityBoundingSetEmpty: Bool, namespaces: [String],
        readOnlyRoot: Bool, writablePaths: [String], readOnlyPaths: [String], hiddenPaths: [String], privateTemporary: Bool,
        landlockABI: Int?, missing: [String]
    ) {
        self.gateUID = gateUID
        self.probeUID = probeUID
        self.noNewPrivileges = noNewPrivileges
        self.groups = groups
        self.capabilityBoundingSetEmpty = capabilityBoundingSetEmpty
        self.namespaces = namespaces
        self.readOnlyRoot = readOnlyRoot
        self.writablePaths = writablePaths
        self.readOnlyPaths = readOnlyPaths
        self.hiddenPaths = hiddenPaths
        self.privateTemporary = privateTemporary
        self.landlockABI = landlockABI
        self.missing = missing
    }

    /// One line for people: the sandbox, who the probes were and what held them, and what `isolation=strict` found missing.
    public func line(sandbox: RunSandbox?) -> String {
        "\(sandbox?.rawValue ?? "unknown") — \(summary)" + (missing.isEmpty ? "" : "; lacks \(missing.joined(separator: ", "))")
            + (keyTakenWithout.map { "; isolation=best-effort: the signing key was taken without \($0.joined(separator: ", "))" } ?? "")
    }

    /// Who the probes were and what held them.
    public var summary: String {
        var parts = ["probes as uid \(probeUID)" + (probeUID == gateUID ? "" : " (gate uid \(gateUID))")]
        parts.append(groups.isEmpty ? "no groups" : "groups \(groups.map(String.init).joined(separator: ","))")
        parts.append("no_new_privs")
        if capabilityBoundingSetEmpty { parts.append("no capabilities") }
        parts.append(namespaces.isEmpty ? "no namespaces" : "\(namespaces.joined(separator: "+")) namespaces")
        if readOnlyRoot { parts.append("read-only root") }
        if let landlockABI { parts.append("Landlock ABI \(landlockABI)") }
        if !hiddenPaths.isEmpty { parts.append("hidden \(hiddenPaths.joined(separator: ","))") }
        if privateTemporary { parts.append("private /tmp") }
        return parts.joined(separator: ", ")
    }
}

/// What one run of the architecture analyser looked at, and what no checklist item took.
public struct AnalysisSummary: Codable, Sendable, Equatable {
    var files: Int
    var lines: Int
    /// Findings of rules that no `cfa` item of the checklist binds; they do not decide the result.
    var unassigned: [Diagnostic]
    /// Findings silenced by `// cfa-gate:ignore RULE -- reason`, with the reason.
    var suppressions: [Suppression]
    /// Swift files left out because they are not UTF-8 text.
    var skippedFiles: [String]
    /// The baseline of known findings and what it did; nil when none was in use.
    public var baseline: BaselineSummary?

    public struct Suppression: Codable, Sendable, Equatable {
        var rule: String
        var file: String
        var line: Int
        var reason: String

        public init(rule: String, file: String, line: Int, reason: String) {
            self.rule = rule
            self.file = file
            self.line = line
            self.reason = reason
        }
    }

    public init(files: Int, lines: Int, unassigned: [Diagnostic], suppressions: [Suppression], skippedFiles: [String], baseline: BaselineSummary? = nil) {
        self.baseline = baseline
        self.files = files
        self.lines = lines
        self.unassigned = unassigned
        self.suppressions = suppressions
        self.skippedFiles = skippedFiles
    }
}
