import CFAAnalysis

/// Columns of `--help` texts, each as wide as its longest entry so no name is ever cut.
enum HelpText {
    /// `  NAME  text` lines, the names padded to one width.
    static func columns(_ rows: [(name: String, text: String)]) -> String {
        let width = (rows.map(\.name.count).max() ?? 0) + 2
        return rows.map { "  \($0.name.padding(toLength: width, withPad: " ", startingAt: 0))\($0.text)" }.joined(separator: "\n")
    }

    /// The rule catalogue for `analyze --help`: id, item and summary.
    static var rules: String {
        columns(RuleCatalog.descriptors.map { rule in
            let item = (rule.item.map { "item \($0)" } ?? "").padding(toLength: 7, withPad: " ", startingAt: 0)
            return (rule.id, "\(item)  \(rule.summary)")
        })
    }
}
