/// How serious a finding is. Only `error` fails a checklist item.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// A rule's identity and documentation, shown in `--help` texts, SARIF and the rule reference in Documentation/Rules
/// (generated from these, see `RuleReferenceMarkdown`), and its examples, which one test runs.
public struct RuleDescriptor: Sendable, Equatable {
    public var id: String
    /// The checklist item the rule checks (nil for the adoption precondition and suppression hygiene).
    public var item: Int?
    /// What a rule without an item is, on its reference page (`precondition`, `hygiene`).
    var category: String?
    public var defaultSeverity: Severity
    /// Whether `.cfa-gate.json` can change its severity (false for the gate's own checks, such as the `test` item's).
    var isConfigurable: Bool
    /// One line: what holds when the rule is satisfied.
    public var summary: String
    /// What the rule reports and how to fix it, in a paragraph (SARIF's rule description and help).
    public var help: String
    /// The reference page's text: why the rule exists, what is reported and what is not, the decisions taken
    /// where the catalogue is silent, and the fix (Markdown).
    var reference: String
    /// Triggering examples (with a `↓` at each finding) and non-triggering ones (no marker).
    var examples: [RuleExample]

    init(
        id: String, item: Int?, category: String? = nil, isConfigurable: Bool = true, defaultSeverity: Severity = .error, summary: String,
        help: String, reference: String = "", examples: [RuleExample] = []
    ) {
        self.id = id
        self.item = item
        self.category = category
        self.isConfigurable = isConfigurable
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.help = help
        self.reference = reference
        self.examples = examples
    }

    /// A finding of this rule at its default severity; the engine applies the configured severity.
    /// `related` are the other places of the same defect (see `Finding.related`).
    func finding(_ file: String, _ location: SourceLocation, _ message: String, related: [RelatedLocation] = []) -> Finding {
        Finding(
            rule: id, item: item, severity: defaultSeverity, file: file, line: location.line, column: location.column, message: message,
            related: related)
    }
}

/// One mechanically checkable promise of the catalogue. Rules read the index (and through it every
/// file's facts); they never parse.
public protocol Rule: Sendable {
    var descriptor: RuleDescriptor { get }
    func check(_ index: CodebaseIndex) -> [Finding]
}

/// One defect, one finding: a finding sits where the fix goes (a Feature protocol's declaration, a screen's
/// input) and lists the other places of the same defect (each use of the protocol, each call handing the input)
/// as related locations, instead of a finding at each.
public struct Finding: Sendable, Codable, Equatable, Hashable {
    public var rule: String
    var item: Int?
    public var severity: Severity
    /// Repository-relative.
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The defect's other places, in file and line order. Not part of the finding's identity
    /// (`FindingFingerprint`): a new use of a known Feature protocol keeps its baselined finding.
    public var related: [RelatedLocation] = []

    init(
        rule: String, item: Int?, severity: Severity, file: String, line: Int, column: Int, message: String,
        related: [RelatedLocation] = []
    ) {
        self.rule = rule
        self.item = item
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.related = related.sorted()
    }

    private enum CodingKeys: String, CodingKey {
        case rule, item, severity, file, line, column, message, related
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rule = try container.decode(String.self, forKey: .rule)
        item = try container.decodeIfPresent(Int.self, forKey: .item)
        severity = try container.decode(Severity.self, forKey: .severity)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decode(Int.self, forKey: .line)
        column = try container.decode(Int.self, forKey: .column)
        message = try container.decode(String.self, forKey: .message)
        related = try container.decodeIfPresent([RelatedLocation].self, forKey: .related) ?? []
    }

    /// `related` only when there are some, so a finding without any is written as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encodeIfPresent(item, forKey: .item)
        try container.encode(severity, forKey: .severity)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        try container.encode(message, forKey: .message)
        if !related.isEmpty { try container.encode(related, forKey: .related) }
    }

    /// The rules this finding stands for: its own, and any whose finding on the same expression it absorbed.
    public var coveredRules: Set<String> { Set([rule] + related.compactMap(\.absorbedRule)) }

    /// `path:line:column: error: message; also at a.swift:3, b.swift:9 [CFA-RULE-ID, item N]`, the compiler's
    /// form, so editors jump to it; the rule stays last, where scripts read it.
    public var compilerStyle: String {
        let item = item.map { ", item \($0)" } ?? ""
        let also = related.isEmpty ? "" : "; also at " + related.map(\.position).joined(separator: ", ")
        return "\(file):\(line):\(column): \(severity.rawValue): \(message)\(also) [\(rule)\(item)]"
    }
}

/// Another place of a finding's defect, with what is there (`OrdersViewModel.feature uses it`).
public struct RelatedLocation: Sendable, Codable, Hashable, Comparable {
    /// Repository-relative.
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The rule whose own finding this place was, when `FindingPrecedence` folded it into another rule's finding. Kept in
    /// memory only (the reports show the message), so that a checklist item binding that rule still fails on it.
    public var absorbedRule: String?

    private enum CodingKeys: String, CodingKey {
        case file, line, column, message
    }

    init(_ file: String, _ location: SourceLocation, _ message: String, absorbedRule: String? = nil) {
        self.file = file
        self.line = location.line
        self.column = location.column
        self.message = message
        self.absorbedRule = absorbedRule
    }

    /// `file:line`, as "also at" lists it.
    public var position: String { "\(file):\(line)" }

    public static func < (lhs: RelatedLocation, rhs: RelatedLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.message)
    }
}

extension Finding: Comparable {
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.rule, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.rule, rhs.message)
    }
}
