import Foundation
import Verdict

/// What a reviewer's page says, decided once so the Markdown and HTML reports say the same thing and
/// differ only in layout.
enum ReviewPage {
    /// Statuses in the order counts and filters list them, the terminal summary's order.
    static let statusOrder = ItemStatus.allCases

    /// Items whose details a reviewer must open: they decide that the gate did not pass.
    static func itemsNeedingDetails(_ predicate: GatePredicate) -> [ItemResult] {
        predicate.items.filter { $0.status == .failed || $0.status == .error || !testsNeedingAttention($0.evidence).isEmpty }
    }

    /// A test item's tests that did not simply pass or skip: failed, flaky, timed out, crashed, not run, quarantined.
    /// Unavailable tests are not among them: the model build section lists them with their left-out files.
    static func testsNeedingAttention(_ evidence: Evidence) -> [TestCaseResult] {
        (evidence.testCases ?? []).filter { ![.passed, .skipped, .unavailable].contains($0.status) }
    }

    /// "Tests: 30 passed, 1 failed, 2 skipped" — per status when the item has per-test results, else the totals.
    static func testsLine(_ evidence: Evidence) -> String? {
        if let record = evidence.testRun {
            let counts = TestCaseStatus.allCases.compactMap { status in
                record.counts[status.rawValue].map { "\($0) \(status.phrase)" }
            }
            return counts.joined(separator: ", ")
        }
        return evidence.tests.map { "\($0.passed) passed, \($0.failed) failed, \($0.skipped) skipped" }
    }

    /// "crashed: the test process was killed by signal 4 (SIGILL)" with its place, for one test's first failure.
    static func firstFailure(of test: TestCaseResult) -> (message: String, file: String?, line: Int?) {
        let attempt = test.firstFailure
        let tries = test.attempts.count > 1 ? " (\(test.attempts.count) attempts)" : ""
        let message = attempt?.message ?? test.excerpt.first ?? "no attempt recorded"
        return ("\(test.status.phrase)\(tries): \(message)", attempt?.file, attempt?.line)
    }

    /// "4 failed · 1 skipped · 1 manual" — the statuses that occur.
    static func counts(_ items: [ItemResult]) -> String {
        statusOrder.compactMap { status in
            let count = items.filter { $0.status == status }.count
            return count == 0 ? nil : "\(count) \(status.rawValue)"
        }.joined(separator: " · ")
    }

    /// The name of the judged repository (the Statement's subject).
    static func repositoryName(_ statement: Statement) -> String? {
        statement.subject.first?.name
    }

    /// 7 hex digits, as `git log --oneline` shows a commit.
    static func shortCommit(_ commit: String) -> String { String(commit.prefix(7)) }

    /// 12 hex digits: enough to tell two checklist revisions or keys apart at a glance.
    static func shortDigest(_ digest: String) -> String { String(digest.prefix(12)) }

