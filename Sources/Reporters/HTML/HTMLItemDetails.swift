import Verdict

/// The expandable `<details>` for one failed or errored item (`id="item-<number>"`, the table links to
/// it): findings by kind, test totals, the output excerpt and the logs the verdict pins.
enum HTMLItemDetails {
    static func render(_ item: ItemResult, links: RepositoryLinks?) -> String {
        var body: [String] = []
        let section = item.section.map { " · section \(HTMLText.escaped($0))" } ?? ""
        body.append("<p class=\"muted\">Probe <code>\(HTMLText.escaped(item.probe))</code>\(section) · \(ReviewPage.duration(item.durationSeconds))</p>")
        for group in ReviewPage.diagnosticGroups(item.evidence) {
            body.append("<h4>\(HTMLText.escaped(group.heading))</h4>")
            body.append("<ul class=\"findings\">\n\(group.diagnostics.map { finding($0, links: links) }.joined(separator: "\n"))\n</ul>")
        }
        if let tests = ReviewPage.testsLine(item.evidence) {
            body.append("<p><strong>Tests:</strong> \(HTMLText.escaped(tests))</p>")
        }
        let attention = ReviewPage.testsNeedingAttention(item.evidence)
        if !attention.isEmpty {
            body.append("<h4>Tests that did not pass</h4>")
            let rows = attention.map { test in
                let failure = ReviewPage.firstFailure(of: test)
                let place = failure.file.map { " at " + HTMLReport.location(file: $0, line: failure.line, column: nil, links: links) } ?? ""
                return "<li class=\"severity-error\"><code>\(HTMLText.escaped(test.id))</code>\(place): \(HTMLText.inline(failure.message))</li>"
            }
            body.append("<ul class=\"findings\">\n\(rows.joined(separator: "\n"))\n</ul>")
        }
        if !item.evidence.excerpt.isEmpty {
            body.append("<h4>Output excerpt</h4>")
            body.append("<pre><code>\(item.evidence.excerpt.map(HTMLText.escaped).joined(separator: "\n"))</code></pre>")
        }
        if !item.evidence.logs.isEmpty {
            let logs = item.evidence.logs.map { log in
                "<li><code>\(HTMLText.escaped(log.name))</code>: <code>\(HTMLText.escaped(log.path))</code> (\(log.bytes) bytes, sha256 "
                    + "<code title=\"\(HTMLText.escaped(log.sha256))\">\(HTMLText.escaped(ReviewPage.shortDigest(log.sha256)))</code>)</li>"
            }
            body.append("<h4>Logs</h4>\n<ul>\n\(logs.joined(separator: "\n"))\n</ul>")
        }
        return """
            <details class="item" id="item-\(item.number)">
            <summary>\(HTMLReport.badge(item.status)) <strong>\(item.number). \(HTMLText.inline(item.title))</strong> \
            — \(HTMLText.inline(item.summary))</summary>
            <div class="body">
            \(body.joined(separator: "\n"))
            </div>
            </details>
            """
    }

    /// One finding: severity, rule or test name, location, message.
    static func finding(_ diagnostic: Diagnostic, links: RepositoryLinks?) -> String {
        var parts: [String] = []
        if let severity = diagnostic.severity { parts.append("<span class=\"severity\">\(HTMLText.escaped(severity))</span>") }
        if let name = diagnostic.name { parts.append(HTMLReport.ruleName(name)) }
        if let file = diagnostic.file {
            parts.append("at " + HTMLReport.location(file: file, line: diagnostic.line, column: diagnostic.column, links: links))
        }
        let subject = parts.joined(separator: " ")
        let message = HTMLText.inline(diagnostic.message) + alsoAt(diagnostic.related ?? [], links: links)
        return "<li class=\"\(severityClass(diagnostic.severity))\">\(subject.isEmpty ? message : "\(subject): \(message)")</li>"
    }

    /// ` — also at <code>a.swift:3</code>, …`: the defect's other places (as many as Markdown shows); empty when none.
    static func alsoAt(_ related: [Diagnostic.RelatedLocation], links: RepositoryLinks?) -> String {
        guard !related.isEmpty else { return "" }
        let limit = MarkdownItemDetails.relatedShown
        let shown = related.prefix(limit).map { HTMLReport.location(file: $0.file, line: $0.line, links: links) }
        let more = related.count > limit ? " and \(related.count - limit) more" : ""
        return " — also at " + shown.joined(separator: ", ") + more
    }

    /// `severity-error` / `severity-warning` / `severity-other`: a fixed set, never the raw severity text.
    static func severityClass(_ severity: String?) -> String {
        switch severity?.lowercased() {
        case nil, "error", "fatal", "fatal error": "severity-error"
        case "warning": "severity-warning"
        default: "severity-other"
        }
    }
}
