import Foundation
import TextSafety
import Verdict

/// `cfa-gate show`: a verdict as a person reads it, every item with its evidence, grouped by section.
///
/// Everything the change wrote (titles, summaries, diagnostics, excerpts, paths) is escaped where it goes into a line,
/// so a message stays one line; every line is then escaped and neutralized whole (`UntrustedText.shownLine`).
enum VerdictRenderer {
    static func text(_ statement: Statement, signatureNote: String, reviews: [ManualItemReviews]? = nil) -> String {
        let predicate = statement.predicate
        let shown = UntrustedText.escaped
        var lines: [String] = []
        let elapsed = predicate.finishedAt.timeIntervalSince(predicate.startedAt)
        lines.append("Verdict:   \(predicate.result.banner)")
        lines.append("Commit:    \(predicate.repository.commit)\(predicate.repository.branch.map { " (\($0))" } ?? "")")
        lines.append("Tree:      \(predicate.repository.tree)   package: \(predicate.repository.packagePath)")
        lines.append("Checklist: \(predicate.checklist.path)   sha256 \(predicate.checklist.sha256)")
        if let policy = predicate.policy { lines.append("Policy:    \(PolicyText.origin(policy))") }
        if let isolation = predicate.isolation { lines.append("Sandbox:   \(shown(isolation.line(sandbox: predicate.sandbox)))") }
        for problem in predicate.runErrors ?? [] { lines.append("Run error: \(shown(problem))") }
        for note in predicate.runNotes ?? [] { lines.append("Run note:  \(shown(note))") }
        lines.append("Tool:      \(predicate.tool.name) \(predicate.tool.version)   \(predicate.swiftToolchain ?? "Swift toolchain: unknown")")
        lines.append("Ran:       \(predicate.startedAt.formatted(.iso8601)) for \(DurationText.seconds(elapsed))")
        lines.append("Signature: \(signatureNote)")
        if let note = predicate.signer.note { lines.append("           \(shown(note))") }

        var section: String?? = .none
        for item in predicate.items {
            if section != .some(item.section) {
                section = .some(item.section)
                lines.append("")
                lines.append(shown(item.section ?? "Items"))
            }
            let status = item.status.label.padding(toLength: 6, withPad: " ", startingAt: 0)
            let time = item.status == .manual ? "" : "  \(DurationText.seconds(item.durationSeconds))"
            lines.append("  \(status) \(item.number). \(shown(item.title))  [\(shown(item.probe))]\(time)")
            if item.status != .manual { lines.append("         \(shown(item.summary))") }
            if let tests = item.evidence.tests {
                let unavailable = ModelBuildText.unavailableTests(item.evidence).count
                lines.append(
                    "         tests: \(tests.passed) passed, \(tests.failed) failed, \(tests.skipped) skipped"
                        + (unavailable == 0 ? "" : ", \(unavailable) \(TestCaseStatus.unavailable.phrase)"))
            }
            lines += ModelBuildText.terminalLines(item, limit: .max).map { "         \(shown($0))" }
            if let run = item.evidence.testRun, let start = run.processStart {
                lines.append("         processes: \(shown(start.phrase(isolation: run.isolation ?? .process)))")
            }
            if let channels = item.evidence.testRun?.statusChannels, !channels.isEmpty {
                lines.append("         statuses: \(channels.map(\.phrase).joined(separator: "; "))")
            }
            if let inventory = item.evidence.inventory {
                lines += InventoryDiffText.text(inventory, problems: []).split(separator: "\n").map { "         \($0)" }
            }
            for diagnostic in item.evidence.diagnostics { lines.append("         \(shown(diagnostic.locatedMessage))") }
            for excerpt in item.evidence.excerpt { lines.append("         | \(shown(excerpt))") }
            for log in item.evidence.logs { lines.append("         log: \(log.path) (\(log.bytes) bytes, sha256 \(log.sha256.prefix(12))…)") }
        }
        if let baseline = predicate.analysis?.baseline {
            lines.append("")
            lines += BaselineReport.terminalLines(baseline)
            lines += baseline.baselined.map { "  known: \(shown($0.locatedMessage))" }
        }
        if !predicate.awaitingReview.isEmpty {
            lines.append("")
            lines.append("Awaiting a person:")
            lines += ReviewText.terminalLines(reviews ?? ManualItemReviews.awaiting(predicate))
        }
        if let changes = predicate.policy?.changes {
            lines.append("")
            lines += PolicyText.lines(changes)
        }
        return lines.map(UntrustedText.shownLine).joined(separator: "\n")
    }
}
