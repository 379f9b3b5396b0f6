/// What a SARIF consumer shows about one rule: the CFA catalogue entry behind a finding's rule id.
struct ReportRule: Sendable, Equatable {
    /// Stable rule id, e.g. `CFA-VIEWMODEL-INLINE`; findings name it in `Diagnostic.name`.
    var id: String
    /// One line, shown as the alert's title.
    var shortDescription: String
    /// What holds and what violates it, a paragraph.
    var fullDescription: String
    /// Where the rule is documented, when it is.
    var helpURI: String?
    /// How to fix a finding, as plain text.
    var helpText: String
    /// `"error"`, `"warning"` or `"note"`; the level of a finding that records no severity of its own.
    /// Any other value is treated as `"error"`.
    var defaultLevel: String
    /// The checklist item the rule belongs to, when it has one.
    var item: Int?

    init(
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
