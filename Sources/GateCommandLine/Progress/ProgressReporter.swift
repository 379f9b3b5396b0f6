import CFAAnalysis
import Checklist
import Foundation
import GateEngine
import Reporters
import TextSafety
import Verdict

/// One line per event while a run goes: when an item starts and when it finishes, with its status and time.
///
/// Titles, probe arguments, summaries and diagnostics come from the change under test: each is escaped where it is
/// put into a line (`UntrustedText.escaped`), so it stays on its line and moves no cursor, and every line is
/// neutralized whole, so none can begin a workflow command. The gate's own colour codes are added around its own
/// words only, after the escaping.
enum ProgressReporter {
    static func line(for event: GateEvent, style: TerminalStyle = .plain) -> String? {
        unsafeLine(for: event, style: style).map(UntrustedText.neutralized)
    }

    private static func unsafeLine(for event: GateEvent, style: TerminalStyle) -> String? {
        let shown = UntrustedText.escaped
        switch event {
        case .checklistLoaded(let path, let count):
            return "checklist \(shown(path)): \(count) items"
        case .itemStarted(let item):
            return "[\(item.number)] start   \(shown(item.probe.displayText)) — \(shown(item.title))"
        case .testsRunning:
            // Only a live terminal shows the running tests; a log gets each item's result instead.
            return nil
        case .itemFinished(let result):
            // Manual items are listed together in the summary instead of one line each.
            guard result.status != .manual else { return nil }
            let status = result.status.painted(result.status.label.padding(toLength: 6, withPad: " ", startingAt: 0), style)
            // A failure's whole text is repeated in the closing summary, so its progress line stays one screen line.
            let summary = result.status == .failed || result.status == .error
                ? clipped(shown(result.summary), to: itemSummaryWidth) : shown(result.summary)
            return "[\(result.number)] \(status)  \(DurationText.seconds(result.durationSeconds))  \(summary)"
        }
    }

    /// The most of a failed or errored item's summary its progress line shows, in characters: with the number, status and
    /// time before it (about 20), the line fits 120 columns. Not counted from the time's width, so a log reads the same
    /// however long an item took.
    static let itemSummaryWidth = 100
    /// How many of a failed item's excerpt lines the closing summary prints; the verdict and its log keep the rest.
    static let excerptLinesShown = 10

