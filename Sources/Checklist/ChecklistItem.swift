/// One numbered entry of a checklist.
public struct ChecklistItem: Sendable, Equatable {
    /// The number as written in the Markdown source (`5.` is 5 even in a list that starts at 1).
    public var number: Int
    /// The bold lead-in (without its trailing period) or else the first sentence.
    public var title: String
    /// The rest of the item as plain text lines: paragraphs, nested lists (`- …`), code; comments removed.
    public var description: String
    /// The text of the nearest heading before the item, of any level.
    public var section: String?
    /// The level (1–6) of that heading.
    var sectionLevel: Int?
    /// The line the item starts on.
    public var line: Int
    public var probe: ProbeBinding

    init(
        number: Int,
        title: String,
        description: String = "",
        section: String? = nil,
        sectionLevel: Int? = nil,
        line: Int,
        probe: ProbeBinding = .manual
    ) {
        self.number = number
        self.title = title
        self.description = description
        self.section = section
        self.sectionLevel = sectionLevel
        self.line = line
        self.probe = probe
    }
}
