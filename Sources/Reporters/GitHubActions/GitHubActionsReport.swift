import TextSafety
import Verdict

/// A verdict in GitHub Actions' own terms: annotations on the pull request's files, a collapsible log
/// group per item, and the Markdown page for the job summary. Print the lines to standard output.
public enum GitHubActionsReport {
    /// Annotations for an item's findings: one `::error` (or `::warning` for warning severity) per rule
    /// finding, compiler diagnostic and failing test, and per git or command finding that names a file.
    /// An item that failed or could not run but has no finding with a file gets one file-less `::error`
    /// carrying its summary, so every failure shows in the run's annotations. Notes and remarks are left
    /// to the log group: `::notice` is used only for the model build (`modelBuildNotices`).
    public static func annotations(for item: ItemResult) -> [String] {
        var lines: [String] = []
        for diagnostic in item.evidence.diagnostics {
            let wanted = [.rule, .compiler, .test].contains(diagnostic.kind) || diagnostic.file != nil
            guard wanted, let command = command(for: diagnostic.severity) else { continue }
            lines.append(WorkflowCommand.line(
                command,
                properties: [
                    "file": diagnostic.file.map(UntrustedText.escaped), "line": diagnostic.line.map(String.init),
                    "col": diagnostic.column.map(String.init), "title": title(for: diagnostic, in: item),
                ],
                message: UntrustedText.escapedKeepingLineBreaks(diagnostic.message)))
        }
        let hasLocatedFinding = item.evidence.diagnostics.contains { $0.file != nil }
        if (item.status == .failed || item.status == .error) && !hasLocatedFinding {
            let word = item.status == .error ? "error" : "failed"
            lines.append(WorkflowCommand.line(
                "error", properties: ["title": UntrustedText.escaped("Item \(item.number) \(word): \(item.title)")],
                message: UntrustedText.escapedKeepingLineBreaks(item.summary)))
        }
        return lines
    }

    /// One `::notice` per root cause of a model build (not per left-out file, which would bury the log in an app's
    /// SwiftUI files): the reason, on the first file it left out, with how many files it took along and how many
    /// tests never ran. Nothing when the run built the repository's own package.
    public static func modelBuildNotices(_ items: [ItemResult]) -> [String] {
        guard let record = ModelBuildText.record(items) else { return [] }
        let files = ModelBuildText.leftOutFiles(record, tests: items.flatMap { ModelBuildText.unavailableTests($0.evidence) })
        return ModelBuildText.rootCauses(record).map { cause in
            let charged = Set(cause.files + cause.charged)
            let unavailable = files.filter { charged.contains($0.path) }.map(\.tests.count).reduce(0, +)
            let shown = cause.files.prefix(3).joined(separator: ", ") + (cause.files.count > 3 ? " and \(cause.files.count - 3) more" : "")
            let tests = unavailable == 0 ? "" : " \(ModelBuildText.count(unavailable)) (never run, never counted passed)."
            return WorkflowCommand.line(
                "notice",
                properties: [
                    "file": cause.files.first.map(UntrustedText.escaped), "line": "1",
                    "title": UntrustedText.escaped("Model build: \(cause.reason)"),
                ],
                message: UntrustedText.escaped(
                    "Left out of the Linux model build: \(cause.phrase) — \(shown).\(tests) "
                        + "The job summary's Model build section lists every file and test."))
        }
    }

    /// The item's evidence inside a collapsible log group:
    /// `::group::<number>. <title> — <status>` … `::endgroup::`. Every entry in between is one line, escaped
    /// and neutralized (`UntrustedText.shownLine`), so output quoted as evidence can neither issue a command nor redraw.
    public static func group(for item: ItemResult) -> [String] {
        let evidence = item.evidence
        let time = item.status == .manual ? "" : " in \(ReviewPage.duration(item.durationSeconds))"
        var body = ["\(item.status.rawValue)\(time) (probe: \(item.probe))", item.summary]
        if let tests = evidence.tests {
            let unavailable = ModelBuildText.unavailableTests(evidence).count
            body.append(
                "tests: \(tests.passed) passed, \(tests.failed) failed, \(tests.skipped) skipped"
                    + (unavailable == 0 ? "" : ", \(unavailable) \(TestCaseStatus.unavailable.phrase)"))
        }
        for diagnostic in evidence.diagnostics {
            let location = ReviewPage.locationText(diagnostic).map { "\($0): " } ?? ""
            let name = diagnostic.name.map { "\($0): " } ?? ""
            body.append("\(location)\(diagnostic.severity ?? "error"): \(name)\(diagnostic.message)")
        }
        body += evidence.excerpt.map { "| \($0)" }
        body += evidence.logs.map { "log: \($0.path) (\($0.bytes) bytes, sha256 \($0.sha256))" }

        let heading = UntrustedText.escaped("\(item.number). \(item.title) — \(item.status.rawValue)")
        // One log line per entry, escaped (a line break in a message shows as `\u{a}`) and neutralized.
        return [WorkflowCommand.line("group", message: heading)]
            + body.map(UntrustedText.shownLine)
            + [WorkflowCommand.line("endgroup", message: "")]
    }

    /// What to append to `$GITHUB_STEP_SUMMARY`: the Markdown report, which GitHub shows on the run's page; its verify
    /// and review commands name `verdictPath`, where the run wrote the verdict (`--out`).
    public static func stepSummary(_ statement: Statement, links: RepositoryLinks?, verdictPath: String? = nil) -> String {
        MarkdownReport.render(statement, links: links, verdictPath: verdictPath)
    }

    /// `error` or `warning`; nil for notes and remarks, which would only add noise as annotations.
    private static func command(for severity: String?) -> String? {
        switch severity?.lowercased() {
        case nil, "error", "fatal", "fatal error": "error"
        case "warning": "warning"
        case "note", "remark", "info", "notice": nil
        default: "error"
        }
    }

    /// `CFA-VIEWMODEL-INLINE (item 1)`, `Build error (item 24)`, `Test failed: Suite/test()`.
    private static func title(for diagnostic: Diagnostic, in item: ItemResult) -> String {
        let severity = diagnostic.severity?.lowercased() == "warning" ? "warning" : "error"
        let title = switch diagnostic.kind {
        case .rule: "\(diagnostic.name ?? "CFA rule") (item \(item.number))"
        case .compiler: "Build \(severity) (item \(item.number))"
        case .test: diagnostic.name.map { "Test failed: \($0)" } ?? "Test failed (item \(item.number))"
        case .git: "Working tree not clean (item \(item.number))"
        case .command: "\(diagnostic.name ?? "Command") (item \(item.number))"
        }
        return UntrustedText.escaped(title)
    }
}
