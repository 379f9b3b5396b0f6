import CFAAnalysis
import GateTestSupport
import Foundation
@testable import GateCommandLine
@testable import GateEngine
@testable import Reporters
import Testing
import TextSafety
@testable import Verdict

struct ItemNumbersTests {
    @Test func runsCollapseToRanges() {
        #expect(ItemNumbers.compact([1, 2, 3, 4, 27]) == "1–4, 27")
        #expect(ItemNumbers.compact([5, 6]) == "5, 6")
        #expect(ItemNumbers.compact([9, 1, 2, 3, 12, 11, 10]) == "1–3, 9–12")
        #expect(ItemNumbers.compact([]) == "")
    }
}

struct ProgressReporterTests {
    @Test func finishedItemsShowStatusTimeAndSummaryAndManualItemsWaitForTheSummary() {
        let line = ProgressReporter.line(for: .itemFinished(SampleVerdicts.tests))
        #expect(line == "[25] pass    6.5s  32 passed, 0 failed, 0 skipped")
        #expect(ProgressReporter.line(for: .itemFinished(SampleVerdicts.manual(27, "Review", section: "S"))) == nil)
    }

    /// A failure's summary can be hundreds of characters (an adoption finding, a model build's root cause): its progress line
    /// is cut to one line, and the closing summary gives the whole text.
    @Test func aFailedItemsProgressLineFitsOneHundredTwentyColumnsAndItsSummaryIsWhole() throws {
        let long = ItemResult(
            number: 1, title: "Rule 1", section: "S", probe: "cfa", status: .failed,
            summary: "not a CFA app: adoption needed — " + String(repeating: "no composition root; ", count: 12) + "the end",
            durationSeconds: 0.2, evidence: .empty)
        let line = try #require(ProgressReporter.line(for: .itemFinished(long)))
        #expect(line == "[1] FAIL    0.2s  " + long.summary.prefix(99) + "…")
        #expect(line.count <= 120)
        let painted = try #require(ProgressReporter.line(for: .itemFinished(long), style: TerminalStyle(live: true, color: true)))
        #expect(painted.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression) == line)
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []),
            statement: SampleVerdicts.statement(result: .failed, items: [long], awaiting: []), verdictPath: "/r/v.json", publicKeyPath: nil)
        #expect(ProgressReporter.summary(outcome, verifyCommand: "verify").contains("  FAIL 1. Rule 1: \(long.summary)"))
        // A pass is never repeated below, so its line keeps every word.
        var passed = long
        passed.status = .passed
        #expect(ProgressReporter.line(for: .itemFinished(passed))?.hasSuffix("the end") == true)
    }

    /// A build that failed with no compiler error line: the summary prints the end of its log, and the log's path beside
    /// the verdict, which the run keeps.
    @Test func aFailedItemShowsItsExcerptAndWhereItsLogIs() {
        let failed = ItemResult(
            number: 24, title: "The package builds", section: "S", probe: "build", status: .failed,
            summary: "`swift build` failed without a compiler error line: see the end of its log", durationSeconds: 3,
            evidence: Evidence(
                excerpt: (1...12).map { "line \($0)" } + ["ld: cannot open \u{1B}[31moutput"],
                logs: [LogReference(name: "24-build", path: "abc.logs/24-build.log", sha256: String(repeating: "1", count: 64), bytes: 10)]))
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []),
            statement: SampleVerdicts.statement(result: .failed, items: [failed], awaiting: []),
            verdictPath: "/r/.git/cfa-gate/verdicts/abc.json", publicKeyPath: nil)
        let lines = ProgressReporter.summary(outcome, verifyCommand: "verify")
        let heading = lines.firstIndex(of: "  FAIL 24. The package builds: \("`swift build` failed without a compiler error line: see the end of its log")")
        #expect(heading != nil)
        guard let heading else { return }
        // The last ten lines, the change's escape codes shown, never sent.
        #expect(lines[heading + 1] == "      | line 4")
        #expect(lines[heading + 9] == "      | line 12")
        #expect(lines[heading + 10] == "      | \(UntrustedText.escaped("ld: cannot open \u{1B}[31moutput"))")
        #expect(!lines[heading + 10].contains("\u{1B}"))
        #expect(lines[heading + 11] == "      log: /r/.git/cfa-gate/verdicts/abc.logs/24-build.log")
    }

    /// A run that ended in ERROR with no item in error says why in the result line itself.
    @Test func aRunErrorIsNamedInTheResultLine() {
        var statement = SampleVerdicts.statement(result: .error, items: [SampleVerdicts.build, SampleVerdicts.tests], awaiting: [])
        statement.predicate.runErrors = ["the working tree changed while the probes ran: README.md\nsecond line", "another"]
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []), statement: statement,
            verdictPath: "/r/v.json", publicKeyPath: nil)
        let lines = ProgressReporter.summary(outcome, verifyCommand: "verify")
        #expect(
            lines.contains(
                "Result: ERROR — run error: the working tree changed while the probes ran: README.md (and 1 more); "
                    + "2 passed, 0 failed, 0 error, 0 skipped, 0 manual"), "\(lines)")
        let plain = GateOutcome(envelope: outcome.envelope, statement: SampleVerdicts.passing, verdictPath: "/r/v.json", publicKeyPath: nil)
        #expect(ProgressReporter.summary(plain, verifyCommand: "verify").contains("Result: PASSED — 3 passed, 0 failed, 0 error, 0 skipped, 2 manual"))
    }

    @Test func theSummaryNamesFailuresTheirFirstFindingsTheVerdictAndHowToVerifyIt() {
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []), statement: SampleVerdicts.failing,
            verdictPath: "/r/.git/cfa-gate/verdicts/x.json", publicKeyPath: "/r/key.pub")
        let lines = ProgressReporter.summary(outcome, verifyCommand: "cfa-gate verify /r/.git/cfa-gate/verdicts/x.json --pubkey /r/key.pub")
        #expect(lines.contains("Result: FAILED — 0 passed, 4 failed, 0 error, 1 skipped, 1 manual"))
        #expect(lines.contains("      Tests/AppTests/OrdersFeatureTests.swift:41:9: error: AppTests.OrdersFeatureTests/placesOrder(): Expectation failed: (total → 4) == 5"))
        // Each failing item's first diagnostic is printed once: in the list, not again after "first:".
        #expect(lines.contains("  FAIL 25. The tests pass at the final commit: 30 passed, 2 failed, 1 skipped"))
        #expect(!lines.contains { $0.contains("placesOrder() at ") })
        #expect(lines.contains("Awaiting a person: items 27"))
        #expect(lines.last == "Verify:  cfa-gate verify /r/.git/cfa-gate/verdicts/x.json --pubkey /r/key.pub")
    }

    @Test func aPassingRunWithManualItemsEndsWithTheCommandToSignThemOff() {
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []), statement: SampleVerdicts.passing,
            verdictPath: "/r/v.json", publicKeyPath: nil)
        let lines = ProgressReporter.summary(outcome, verifyCommand: "cfa-gate verify /r/v.json")
        #expect(lines.last == "Review:  cfa-gate review /r/v.json --key REVIEWER.pem --approve all   (the person's part, signed: \(DocumentationLink.signingAReview))")
    }

    @Test func aModelBuiltRunCountsItsUnavailableTestsAndListsThemUnderTheTestItem() throws {
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []), statement: SampleVerdicts.modelBuilt(),
            verdictPath: "/r/v.json", publicKeyPath: nil)
        let lines = ProgressReporter.summary(outcome, verifyCommand: "verify")
        #expect(lines.contains("Result: PASSED — 3 passed, 0 failed, 0 error, 0 skipped, 0 manual; 2 tests unavailable (model build)"))
        let item = try #require(lines.firstIndex(of: "  25. The tests pass at the final commit:"))
        #expect(lines[item + 1] == "    2 tests unavailable (model build: 10 of 18 files compiled, 8 left out); never run, never counted passed:")
        #expect(lines[item + 2] == "      \(ModelBuildApp.badgeViewModelTestPath) — \(UntrustedText.escaped(ModelBuildApp.excluded[ModelBuildApp.badgeViewModelTestPath]!))")
        #expect(lines[item + 3] == "        \(ModelBuildApp.unavailableTests[0])")
        #expect(lines.contains { $0.hasPrefix("      root causes: imports SwiftUI (3 files, 2 more through their types)") })
        let plain = ProgressReporter.summary(
            GateOutcome(envelope: outcome.envelope, statement: SampleVerdicts.passing, verdictPath: "/r/v.json", publicKeyPath: nil), verifyCommand: "verify")
        #expect(!plain.contains { $0.contains("unavailable") })
    }

    @Test func theSummaryCountsKnownFindingsAndSaysHowToDropFixedOnes() {
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []), statement: BaselineSample.statement,
            verdictPath: "/r/v.json", publicKeyPath: nil)
        let lines = ProgressReporter.summary(outcome, verifyCommand: "verify")
        #expect(lines.contains("Baseline: .cfa-gate-baseline.json: 2 known findings accepted by the baseline, not failing (listed in the verdict and reports)"))
        #expect(lines.contains("  2 baselined findings fixed — run `cfa-gate baseline` to drop them"))
        #expect(lines.contains("      \(BaselineSample.legacyFile): OrdersFeature uses NSLock <now gone> [CFA-NO-GCD-LOCKS] ×2"))
    }

    /// The `cfa` items of an app that is not CFA yet fail alike: the closing summary lists them once, as one range.
    @Test func consecutiveItemsThatFailedAlikeAreOneLine() {
        let adoption = Diagnostic(
            kind: .rule, file: "Package.swift", line: 1, column: 1, severity: "error", name: "CFA-ADOPTION",
            message: "not a CFA app: adoption needed — no composition root")
        func item(_ number: Int, _ summary: String, _ diagnostics: [Diagnostic] = []) -> ItemResult {
            ItemResult(
                number: number, title: "Rule \(number)", section: "S", probe: "cfa", status: .failed, summary: summary, durationSeconds: 0,
                evidence: Evidence(diagnostics: diagnostics))
        }
        let unjudged = "not judged: not a CFA app yet (item 1)"
        let items = [item(1, adoption.message, [adoption])] + (2...22).map { item($0, unjudged) } + [item(24, unjudged), SampleVerdicts.clean]
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []),
            statement: SampleVerdicts.statement(result: .failed, items: items, awaiting: []), verdictPath: "/r/v.json", publicKeyPath: nil)
        let lines = ProgressReporter.summary(outcome, verifyCommand: "verify")
        #expect(lines.contains("  FAIL 1. Rule 1: not a CFA app: adoption needed — no composition root"))
        #expect(lines.contains("      Package.swift:1:1: error: CFA-ADOPTION: not a CFA app: adoption needed — no composition root"))
        #expect(lines.contains("  FAIL 2–22: \(unjudged)"))
        // Not consecutive with 22: a line of its own, with its title.
        #expect(lines.contains("  FAIL 24. Rule 24: \(unjudged)"))
        #expect(lines.filter { $0.contains("not judged") }.count == 2)
    }
}
