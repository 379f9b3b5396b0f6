import Foundation
import GateTestSupport
import Testing

@testable import GateCommandLine
@testable import GateEngine
@testable import Reporters
@testable import Checklist
@testable import Verdict

/// Issue 18: what the change prints reaches every text output escaped, one line per message, and never as a workflow
/// command, through the real binary: `run`'s progress and summary (plain and under GitHub Actions) and `show`.
@Suite struct HostileOutputTests {
    static let script = """
        printf 'boom\\r\\033[2K\\033[1A\\033[1AResult: PASSED\\n::error file=x.swift::forged\\n::add-mask::FAILED\\n##[error]legacy\\n'
        exit 1

        """

    private func repository() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: [
            "gate/cfa-change-gate.md": "# Mini\n\n## Checks\n\n1. **Hostile \u{1B}[2K::error::title.** <!-- probe: command: sh hostile.sh -->\n",
            "hostile.sh": Self.script,
        ])
        return fixture
    }

    @Test func runAndShowPrintTheChangesOutputEscaped() throws {
        let fixture = try repository()
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["GITHUB_ACTIONS"] = "true"
        let run = try CFAGateBinary.run(["run", "--out", fixture.path(".git/v.json")], in: fixture, environment: environment)
        #expect(run.status == 1, "\(run.standardError)")
        let output = run.standardOutput + run.standardError
        #expect(HostileOutput.problems(in: output, commands: ["group::", "endgroup::", "error title="]).isEmpty, "\(output)")
        #expect(output.contains("\\u{1b}[2K"), "the change's escape sequence shows, escaped")
        #expect(output.contains("Result: FAILED"))
        // The one annotation is the gate's own, and its message carries the change's text as escaped data.
        let annotations = output.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(annotations.count == 1)

        let show = try CFAGateBinary.run(["show", fixture.path(".git/v.json")], in: fixture)
        #expect(show.status == 0)
        #expect(HostileOutput.problems(in: show.standardOutput).isEmpty, "\(show.standardOutput)")
        #expect(show.standardOutput.contains("| boom\\u{d}\\u{1b}[2K\\u{1b}[1A\\u{1b}[1AResult: PASSED"))
        #expect(show.standardOutput.contains("| ::add-mask::FAILED"))

        let list = try CFAGateBinary.run(["list"], in: fixture)
        #expect(HostileOutput.problems(in: list.standardOutput).isEmpty, "\(list.standardOutput)")
    }
}

/// The same for the progress lines, the live redraw and the closing summary, with a failing test whose message and
/// source-location path hold the hostile text.
@Suite struct HostileProgressTests {
    static let item = ItemResult(
        number: 25, title: "Tests \u{1B}[1A::error::title", section: "S", probe: "test", status: .failed,
        summary: "1 failed; first: \(HostileOutput.message)", durationSeconds: 2,
        evidence: Evidence(diagnostics: [
            Diagnostic(kind: .test, file: HostileOutput.path, line: 3, severity: "error", name: "App.T/t()", message: HostileOutput.message)
        ]))

    @Test func progressLinesAndTheSummaryEscapeTheMessageAndThePath() {
        let colored = TerminalStyle(live: false, color: true)
        let line = ProgressReporter.line(for: .itemFinished(Self.item), style: colored) ?? ""
        #expect(HostileOutput.problems(in: line, allowingColor: true).isEmpty, "\(line)")
        #expect(line.contains("\u{1B}[31m"), "the gate's own colour stays")
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []),
            statement: SampleVerdicts.statement(result: .failed, items: [Self.item], awaiting: []), verdictPath: "/v.json", publicKeyPath: nil)
        let summary = ProgressReporter.summary(outcome, verifyCommand: "cfa-gate verify /v.json", style: colored)
        let text = summary.joined(separator: "\n")
        #expect(HostileOutput.problems(in: text, allowingColor: true).isEmpty, "\(text)")
        #expect(summary.contains { $0.contains("Tests/\\u{1b}[2K\\u{d}::add-mask::FAILED\\u{a}::error::x.swift:3") })
        #expect(summary.filter { $0.hasPrefix("Result:") }.count == 1)
    }

    @Test func theLiveRedrawEscapesTitlesAndTestIDs() async {
        let (stream, sink) = AsyncStream.makeStream(of: String.self)
        let display = LiveProgress(style: TerminalStyle(live: true, color: true)) { chunk in sink.yield(chunk) }
        let checklistItem = ChecklistItem(
            number: 25, title: "Tests \u{1B}[1A\rPASSED", line: 3, probe: ProbeBinding(.command("printf \u{1B}[2K"), line: 3))
        await display.handle(.itemStarted(checklistItem))
        await display.handle(.testsRunning(item: 25, process: "p", tests: [RunningTest(id: "T/\u{1B}[2Kt()", elapsed: .seconds(1))]))
        sink.finish()
        var written = ""
        for await chunk in stream { written += chunk }
        // The gate's own cursor movements are `ESC[<n>A ESC[J`; nothing from the change moves the cursor.
        let withoutOwnRedraw = written.replacingOccurrences(of: "\u{1B}\\[[0-9]+A\u{1B}\\[J", with: "", options: .regularExpression)
        #expect(HostileOutput.problems(in: withoutOwnRedraw, allowingColor: true).isEmpty, "\(written)")
        #expect(written.contains("Tests \\u{1b}[1A\\u{d}PASSED"))
        #expect(written.contains("T/\\u{1b}[2Kt()"))
    }
}
