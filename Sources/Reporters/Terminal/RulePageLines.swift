import CFAAnalysis

/// Under the findings a terminal shows, each rule of the catalogue among them once, with the page that says
/// what it reports and how to fix it: a developer whose change failed opens the page from the log.
public enum RulePageLines {
    /// `Rule pages:` and a line per rule, in the order the rules first appear; nothing when no finding
    /// names a rule of the catalogue.
    public static func lines(_ ruleIDs: some Sequence<String>) -> [String] {
        var seen: Set<String> = []
        let pages = ruleIDs.compactMap { id -> (String, DocumentationLink)? in
            guard seen.insert(id).inserted, let page = DocumentationLink.catalogRule(id) else { return nil }
            return (id, page)
        }
        guard !pages.isEmpty else { return [] }
        let width = pages.map(\.0.count).max() ?? 0
        return ["Rule pages:"] + pages.map { id, page in "  \(id.padding(toLength: width, withPad: " ", startingAt: 0))  \(page)" }
    }
}
