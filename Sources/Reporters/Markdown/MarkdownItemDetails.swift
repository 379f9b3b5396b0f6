import CFAAnalysis
import Verdict

/// The collapsible `<details>` block for one failed or errored item: its findings with links, test
/// totals, the output excerpt and the logs the verdict pins.
enum MarkdownItemDetails {
    /// Findings listed per kind before the rest are counted instead: GitHub refuses a job summary over
    /// 1 MiB, and an app with thousands of findings would otherwise lose its whole summary. The HTML
    /// report and the verdict keep every finding.
    static let findingsShownPerGroup = 50

    static func render(_ item: ItemResult, links: RepositoryLinks?) -> String {
        // `<summary>` sits in an HTML block, where Markdown is not read: it takes HTML, not Markdown.
        let summary = "<b>\(item.number). \(HTMLText.inline(item.title))</b> — \(MarkdownReport.statusCell(item.status)): \(HTMLText.inline(item.summary))"
        // The blank line after `<summary>` lets GitHub read the body as Markdown again.
        var blocks = ["<details>\n<summary>\(summary)</summary>"]
        let section = item.section.map { " · section \(MarkdownText.inline($0))" } ?? ""
        blocks.append("Probe \(MarkdownText.code(item.probe))\(section) · \(ReviewPage.duration(item.durationSeconds))")
        for group in ReviewPage.diagnosticGroups(item.evidence) {
            blocks.append("**\(group.heading)**")
            var lines = group.diagnostics.prefix(findingsShownPerGroup).map { "- " + line(for: $0, links: links) }
            let hidden = group.diagnostics.count - findingsShownPerGroup
            if hidden > 0 { lines.append("- … and \(hidden) more, listed in the HTML report and the verdict") }
            blocks.append(lines.joined(separator: "\n"))
        }
        if let tests = ReviewPage.testsLine(item.evidence) {
            blocks.append("**Tests:** \(MarkdownText.inline(tests))")
        }
        let attention = ReviewPage.testsNeedingAttention(item.evidence)
        if !attention.isEmpty {
            blocks.append("**Tests that did not pass**")
            var lines = attention.prefix(findingsShownPerGroup).map { test in
                let failure = ReviewPage.firstFailure(of: test)
                let place = failure.file.map { " at " + MarkdownReport.locationLink(file: $0, line: failure.line, links: links) } ?? ""
                return "- \(MarkdownText.code(test.id))\(place): \(MarkdownText.inline(failure.message))"
            }
            let hidden = attention.count - findingsShownPerGroup
            if hidden > 0 { lines.append("- … and \(hidden) more, listed in the HTML report and the verdict") }
            blocks.append(lines.joined(separator: "\n"))
        }
        if !item.evidence.excerpt.isEmpty {
            blocks.append("**Output excerpt**")
            blocks.append(MarkdownText.codeBlock(item.evidence.excerpt))
        }
        if !item.evidence.logs.isEmpty {
            blocks.append("**Logs**")
            blocks.append(item.evidence.logs.map(logLine).joined(separator: "\n"))
        }
        blocks.append("</details>")
        return blocks.joined(separator: "\n\n")
    }

    /// `**error** \`CFA-RULE\` at [path:line](…): message` — as much of it as the diagnostic knows.
    static func line(for diagnostic: Diagnostic, links: RepositoryLinks?) -> String {
        var parts: [String] = []
        if let severity = diagnostic.severity { parts.append("**\(MarkdownText.inline(severity))**") }
        if let name = diagnostic.name {
            // A rule of the catalogue links its page; the name is then one the catalogue holds, not the verdict's text.
            parts.append(DocumentationLink.catalogRule(name).map { "[\(MarkdownText.code(name))](\($0))" } ?? MarkdownText.code(name))
        }
        if let file = diagnostic.file {
            parts.append("at " + MarkdownReport.locationLink(file: file, line: diagnostic.line, links: links))
        }
        let subject = parts.joined(separator: " ")
        let message = MarkdownText.inline(diagnostic.message) + alsoAt(diagnostic.related ?? [], links: links)
        return subject.isEmpty ? message : "\(subject): \(message)"
    }

    /// Related locations shown at most, so one finding with many uses stays one readable line.
    static let relatedShown = 10

    /// ` — also at [a.swift:3](…), [b.swift:9](…)`: the defect's other places; empty when it has none.
    static func alsoAt(_ related: [Diagnostic.RelatedLocation], links: RepositoryLinks?) -> String {
        guard !related.isEmpty else { return "" }
        let shown = related.prefix(relatedShown).map { MarkdownReport.locationLink(file: $0.file, line: $0.line, links: links) }
        let more = related.count > relatedShown ? " and \(related.count - relatedShown) more" : ""
        return " — also at " + shown.joined(separator: ", ") + more
    }

    private static func logLine(_ log: LogReference) -> String {
        "- \(MarkdownText.code(log.name)): \(MarkdownText.code(log.path)) (\(log.bytes) bytes, sha256 \(MarkdownText.code(ReviewPage.shortDigest(log.sha256))))"
    }
}
