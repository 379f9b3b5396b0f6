import Verdict

/// The page's "Model build" section (`id="model-build"`), the Markdown section's content with every entry listed: what
/// compiled, the test counts with `unavailable` apart from skipped, each left-out file with its reason, and each
/// unavailable test with its file and reason.
enum HTMLModelBuild {
    static func render(_ items: [ItemResult], links: RepositoryLinks?) -> String? {
        guard let record = ModelBuildText.record(items) else { return nil }
        var body: [String] = []
        let causes = ModelBuildText.rootCausesLine(record).map { "; \(HTMLText.inline($0))" } ?? ""
        body.append(
            "<p>" + HTMLText.inline(ModelBuildText.opening(record))
                + " <strong>\(HTMLText.escaped(ModelBuildText.compiledLine(record)))</strong>\(causes).</p>")
        let table = ReviewPage.testCountColumns(items)
        if !table.rows.isEmpty {
            let head = "<tr><th scope=\"col\">Item</th>" + table.statuses.map { "<th scope=\"col\">\(HTMLText.escaped($0.phrase))</th>" }.joined() + "</tr>"
            let rows = table.rows.map { row in
                "<tr><td>\(row.item.number). \(HTMLText.inline(row.item.title))</td>" + row.counts.map { "<td class=\"number\">\($0)</td>" }.joined()
                    + "</tr>"
            }
            body.append("<table class=\"test-counts\">\n<thead>\(head)</thead>\n<tbody>\n\(rows.joined(separator: "\n"))\n</tbody>\n</table>")
        }
        if !record.excluded.isEmpty {
            let entries = record.excluded.map { "<li>\(HTMLReport.location(file: $0.path, line: nil, links: links)): \(HTMLText.inline($0.reason))</li>" }
            body.append("<h3>Left out (\(record.excluded.count))</h3>\n<ul>\n\(entries.joined(separator: "\n"))\n</ul>")
        }
        let tests = items.flatMap { ModelBuildText.unavailableTests($0.evidence) }
        if !tests.isEmpty {
            let entries = ModelBuildText.leftOutFiles(record, tests: tests).flatMap { file in
                let place = file.path.isEmpty ? "" : HTMLReport.location(file: file.path, line: nil, links: links) + ": "
                return file.tests.map { "<li><code>\(HTMLText.escaped($0))</code> — \(place)\(HTMLText.inline(file.reason))</li>" }
            }
            body.append(
                "<h3>\(HTMLText.escaped(ModelBuildText.count(tests.count)))</h3>\n"
                    + "<p class=\"muted\">Declared in left-out files; never run, never counted passed.</p>"
                    + "\n<ul>\n\(entries.joined(separator: "\n"))\n</ul>")
        }
        return """
            <section id="model-build" aria-labelledby="model-build-heading">
            <h2 id="model-build-heading">\(ModelBuildText.heading)</h2>
            \(body.joined(separator: "\n"))
            </section>
            """
    }
}
