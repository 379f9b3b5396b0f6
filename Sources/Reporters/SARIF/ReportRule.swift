/// What a SARIF consumer shows about one rule: the CFA catalogue entry behind a finding's rule id.
public struct ReportRule: Sendable, Equatable {
    /// Stable rule id, e.g. `CFA-VIEWMODEL-INLINE`; findings name it in `Diagnostic.name`.
    public var id: String
    /// One line, shown as the alert's title.
    public var shortDescription: String
    /// What holds and what violates it, a paragraph.
    public var fullDescription: String
    /// Where the rule is documented, when it is.
    public var helpURI: String?
    /// How to fix a finding, as plain text.
    public var helpText: String
    /// `"error"`, `"warning"` or `"note"`; the level of a finding that records no severity of its own.
    /// Any other value is treated as `"error"`.
    public var defaultLevel: String
    /// The checklist item the rule belongs to, when it has one.
    public var item: Int?

    public init(
        id: String,
        shortDescription: String,
        fullDescription: String,
        helpURI: String? = nil,
        helpText: String,
        defaultLevel: String = "error",
        item: Int? = nil
    ) {
        self.id = id
        self.shortDescription = shortDescription
        self.fullDescription = fullDescription
        self.helpURI = helpURI
        self.helpText = helpText
        self.defaultLevel = defaultLevel
        self.item = item
    }
}
