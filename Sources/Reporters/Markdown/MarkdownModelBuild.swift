import Verdict

/// The "Model build" section of the reviewer's page, shown when the gate built an Xcode app's Linux-compilable files as
/// a package of its own: what compiled, each left-out file with its reason, the test counts with `unavailable` apart
/// from skipped, and every unavailable test with its reason (up to the page's limit per list).
enum MarkdownModelBuild {
    static func render(_ items: [ItemResult], links: RepositoryLinks?) -> String? {
        guard let record = ModelBuildText.record(items) else { return nil }
        var blocks = ["### \(ModelBuildText.heading)"]
        let causes = ModelBuildText.rootCausesLine(record).map { "; \(MarkdownText.inline($0))" } ?? ""
        blocks.append(
            MarkdownText.inline(ModelBuildText.opening(record)) + " **\(MarkdownText.inline(ModelBuildText.compiledLine(record)))**\(causes).")
        let table = ReviewPage.testCountColumns(items)
        if !table.rows.isEmpty {
            var rows = ["| Item | " + table.statuses.map(\.phrase).joined(separator: " | ") + " |"]
            rows.append("|---|" + table.statuses.map { _ in "---:|" }.joined())
            for row in table.rows {
                rows.append("| \(row.item.number). \(MarkdownText.inline(row.item.title, in: .tableCell)) | "
                    + row.counts.map(String.init).joined(separator: " | ") + " |")
            }
            blocks.append(rows.joined(separator: "\n"))
        }
        if !record.excluded.isEmpty {
            blocks.append("**Left out** (\(record.excluded.count))")
            blocks.append(limited(record.excluded.map { exclusion in
                "- " + MarkdownReport.locationLink(file: exclusion.path, line: nil, links: links) + ": " + MarkdownText.inline(exclusion.reason)
            }))
        }
        let tests = items.flatMap { ModelBuildText.unavailableTests($0.evidence) }
        if !tests.isEmpty {
            blocks.append("**\(MarkdownText.inline(ModelBuildText.count(tests.count)))** — declared in left-out files; never run, never counted passed")
            let lines = ModelBuildText.leftOutFiles(record, tests: tests).flatMap { file in
                let place = file.path.isEmpty ? "" : MarkdownReport.locationLink(file: file.path, line: nil, links: links) + ": "
                return file.tests.map { "- \(MarkdownText.code($0)) — \(place)\(MarkdownText.inline(file.reason))" }
            }
            blocks.append(limited(lines))
        }
        return blocks.joined(separator: "\n\n")
    }

    /// The first lines of a list, then how many more: the job summary has a size limit the verdict has not.
    private static func limited(_ lines: [String]) -> String {
        let limit = MarkdownItemDetails.findingsShownPerGroup
        let hidden = lines.count - limit
        return (lines.prefix(limit) + (hidden > 0 ? ["- … and \(hidden) more, listed in the HTML report and the verdict"] : []))
            .joined(separator: "\n")
    }
}
