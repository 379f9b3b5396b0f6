import CFAAnalysis
import Verdict

/// A verdict as one self-contained HTML page: the Markdown report's content, plus a sortable and
/// filterable items table, expandable failure details and the findings grouped by file. Inline CSS and
/// script only, a Content-Security-Policy that allows nothing else, and no network fetches.
enum HTMLReport {
    /// - Parameter links: where files and the commit can be seen on the web; without them paths are shown
    ///   as text, since a page saved anywhere cannot know where the repository's files are.
    /// - Parameter verdictPath: the file the verdict was written to or read from, when known: the footer's command names it.
    static func render(
        _ statement: Statement, links: RepositoryLinks?, reviews: [ManualItemReviews]? = nil, verdictPath: String? = nil
    ) -> String {
        render(statement, links: links, inventory: InventoryChangesView.from, reviews: reviews, verdictPath: verdictPath)
    }

    static func render(
        _ statement: Statement, links: RepositoryLinks?, inventory: InventoryLookup, reviews: [ManualItemReviews]? = nil,
        verdictPath: String? = nil
    ) -> String {
        let predicate = statement.predicate
        let style = HTMLPageStyle.css
        let script = HTMLPageScript.javascript
        let title = "cfa-gate \(predicate.result.rawValue.uppercased()) · \(ReviewPage.repositoryName(statement) ?? "repository")"
            + " @ \(ReviewPage.shortCommit(predicate.repository.commit))"

        // What did not pass comes first; the run's own errors and notes, when any, go above it.
        var sections = (HTMLFailureSummary.render(predicate.items).map { [$0] } ?? []) + [HTMLItemsTable.render(predicate.items)]
        if let runNotes = predicate.runNotes {
            sections.insert(listSection(id: "run-notes", heading: PolicyText.runNotesHeading, note: nil, entries: runNotes.map(HTMLText.escaped)), at: 0)
        }
        if let runErrors = predicate.runErrors {
            sections.insert(listSection(id: "run-errors", heading: PolicyText.runErrorsHeading, note: nil, entries: runErrors.map(HTMLText.escaped)), at: 0)
        }
        if let changes = predicate.policy?.changes {
            let entries = changes.map { location(file: $0.file, line: $0.line, links: links) + " " + HTMLText.escaped($0.summary) }
            sections.append(listSection(id: "policy-change", heading: PolicyText.changeHeading, note: PolicyText.changeNote, entries: entries))
        }
        let failing = ReviewPage.itemsNeedingDetails(predicate)
        if !failing.isEmpty {
            sections.append("""
                <section id="failures" aria-labelledby="failures-heading">
                <h2 id="failures-heading">Failures</h2>
                <p class="toolbar" hidden><button type="button" id="toggle-details">Expand all</button></p>
                \(failing.map { HTMLItemDetails.render($0, links: links) }.joined(separator: "\n"))
                </section>
                """)
        }
        if let modelBuild = HTMLModelBuild.render(predicate.items, links: links) { sections.append(modelBuild) }
        if let findings = HTMLFindingsByFile.render(predicate.items, links: links) { sections.append(findings) }
        let changes = predicate.items.compactMap { item in inventory(item.evidence).map { (item, $0) } }
        if !changes.isEmpty { sections.append(inventorySection(changes, links: links)) }
        if let baseline = BaselineReport.html(predicate.analysis?.baseline, links: links) { sections.append(baseline) }
        if !predicate.awaitingReview.isEmpty {
            sections.append(reviewSection(predicate, reviews ?? ManualItemReviews.awaiting(predicate), verdictPath: verdictPath))
        }

        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(HTMLText.escaped(HTMLContentSecurityPolicy.policy(style: style, script: script)))">
            <meta name="referrer" content="no-referrer">
            <meta name="color-scheme" content="light dark">
            <title>\(HTMLText.escaped(title))</title>
            <style>\(style)</style>
            </head>
            <body>
            <div class="page">
            \(banner(statement, links: links))
            <main>
            \(sections.joined(separator: "\n"))
            </main>
            \(footer(predicate, verdictPath: verdictPath))
            </div>
            <script>\(script)</script>
            </body>
            </html>

            """
    }

    static func badge(_ status: ItemStatus, text: String? = nil) -> String {
        "<span class=\"badge status-\(status.rawValue)\">\(HTMLText.escaped(text ?? status.rawValue))</span>"
    }

    /// `path:line` as a link to the line on the web, or as code when there are no web links.
    static func location(file: String, line: Int?, column: Int? = nil, links: RepositoryLinks?) -> String {
        let text = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        let code = "<code>\(HTMLText.escaped(text))</code>"
        guard let links else { return code }
        return "<a href=\"\(HTMLText.escaped(links.url(path: file, line: line)))\">\(code)</a>"
    }

    private static func banner(_ statement: Statement, links: RepositoryLinks?) -> String {
        let predicate = statement.predicate
        let repository = predicate.repository
        let (symbol, result) = switch predicate.result {
        case .passed: ("✓", "passed")
        case .failed: ("✗", "failed")
        case .error: ("⚠", "error")
        }
        let counts = ReviewPage.statusOrder.compactMap { status -> String? in
            let count = predicate.items.filter { $0.status == status }.count
            return count == 0 ? nil : badge(status, text: "\(count) \(status.rawValue)")
        }
        let shortCommit = "<code>\(HTMLText.escaped(ReviewPage.shortCommit(repository.commit)))</code>"
        let commitLink = links.map { "<a href=\"\(HTMLText.escaped($0.commitURL))\">\(shortCommit)</a>" } ?? shortCommit
        var facts: [(String, String)] = [
            ("Commit", "\(commitLink) <code>\(HTMLText.escaped(repository.commit))</code>"),
            ("Branch", repository.branch.map { "<code>\(HTMLText.escaped($0))</code>" } ?? "detached HEAD"),
            ("Package", "<code>\(HTMLText.escaped(repository.packagePath))</code>"),
            ("Checklist", "<code>\(HTMLText.escaped(predicate.checklist.path))</code> sha256 "
                + "<code>\(HTMLText.escaped(ReviewPage.shortDigest(predicate.checklist.sha256)))</code>"),
            ("Toolchain", HTMLText.escaped(predicate.swiftToolchain ?? "unknown")),
            ("Tool", HTMLText.escaped("\(predicate.tool.name) \(predicate.tool.version)")),
            ("Duration", "\(ReviewPage.elapsed(predicate)) "
                + "<span class=\"muted\">(started \(HTMLText.escaped(ReviewPage.timestamp(predicate.startedAt))))</span>"),
        ]
        if let policy = predicate.policy {
            facts.insert(("Policy", HTMLText.escaped(PolicyText.origin(policy))), at: 4)
        }
        if let isolation = predicate.isolation {
            facts.append(("Sandbox", HTMLText.escaped(isolation.line(sandbox: predicate.sandbox))))
        }
        let name = ReviewPage.repositoryName(statement).map { " <code>\(HTMLText.escaped($0))</code>" } ?? ""
        return """
            <header class="banner result-\(result)">
            <p class="muted">cfa-gate verdict · \(HTMLText.inline(predicate.checklist.title ?? "Checklist"))</p>
            <h1><span class="result-word">\(symbol) \(result.uppercased())</span>\(name) at \(shortCommit)</h1>
            <p class="counts">\(counts.isEmpty ? "no items" : counts.joined(separator: " "))</p>
            <dl class="facts">
            \(facts.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined(separator: "\n"))
            </dl>
            </header>
            """
    }

    private static func inventorySection(_ changes: [(ItemResult, InventoryChangesView)], links: RepositoryLinks?) -> String {
        let groups = changes.map { item, inventory in
            let lines = inventory.changes.map { change in
                let place = change.file.map { " at " + location(file: $0, line: change.line, links: links) } ?? ""
                return "<li>\(HTMLText.escaped(InventoryChangesView.verb(change.kind))): \(HTMLText.escaped(change.part)) "
                    + "<code>\(HTMLText.escaped(change.name))</code>\(place)</li>"
            }
            return "<h3>\(item.number). \(HTMLText.inline(item.title))</h3>\n<ul>\n\(lines.joined(separator: "\n"))\n</ul>"
        }
        return """
            <section id="inventory" aria-labelledby="inventory-heading">
            <h2 id="inventory-heading">Inventory changes</h2>
            \(groups.joined(separator: "\n"))
            </section>
            """
    }

    /// A titled list; `entries` are HTML already escaped.
    private static func listSection(id: String, heading: String, note: String?, entries: [String]) -> String {
        let explanation = note.map { "<p class=\"muted\">\(HTMLText.escaped($0))</p>\n" } ?? ""
        return """
            <section id="\(id)" aria-labelledby="\(id)-heading">
            <h2 id="\(id)-heading">\(HTMLText.escaped(heading))</h2>
            \(explanation)<ul>
            \(entries.map { "<li>\($0)</li>" }.joined(separator: "\n"))
            </ul>
            </section>
            """
    }

    private static func reviewSection(_ predicate: GatePredicate, _ reviews: [ManualItemReviews], verdictPath: String?) -> String {
        let entries = ReviewText.htmlEntries(reviews)
        let review = ReviewPage.reviewCommand(predicate, verdictPath: verdictPath)
        let command = predicate.result == .passed ? "\n<pre><code>\(HTMLText.escaped(review))</code></pre>" : ""
        return """
            <section id="review" aria-labelledby="review-heading">
            <h2 id="review-heading">Awaiting a person</h2>
            <p class="muted">\(HTMLText.inline(ReviewPage.signOffNote(predicate.result)))</p>
            <ul class="tasks">
            \(entries.joined(separator: "\n"))
            </ul>\(command)
            </section>
            """
    }

    private static func footer(_ predicate: GatePredicate, verdictPath: String?) -> String {
        let commit = predicate.repository.commit
        let note = predicate.signer.note.map { "<p>Signer's note: \(HTMLText.inline($0))</p>" } ?? ""
        // Only a page rendered without its verdict's path falls back on the default one, and says so.
        let written = verdictPath.map { "<code>\(HTMLText.escaped($0))</code>" }
            ?? "written to <code>\(HTMLText.escaped(ReviewPage.defaultVerdictPath(commit: commit)))</code> unless <code>--out</code> named another file"
        return """
            <footer>
            <p>Verify the signed verdict (\(written); <code>PUBLIC_KEY_FILE</code> is the public half of the signing key):</p>
            <pre><code>\(HTMLText.escaped(ReviewPage.verifyCommand(commit: commit, verdictPath: verdictPath)))</code></pre>
            <p>\(HTMLText.escaped(ReviewPage.signerNote(predicate.signer)))</p>
            \(note)
            </footer>
            """
    }
}

extension HTMLReport {
    /// A finding's rule or test name in code type; a rule of the catalogue links its reference page (a link to
    /// follow, not a fetch: the page still loads nothing).
    static func ruleName(_ name: String) -> String {
        let code = "<code>\(HTMLText.escaped(name))</code>"
        return DocumentationLink.catalogRule(name).map { "<a href=\"\(HTMLText.escaped($0.url))\">\(code)</a>" } ?? code
    }
}
