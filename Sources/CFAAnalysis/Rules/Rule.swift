/// How serious a finding is. Only `error` fails a checklist item.
public enum Severity: String, Sendable, Codable, Comparable {
    case warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// A rule's identity and documentation, shown in `--help` texts, SARIF and the README rule reference
/// (generated from these, see `RuleReferenceMarkdown`), and its examples, which one test runs.
public struct RuleDescriptor: Sendable, Equatable {
    public var id: String
    /// The checklist item the rule checks (nil for the adoption precondition and suppression hygiene).
    public var item: Int?
    /// What a rule without an item is, in the README's heading (`precondition`, `hygiene`).
    var category: String?
    public var defaultSeverity: Severity
    /// One line: what holds when the rule is satisfied.
    public var summary: String
    /// What the rule reports and how to fix it, in a paragraph (SARIF's rule description and help).
    public var help: String
    /// The README's entry: why the rule exists, what is reported and what is not, the decisions taken
    /// where the catalogue is silent, and the fix (Markdown).
    var reference: String
    /// Triggering examples (with a `↓` at each finding) and non-triggering ones (no marker).
    var examples: [RuleExample]

    init(
        id: String, item: Int?, category: String? = nil, defaultSeverity: Severity = .error, summary: String, help: String,
        reference: String = "", examples: [RuleExample] = []
    ) {
        self.id = id
        self.item = item
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.help = help
        self.reference = reference
        self.examples = examples
    }

    /// A finding of this rule at its default severity; the engine applies the configured severity.
    func finding(_ file: String, _ location: SourceLocation, _ message: String) -> Finding {
        Finding(rule: id, item: item, severity: defaultSeverity, file: file, line: location.line, column: location.column, message: message)
    }
}

/// One mechanically checkable promise of the catalogue. Rules read the index (and through it every
/// file's facts); they never parse.
public protocol Rule: Sendable {
    var descriptor: RuleDescriptor { get }
    func check(_ index: CodebaseIndex) -> [Finding]
}

public struct Finding: Sendable, Codable, Equatable, Hashable {
    public var rule: String
    var item: Int?
    public var severity: Severity
    /// Repository-relative.
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    init(rule: String, item: Int?, severity: Severity, file: String, line: Int, column: Int, message: String) {
        self.rule = rule
        self.item = item
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `path:line:column: error: message [CFA-RULE-ID, item N]`, the compiler's form, so editors jump to it.
    public var compilerStyle: String {
        let item = item.map { ", item \($0)" } ?? ""
        return "\(file):\(line):\(column): \(severity.rawValue): \(message) [\(rule)\(item)]"
    }
}

extension Finding: Comparable {
    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.file, lhs.line, lhs.column, lhs.rule, lhs.message) < (rhs.file, rhs.line, rhs.column, rhs.rule, rhs.message)
    }
}
