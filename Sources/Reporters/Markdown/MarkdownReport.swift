import Verdict

/// A verdict as a reviewer's page for a pull request (GitHub-flavoured Markdown): the result, what was
/// judged, every item, the details of what failed, what a person still has to check, and how to verify.
/// Also what `GitHubActionsReport.stepSummary` appends to `$GITHUB_STEP_SUMMARY`.
enum MarkdownReport {
    /// - Parameter links: where files and the commit can be seen on the web; nil links files relative to
    ///   the repository root (`[path:line](path#Lline)`), which works where the Markdown is read inside
    ///   the repository.
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
        var blocks = [banner(predicate.result), overview(statement, links: links), itemsTable(predicate.items)]
        if let runErrors = predicate.runErrors {
            blocks.append("### \(PolicyText.runErrorsHeading)")
            blocks.append(runErrors.map { "- ⚠️ \(MarkdownText.inline($0))" }.joined(separator: "\n"))
        }
        if let runNotes = predicate.runNotes {
            blocks.append("### \(PolicyText.runNotesHeading)")
            blocks.append(runNotes.map { "- \(MarkdownText.inline($0))" }.joined(separator: "\n"))
        }
        if let changes = predicate.policy?.changes {
            blocks.append("### \(PolicyText.changeHeading)")
            blocks.append(PolicyText.changeNote)
            blocks.append(changes.map { "- " + locationLink(file: $0.file, line: $0.line, links: links) + ": " + MarkdownText.inline($0.summary) }
                .joined(separator: "\n"))
        }
        let failing = ReviewPage.itemsNeedingDetails(predicate)
        if !failing.isEmpty {
            blocks.append("### Failures")
            blocks += failing.map { MarkdownItemDetails.render($0, links: links) }
        }
        if let modelBuild = MarkdownModelBuild.render(predicate.items, links: links) { blocks.append(modelBuild) }
        let changes = predicate.items.compactMap { item in inventory(item.evidence).map { (item, $0) } }
        if !changes.isEmpty {
            blocks.append("### Inventory changes")
            blocks += changes.map { item, changes in inventorySection(item, changes, links: links) }
        }
        if let baseline = BaselineReport.markdown(predicate.analysis?.baseline, links: links) { blocks.append(baseline) }
        if !predicate.awaitingReview.isEmpty {
            blocks.append("### Awaiting a person")
            blocks.append(ReviewPage.signOffNote(predicate.result))
            blocks.append(ReviewText.markdownLines(reviews ?? ManualItemReviews.awaiting(predicate)).joined(separator: "\n"))
            if predicate.result == .passed {
                blocks.append(MarkdownText.codeBlock([ReviewPage.reviewCommand(predicate, verdictPath: verdictPath)], language: "sh"))
            }
        }
        blocks.append(footer(statement, verdictPath: verdictPath))
        return blocks.joined(separator: "\n\n") + "\n"
    }

    static func banner(_ result: GateResult) -> String {
        let symbol = switch result {
        case .passed: "✅"
        case .failed: "❌"
        case .error: "⚠️"
        }
        return "## \(symbol) cfa-gate: \(result.rawValue.uppercased())"
    }

    static func statusCell(_ status: ItemStatus) -> String {
        let symbol = switch status {
        case .passed: "✅"
        case .failed: "❌"
        case .error: "⚠️"
        case .skipped: "⏭️"
        case .manual: "📝"
        }
        return "\(symbol) \(status.rawValue)"
    }

    /// `[path:line](target)`: on the web when `links` are given, else relative to the repository root.
    static func locationLink(file: String, line: Int?, links: RepositoryLinks?) -> String {
        let text = file + (line.map { ":\($0)" } ?? "")
        let target = links?.url(path: file, line: line) ?? FileLinkTarget.relativeURL(path: file, line: line)
        return MarkdownText.link(text, to: target)
    }

    private static func overview(_ statement: Statement, links: RepositoryLinks?) -> String {
        let predicate = statement.predicate
        let repository = predicate.repository
        var heading = MarkdownText.inline(predicate.checklist.title ?? "Checklist")
        if let name = ReviewPage.repositoryName(statement) { heading += " for \(MarkdownText.code(name))" }
        let counts = ReviewPage.counts(predicate.items)
        let shortCommit = MarkdownText.code(ReviewPage.shortCommit(repository.commit))
        let commit = links.map { "[\(shortCommit)](\($0.commitURL))" } ?? shortCommit
        var lines = [
            "**\(heading)** — \(counts.isEmpty ? "no items" : counts)",
            "",
            "- **Commit:** \(commit) (\(MarkdownText.code(repository.commit)))",
            "- **Branch:** \(repository.branch.map { MarkdownText.code($0) } ?? "detached HEAD")",
            "- **Package:** \(MarkdownText.code(repository.packagePath))",
            "- **Checklist:** \(MarkdownText.code(predicate.checklist.path)) (sha256 \(MarkdownText.code(ReviewPage.shortDigest(predicate.checklist.sha256))))",
            "- **Toolchain:** \(MarkdownText.inline(predicate.swiftToolchain ?? "unknown")) · "
                + MarkdownText.inline("\(predicate.tool.name) \(predicate.tool.version)"),
            "- **Duration:** \(ReviewPage.elapsed(predicate)) (started \(ReviewPage.timestamp(predicate.startedAt)))",
        ]
        if let policy = predicate.policy {
            lines.insert("- **Policy:** \(MarkdownText.inline(PolicyText.origin(policy)))", at: 6)
        }
        if let isolation = predicate.isolation {
            lines.append("- **Sandbox:** \(MarkdownText.inline(isolation.line(sandbox: predicate.sandbox)))")
        }
        return lines.joined(separator: "\n")
    }

    private static func itemsTable(_ items: [ItemResult]) -> String {
        var rows = ["| # | Item | Status | Duration | Evidence |", "|---:|---|---|---:|---|"]
        for item in items {
            let duration = item.status == .manual ? "—" : ReviewPage.duration(item.durationSeconds)
            let cells = [
                "\(item.number)", MarkdownText.inline(item.title, in: .tableCell), statusCell(item.status), duration,
                MarkdownText.inline(item.summary, in: .tableCell),
            ]
            rows.append("| " + cells.joined(separator: " | ") + " |")
        }
        return rows.joined(separator: "\n")
    }

    private static func inventorySection(_ item: ItemResult, _ inventory: InventoryChangesView, links: RepositoryLinks?) -> String {
        var lines = ["**\(item.number). \(MarkdownText.inline(item.title))**", ""]
        for change in inventory.changes {
            let place = change.file.map { " at " + locationLink(file: $0, line: change.line, links: links) } ?? ""
            lines.append(
                "- \(MarkdownText.inline(InventoryChangesView.verb(change.kind))): \(MarkdownText.inline(change.part)) "
                    + "\(MarkdownText.code(change.name))\(place)")
        }
        return lines.joined(separator: "\n")
    }

    private static func footer(_ statement: Statement, verdictPath: String?) -> String {
        let predicate = statement.predicate
        let commit = predicate.repository.commit
        let written = verdictPath.map { MarkdownText.code($0) }
            ?? "written to \(MarkdownText.code(ReviewPage.defaultVerdictPath(commit: commit))) unless `--out` named another file"
        var lines = [
            "---",
            "",
            "**Verify** the signed verdict (\(written); `PUBLIC_KEY_FILE` is the public half of the signing key):",
            "",
            MarkdownText.codeBlock([ReviewPage.verifyCommand(commit: commit, verdictPath: verdictPath)], language: "sh"),
            "",
            MarkdownText.inline(ReviewPage.signerNote(predicate.signer)),
        ]
        if let note = predicate.signer.note { lines += ["", "Signer's note: \(MarkdownText.inline(note))"] }
        return lines.joined(separator: "\n")
    }
}
