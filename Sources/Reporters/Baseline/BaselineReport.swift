import Verdict

/// How the reports show the baseline of known findings: a count, the fixed entries, and the accepted findings in
/// a collapsed list. Only verdicts with a baseline in use show anything, so other reports are unchanged.
package enum BaselineReport {
    /// "12 known findings accepted by the baseline, not failing".
    static func acceptedNote(_ baseline: BaselineSummary) -> String {
        let count = baseline.baselined.count
        return "\(count) known finding\(count == 1 ? "" : "s") accepted by the baseline, not failing"
    }

    /// A fixed entry in one line of text: `file: message [RULE] ×2`.
    static func fixedText(_ entry: BaselineSummary.Entry) -> String {
        "\(entry.file): \(entry.message) [\(entry.rule)]\(entry.count > 1 ? " ×\(entry.count)" : "")"
    }

    /// The closing lines of `run` about the baseline.
    package static func terminalLines(_ baseline: BaselineSummary?) -> [String] {
        guard let baseline else { return [] }
        var lines = ["Baseline: \(baseline.path): \(acceptedNote(baseline)) (listed in the verdict and reports)"]
        if let note = baseline.fixedNote {
            lines.append("  \(note)")
            lines += baseline.fixed.prefix(10).map { "      \(fixedText($0))" }
            if baseline.fixed.count > 10 { lines.append("      … and \(baseline.fixed.count - 10) more, listed in the verdict") }
        }
        return lines
    }

    static func markdown(_ baseline: BaselineSummary?, links: RepositoryLinks?) -> String? {
        guard let baseline, !baseline.baselined.isEmpty || !baseline.fixed.isEmpty else { return nil }
        var blocks = ["### Baselined findings", "Baseline \(MarkdownText.code(baseline.path)): \(acceptedNote(baseline))."]
        if let note = baseline.fixedNote {
            blocks.append(MarkdownText.inline(note) + ":")
            blocks.append(baseline.fixed.map { entry in
                "- \(MarkdownText.code(entry.rule)) in \(MarkdownText.code(entry.file)): \(MarkdownText.inline(entry.message))"
                    + (entry.count > 1 ? " ×\(entry.count)" : "")
            }.joined(separator: "\n"))
        }
        if !baseline.baselined.isEmpty {
            // `<summary>` sits in an HTML block and takes HTML; the blank line after it lets the body be Markdown.
            var lines = baseline.baselined.prefix(MarkdownItemDetails.findingsShownPerGroup).map {
                "- " + MarkdownItemDetails.line(for: $0, links: links)
            }
            let hidden = baseline.baselined.count - MarkdownItemDetails.findingsShownPerGroup
            if hidden > 0 { lines.append("- … and \(hidden) more, listed in the HTML report and the verdict") }
            blocks.append("<details>\n<summary>Known findings (\(baseline.baselined.count))</summary>")
            blocks.append(lines.joined(separator: "\n"))
            blocks.append("</details>")
        }
        return blocks.joined(separator: "\n\n")
    }

    static func html(_ baseline: BaselineSummary?, links: RepositoryLinks?) -> String? {
        guard let baseline, !baseline.baselined.isEmpty || !baseline.fixed.isEmpty else { return nil }
        var parts = ["<p>Baseline <code>\(HTMLText.escaped(baseline.path))</code>: \(HTMLText.escaped(acceptedNote(baseline))).</p>"]
        if let note = baseline.fixedNote {
            let entries = baseline.fixed.map { entry in
                "<li><code>\(HTMLText.escaped(entry.rule))</code> in <code>\(HTMLText.escaped(entry.file))</code>: "
                    + "\(HTMLText.inline(entry.message))\(entry.count > 1 ? " ×\(entry.count)" : "")</li>"
            }
            parts.append("<p>\(HTMLText.inline(note)):</p>\n<ul class=\"findings\">\n\(entries.joined(separator: "\n"))\n</ul>")
        }
        if !baseline.baselined.isEmpty {
            parts.append("""
                <details>
                <summary>Known findings (\(baseline.baselined.count))</summary>
                <ul class="findings">
                \(baseline.baselined.map { HTMLItemDetails.finding($0, links: links) }.joined(separator: "\n"))
                </ul>
                </details>
                """)
        }
        return """
            <section id="baseline" aria-labelledby="baseline-heading">
            <h2 id="baseline-heading">Baselined findings</h2>
            \(parts.joined(separator: "\n"))
            </section>
            """
    }
}
