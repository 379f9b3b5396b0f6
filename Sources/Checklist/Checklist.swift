/// A change-gate checklist read from Markdown: the entries of its ordered lists, grouped by headings,
/// each bound to a probe or left to a person.
public struct Checklist: Sendable, Equatable {
    public var path: String
    /// The text of the first level-1 heading, if any.
    public var title: String?
    public var items: [ChecklistItem]
    public var options: ChecklistOptions

    init(path: String, title: String? = nil, items: [ChecklistItem], options: ChecklistOptions = ChecklistOptions()) {
        self.path = path
        self.title = title
        self.items = items
        self.options = options
    }

    /// The items a person has to decide.
    public var manualItems: [ChecklistItem] { items.filter(\.probe.isManual) }

    /// Parses a checklist. `path` is used only in error messages.
    public static func parse(markdown: String, path: String) throws(ChecklistError) -> Checklist {
        try ChecklistReader(markdown: markdown, path: path).read()
    }
}
