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
    /// Whether every probe ran in a PID and mount namespace of its own (`namespace`) or beside the gate (`none`).
    public var sandbox: RunSandbox?
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
        sandbox: RunSandbox? = nil,
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
        self.sandbox = sandbox
        self.shard = shard
        self.mergedShards = mergedShards
    }
}

/// How a run kept its probes apart from everything outside their own process trees.
public enum RunSandbox: String, Codable, Sendable, Equatable {
    /// Each probe ran in its own PID and mount namespace with a private `/proc`.
    case namespace
    /// The kernel or container allowed no namespace: probes ran beside the gate, as the same user.
    case none
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
