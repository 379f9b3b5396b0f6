import Checklist
import GateEngine
import Reporters
import Verdict

/// One line per event while a run goes: when an item starts and when it finishes, with its status and time.
enum ProgressReporter {
    static func line(for event: GateEvent, style: TerminalStyle = .plain) -> String? {
        switch event {
        case .checklistLoaded(let path, let count):
            return "checklist \(path): \(count) items"
        case .itemStarted(let item):
            return "[\(item.number)] start   \(item.probe.displayText) — \(item.title)"
        case .testsRunning:
            // Only a live terminal shows the running tests; a log gets each item's result instead.
            return nil
        case .itemFinished(let result):
            // Manual items are listed together in the summary instead of one line each.
            guard result.status != .manual else { return nil }
            let status = result.status.painted(result.status.label.padding(toLength: 6, withPad: " ", startingAt: 0), style)
            return "[\(result.number)] \(status)  \(DurationText.seconds(result.durationSeconds))  \(result.summary)"
        }
    }

    /// The closing lines of `run`: the result, counts, failures with their first evidence, where the
    /// verdict is, and how to check it.
    static func summary(_ outcome: GateOutcome, verifyCommand: String, style: TerminalStyle = .plain) -> [String] {
        let predicate = outcome.predicate
        var lines = [""]
        let counts = ItemStatus.allCases.map { status in
            "\(predicate.items.filter { $0.status == status }.count) \(status.rawValue)"
        }
        lines.append("Result: \(predicate.result.painted(predicate.result.banner, style)) — \(counts.joined(separator: ", "))")
        for problem in predicate.runErrors ?? [] {
            lines.append("  \(GateResult.error.painted("ERROR", style)) the run: \(problem)")
        }
        for item in predicate.items where item.status == .failed || item.status == .error {
            // The diagnostics are listed below, so the summary's "first: …" would print the first one twice.
            let summary = item.evidence.diagnostics.isEmpty ? item.summary : item.summaryHeadline
            lines.append("  \(item.status.painted(item.status.label, style)) \(item.number). \(item.title): \(summary)")
            for diagnostic in item.evidence.diagnostics.prefix(3) {
                lines.append("      \(diagnostic.locatedMessage)")
            }
        }
        lines += BaselineReport.terminalLines(predicate.analysis?.baseline)
        if !predicate.awaitingReview.isEmpty {
            lines.append("Awaiting a person: items \(ItemNumbers.compact(predicate.awaitingReview.map(\.number)))")
        }
        if let policy = predicate.policy {
            lines.append("Policy: \(PolicyText.origin(policy))")
            lines += policy.changes.map(PolicyText.lines) ?? []
        }
        lines.append("Verdict: \(outcome.verdictPath)")
        lines.append("Verify:  \(verifyCommand)")
        if predicate.result == .passed, !predicate.awaitingReview.isEmpty {
            lines.append("Review:  cfa-gate review \(outcome.verdictPath) --key REVIEWER.pem --approve all   (the person's part, signed)")
        }
        return lines
    }
}