    /// `0.4s`, `30.8s`, `30m00s`, `1h05m00s`: the terminal's format, so the reports and the log agree.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "—" }
        if seconds < 60 { return String(format: "%.1fs", seconds) }
        let whole = Int(seconds)
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        if hours > 0 { return "\(hours)h" + String(format: "%02dm%02ds", minutes, rest) }
        return "\(minutes)m" + String(format: "%02ds", rest)
    }

    /// The run's wall-clock time, from the predicate's timestamps.
    static func elapsed(_ predicate: GatePredicate) -> String {
        duration(predicate.finishedAt.timeIntervalSince(predicate.startedAt))
    }

    /// ISO 8601 in UTC, the form the verdict itself records.
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    /// A diagnostic's location as people write it: `path:line:column`, as much as is known.
    static func locationText(_ diagnostic: Diagnostic) -> String? {
        guard let file = diagnostic.file else { return nil }
        return [file, diagnostic.line.map(String.init), diagnostic.column.map(String.init)]
            .compactMap { $0 }.joined(separator: ":")
    }

    /// Where the verdict lands unless `--out` chose another file (see README "What a run does").
    static func defaultVerdictPath(commit: String) -> String {
        ".git/cfa-gate/verdicts/\(commit).json"
    }

    /// The command that checks the signature and the commit. `PUBLIC_KEY_FILE` is deliberately a visible
    /// placeholder: the verdict names the key by id, not by file, and a guessed file name would mislead.
    /// `verdictPath`: where this verdict was written or read from, when the caller knows (`run --out`, `show VERDICT`).
    static func verifyCommand(commit: String, verdictPath: String? = nil) -> String {
        "cfa-gate verify \(verdictPath.map(shellWord) ?? defaultVerdictPath(commit: commit)) --pubkey PUBLIC_KEY_FILE --commit \(commit)"
    }

    /// `text` as one word of a shell command to copy: single-quoted unless it is made of characters no shell reads.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._-+=:,@%".unicodeScalars.contains(scalar)))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The command a reviewer runs to sign off every manual item of the verdict. `REVIEWER_KEY_FILE` is a visible
    /// placeholder for the reviewer's own private key, whose public half `gate/reviewers` on the protected branch lists.
    static func reviewCommand(_ predicate: GatePredicate, verdictPath: String? = nil) -> String {
        let items = predicate.awaitingReview.map { String($0.number) }.joined(separator: ",")
        let verdict = verdictPath.map(shellWord) ?? defaultVerdictPath(commit: predicate.repository.commit)
        return "cfa-gate review \(verdict) --key REVIEWER_KEY_FILE --approve \(items) --note \"what you checked\""
    }

    /// What a person does with the manual items: sign them off once the machine has passed, never instead of it.
    static func signOffNote(_ result: GateResult) -> String {
        switch result {
        case .passed:
            "Automation cannot judge these. Once you have checked them, sign them off with your reviewer key (listed in "
                + "`gate/reviewers` on the protected branch); `cfa-gate verify --require-reviews` counts the signed reviews."
        case .failed, .error:
            "Automation cannot judge these. They can be signed off once the gate passes: a person signs on top of a machine pass, "
                + "never instead of one."
        }
    }

    /// What the signer field proves, in one sentence.
    static func signerNote(_ signer: SignerInfo) -> String {
        let key = shortDigest(signer.keyID)
        if signer.source == "local" {
            return "Signed with a key kept on the machine that ran the gate (key id \(key)…): it shows the verdict is intact, not who produced it."
        }
        return "Signed with key id \(key)… (source: \(signer.source))."
    }

    /// One kind of finding inside an item's details.
    struct DiagnosticGroup: Sendable, Equatable {
        var kind: Diagnostic.Kind
        var heading: String
        var diagnostics: [Diagnostic]
    }

    /// An item's diagnostics by kind, rule findings first (they explain the architecture), then what the
    /// toolchain said, then the tree and commands.
    static func diagnosticGroups(_ evidence: Evidence) -> [DiagnosticGroup] {
        let order: [(Diagnostic.Kind, String)] = [
            (.rule, "Rule findings"), (.compiler, "Compiler errors"), (.test, "Failing tests"),
            (.git, "Working tree"), (.command, "Command findings"),
        ]
        return order.compactMap { kind, heading in
            // Per-test results list failing tests themselves, with every status; the diagnostics would repeat them.
            if kind == .test, evidence.testCases != nil { return nil }
            let matching = evidence.diagnostics.filter { $0.kind == kind }
            return matching.isEmpty ? nil : DiagnosticGroup(kind: kind, heading: heading, diagnostics: matching)
        }
    }

    /// Every diagnostic that names a file, with the item it came from.
    struct LocatedFinding: Sendable, Equatable {
        var item: ItemResult
        var diagnostic: Diagnostic
    }

    /// Findings grouped by file (files in path order, findings by line then column), so a reviewer can
    /// walk the change file by file.
    static func findingsByFile(_ items: [ItemResult]) -> [(file: String, findings: [LocatedFinding])] {
        var byFile: [String: [LocatedFinding]] = [:]
        for item in items {
            for diagnostic in item.evidence.diagnostics {
                guard let file = diagnostic.file else { continue }
                byFile[file, default: []].append(LocatedFinding(item: item, diagnostic: diagnostic))
            }
        }
        return byFile.keys.sorted().map { file in
            let findings = byFile[file, default: []].enumerated().sorted { left, right in
                let leftKey = (left.element.diagnostic.line ?? 0, left.element.diagnostic.column ?? 0, left.offset)
                let rightKey = (right.element.diagnostic.line ?? 0, right.element.diagnostic.column ?? 0, right.offset)
                return leftKey < rightKey
            }.map(\.element)
            return (file, findings)
        }
    }
}

extension ReviewPage {
    /// The test items' counts per status for the model build's table: passed, skipped and unavailable always (so an
    /// unavailable test never reads as skipped), the other statuses when some item has them.
    static func testCountColumns(_ items: [ItemResult]) -> (statuses: [TestCaseStatus], rows: [(item: ItemResult, counts: [Int])]) {
        let tested = items.filter { $0.evidence.testCases != nil }
        func counts(_ item: ItemResult) -> [TestCaseStatus: Int] {
            var counts: [TestCaseStatus: Int] = [:]
            for test in item.evidence.testCases ?? [] { counts[test.status, default: 0] += 1 }
            return counts
        }
        let all = tested.map(counts)
        let statuses = TestCaseStatus.allCases.filter { status in
            [.passed, .skipped, .unavailable].contains(status) || all.contains { $0[status, default: 0] > 0 }
        }
        return (statuses, zip(tested, all).map { item, counts in (item, statuses.map { counts[$0, default: 0] }) })
    }
}
