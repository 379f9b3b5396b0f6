import Verdict

/// The page's opening list of what failed: a reader lands on the failures, not on a table of every item with them
/// somewhere below the fold. Each entry links to the item's details (`#item-<number>`, which the page script opens).
/// A plain list in a landmark with its own heading, so a screen reader can jump to it and hear the count first.
enum HTMLFailureSummary {
    static func render(_ items: [ItemResult]) -> String? {
        let failing = items.filter { $0.status == .failed || $0.status == .error }
        guard !failing.isEmpty else { return nil }
        let entries = failing.map { item in
            "<li>\(HTMLReport.badge(item.status)) <a href=\"#item-\(item.number)\">\(item.number). \(HTMLText.inline(item.title))</a>: "
                + "\(HTMLText.inline(item.summaryHeadline))</li>"
        }
        let count = failing.count == 1 ? "1 item did not pass" : "\(failing.count) items did not pass"
        return """
            <nav id="failing" aria-labelledby="failing-heading">
            <h2 id="failing-heading">\(count)</h2>
            <ul class="failing">
            \(entries.joined(separator: "\n"))
            </ul>
            </nav>
            """
    }
}
