/// What the baseline of known findings did in a run: which findings it accepted, and which of its entries the
/// code no longer has. Absent from a verdict when no baseline was in use.
public struct BaselineSummary: Codable, Sendable, Equatable {
    /// The baseline file, as the run named it.
    public var path: String
    /// Findings the baseline accepted: reported, never failing an item.
    public var baselined: [Diagnostic]
    /// Entries no longer found; `cfa-gate baseline` drops them.
    public var fixed: [Entry]

    /// A baseline entry: a finding's rule, file and message, and how many such findings it stands for.
    public struct Entry: Codable, Sendable, Equatable {
        public var rule: String
        public var file: String
        public var message: String
        public var count: Int

        public init(rule: String, file: String, message: String, count: Int) {
            self.rule = rule
            self.file = file
            self.message = message
            self.count = count
        }
    }

    public init(path: String, baselined: [Diagnostic], fixed: [Entry]) {
        self.path = path
        self.baselined = baselined
        self.fixed = fixed
    }

    /// How many findings the fixed entries stood for.
    var fixedCount: Int { fixed.reduce(0) { $0 + $1.count } }

    /// "3 baselined findings fixed — run `cfa-gate baseline` to drop them"; nil when none is.
    public var fixedNote: String? {
        let count = fixedCount
        guard count > 0 else { return nil }
        return "\(count) baselined finding\(count == 1 ? "" : "s") fixed — run `cfa-gate baseline` to drop \(count == 1 ? "it" : "them")"
    }
}
