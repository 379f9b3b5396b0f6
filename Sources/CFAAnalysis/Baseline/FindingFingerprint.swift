/// The identity of a finding across runs: its rule, its file and its message with whitespace normalized —
/// never its line or column.
///
/// Rules name what a finding is about in the message (`OrdersFeature uses DispatchQueue`,
/// `OrdersViewModel.init gives …`), so the message is the finding's subject: moving code, reformatting it or
/// adding lines above keeps the identity, while renaming the file or the type it is about makes a new one.
/// Two findings with the same identity in one file are told apart only by how many there are, never by where.
///
/// The baseline matches findings by this identity, and SARIF's `partialFingerprints` hash it (with the
/// finding's occurrence number), so code scanning and the baseline agree on what "the same finding" is.
public struct FindingFingerprint: Sendable, Hashable, Comparable {
    public var rule: String
    /// Repository-relative; "." for a finding about the whole app.
    public var file: String
    /// The message, whitespace runs (line breaks included) made one space and the ends trimmed.
    public var message: String

    public init(rule: String, file: String, message: String) {
        self.rule = rule
        self.file = file
        self.message = Self.normalized(message)
    }

    init(_ finding: Finding) {
        self.init(rule: finding.rule, file: finding.file, message: finding.message)
    }

    /// Rule, file and message joined by NUL, which none of them can contain: the text SARIF hashes.
    public var identityText: String { [rule, file, message].joined(separator: "\u{0}") }

    /// Re-wrapped or re-indented text keeps its identity.
    static func normalized(_ message: String) -> String {
        message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// File first, so a sorted baseline reads file by file.
    public static func < (lhs: FindingFingerprint, rhs: FindingFingerprint) -> Bool {
        (lhs.file, lhs.rule, lhs.message) < (rhs.file, rhs.rule, rhs.message)
    }
}
