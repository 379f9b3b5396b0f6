/// One structured finding extracted from a probe's output (a compiler error, a failing test, ...).
public struct Diagnostic: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case compiler, test, git, command, rule
    }

    public var kind: Kind
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// Free-form as reported by the tool (e.g. "error", "warning").
    public var severity: String?
    /// Test or rule name, when the finding belongs to one.
    public var name: String?
    public var message: String
    /// A rule finding's other places of the same defect (absent when it has none, so older verdicts read the same).
    public var related: [RelatedLocation]?

    /// Another place of the defect a rule finding names.
    public struct RelatedLocation: Codable, Sendable, Equatable {
        public var file: String
        public var line: Int
        public var column: Int?
        public var message: String

        public init(file: String, line: Int, column: Int? = nil, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
        }
    }

    public init(
        kind: Kind,
        file: String? = nil,
        line: Int? = nil,
        column: Int? = nil,
        severity: String? = nil,
        name: String? = nil,
        message: String,
        related: [RelatedLocation]? = nil
    ) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.name = name
        self.message = message
        self.related = related
    }
}