    /// `text` cut to `width` characters, the cut marked with "…".
    static func clipped(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(1, width - 1))) + "…"
    }

    /// The closing lines of `run`: the result, counts, failures with their first evidence, where the
    /// verdict is, and how to check it.
    static func summary(_ outcome: GateOutcome, verifyCommand: String, style: TerminalStyle = .plain) -> [String] {
        let predicate = outcome.predicate
        let shown = UntrustedText.escaped
        var lines = [""]
        let counts = ItemStatus.allCases.map { status in
            "\(predicate.items.filter { $0.status == status }.count) \(status.rawValue)"
        }
        // A model build's unavailable tests are counted apart, beside the items: a passing item must not read as all its tests passing.
        let unavailable = predicate.items.map { ModelBuildText.unavailableTests($0.evidence).count }.reduce(0, +)
        let tests = unavailable == 0 ? "" : "; \(ModelBuildText.count(unavailable)) (model build)"
        // A run error is no item's: named in the result line, so "0 error" beside ERROR does not read as a contradiction.
        let runErrors = predicate.runErrors ?? []
        let runError = runErrors.first.map { first in
            let line = first.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? first
            let more = runErrors.count > 1 ? " (and \(runErrors.count - 1) more)" : ""
            return "run error: \(clipped(shown(line), to: 100))\(more); "
        } ?? ""
        lines.append(
            "Result: \(predicate.result.painted(predicate.result.banner, style)) — \(runError)\(counts.joined(separator: ", "))\(tests)")
        for problem in predicate.runErrors ?? [] {
            lines.append("  \(GateResult.error.painted("ERROR", style)) the run: \(shown(problem))")
        }
        for note in predicate.runNotes ?? [] { lines.append("  note: \(shown(note))") }
        for group in Self.failureGroups(predicate.items) {
            let item = group[0]
            let label = item.status.painted(item.status.label, style)
            guard group.count == 1 else {
                // Items that failed alike (the `cfa` items of an app not CFA yet) are one line, not one each.
                lines.append("  \(label) \(ItemNumbers.compact(group.map(\.number))): \(shown(item.summary))")
                continue
            }
            // The diagnostics are listed below, so the summary's "first: …" would print the first one twice.
            let summary = item.evidence.diagnostics.isEmpty ? item.summary : item.summaryHeadline
            lines.append("  \(label) \(item.number). \(shown(item.title)): \(shown(summary))")
            for diagnostic in item.evidence.diagnostics.prefix(3) {
                lines.append("      \(shown(diagnostic.locatedMessage))")
            }
            lines += evidenceLines(item, verdictPath: outcome.verdictPath)
        }
        for item in predicate.items where !ModelBuildText.unavailableTests(item.evidence).isEmpty {
            lines.append("  \(item.number). \(shown(item.title)):")
            lines += ModelBuildText.terminalLines(item).map { "    \(shown($0))" }
        }
        lines += RulePageLines.lines(shownRules(predicate))
        lines += BaselineReport.terminalLines(predicate.analysis?.baseline).map(shown)
        if !predicate.awaitingReview.isEmpty {
            lines.append("Awaiting a person: items \(ItemNumbers.compact(predicate.awaitingReview.map(\.number)))")
        }
        if let policy = predicate.policy {
            lines.append("Policy: \(shown(PolicyText.origin(policy)))")
            lines += (policy.changes.map(PolicyText.lines) ?? []).map(shown)
        }
        if let isolation = predicate.isolation { lines.append("Sandbox: \(shown(isolation.line(sandbox: predicate.sandbox)))") }
        lines.append("Verdict: \(shown(outcome.verdictPath))")
        lines.append("Verify:  \(shown(verifyCommand))")
        if predicate.result == .passed, !predicate.awaitingReview.isEmpty {
            lines.append(
                "Review:  cfa-gate review \(shown(outcome.verdictPath)) --key REVIEWER.pem --approve all   "
                    + "(the person's part, signed: \(DocumentationLink.signingAReview))")
        }
        return lines.map(UntrustedText.neutralized)
    }
}

extension ProgressReporter {
    /// The rules of the findings the summary lists, in the order it lists them.
    static func shownRules(_ predicate: GatePredicate) -> [String] {
        let listed = predicate.items.filter { item in item.status == .failed || item.status == .error }
        let diagnostics: [Diagnostic] = listed.flatMap { item in Array(item.evidence.diagnostics.prefix(3)) }
        return diagnostics.compactMap { diagnostic in diagnostic.kind == .rule ? diagnostic.name : nil }
    }

    /// A failed item's last excerpt lines and where its full logs are: `<verdict>.logs/` beside the verdict, which the run
    /// keeps (the log paths are relative to the verdict's folder).
    static func evidenceLines(_ item: ItemResult, verdictPath: String) -> [String] {
        let excerpt = item.evidence.excerpt.suffix(excerptLinesShown).map { "      | \(UntrustedText.escaped($0))" }
        let folder = URL(fileURLWithPath: verdictPath).deletingLastPathComponent().path
        let logs = item.evidence.logs.map { log in
            let path = log.path.hasPrefix("/") ? log.path : "\(folder)/\(log.path)"
            return "      log: \(UntrustedText.escaped(path))"
        }
        return excerpt + logs
    }

    /// The failed and errored items in order, consecutive ones (by number) with the same status and summary and no
    /// diagnostics of their own gathered into one group.
    static func failureGroups(_ items: [ItemResult]) -> [[ItemResult]] {
        var groups: [[ItemResult]] = []
        for item in items where item.status == .failed || item.status == .error {
            if let last = groups.last?.last, last.number + 1 == item.number, last.status == item.status, last.summary == item.summary,
                last.evidence.diagnostics.isEmpty, item.evidence.diagnostics.isEmpty
            {
                groups[groups.count - 1].append(item)
            } else {
                groups.append([item])
            }
        }
        return groups
    }
}
