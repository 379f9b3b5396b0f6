import Verdict

/// Every finding that names a file, grouped by file and ordered by line, so a reviewer can walk the
/// change file by file whatever item found what.
enum HTMLFindingsByFile {
    /// Nil when no finding names a file.
    static func render(_ items: [ItemResult], links: RepositoryLinks?) -> String? {
        let files = ReviewPage.findingsByFile(items)
        guard !files.isEmpty else { return nil }
        let groups = files.map { file, findings in
            let count = findings.count == 1 ? "1 finding" : "\(findings.count) findings"
            let heading = HTMLReport.location(file: file, line: nil, links: links)
            return """
                <div class="file-group">
                <h3>\(heading) <span class="muted">\(count)</span></h3>
                <ul class="findings">
                \(findings.map { entry($0, links: links) }.joined(separator: "\n"))
                </ul>
                </div>
                """
        }
        return """
            <section id="findings" aria-labelledby="findings-heading">
            <h2 id="findings-heading">Findings by file</h2>
            \(groups.joined(separator: "\n"))
            </section>
            """
    }

    private static func entry(_ finding: ReviewPage.LocatedFinding, links: RepositoryLinks?) -> String {
        let diagnostic = finding.diagnostic
        let position = diagnostic.line.map { line in "line \(line)" + (diagnostic.column.map { ":\($0)" } ?? "") } ?? "whole file"
        let place: String
        if let links, let file = diagnostic.file {
            place = "<a class=\"line-number\" href=\"\(HTMLText.escaped(links.url(path: file, line: diagnostic.line)))\">\(position)</a>"
        } else {
            place = "<span class=\"line-number\">\(position)</span>"
        }
        var parts = [place]
        if let severity = diagnostic.severity { parts.append("<span class=\"severity\">\(HTMLText.escaped(severity))</span>") }
        if let name = diagnostic.name { parts.append(HTMLReport.ruleName(name)) }
        let item = finding.item
        let itemLink = item.status == .failed || item.status == .error
            ? "<a href=\"#item-\(item.number)\">item \(item.number)</a>" : "item \(item.number)"
        parts.append("(\(itemLink))")
        let severity = HTMLItemDetails.severityClass(diagnostic.severity)
        let message = HTMLText.inline(diagnostic.message) + HTMLItemDetails.alsoAt(diagnostic.related ?? [], links: links)
        return "<li class=\"\(severity)\">\(parts.joined(separator: " ")): \(message)</li>"
    }
}
