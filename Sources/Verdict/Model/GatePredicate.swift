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
        items: [ItemResult]
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
    }
}
