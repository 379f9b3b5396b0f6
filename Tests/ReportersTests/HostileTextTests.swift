import GateTestSupport
import Testing
import TextSafety

@testable import Reporters
@testable import Verdict

/// Issue 18 on the reporters' text outputs: a failing test's message and source-location path hold `\r`, `ESC[2K`,
/// cursor-up sequences and workflow-command lines; `show`'s text and the GitHub Actions lines show them escaped.
@Suite struct HostileTextTests {
    static let item = ItemResult(
        number: 25, title: "Tests \u{1B}[1A::error::title", section: "S\r::add-mask::FAILED", probe: "test", status: .failed,
        summary: "1 failed; first: \(HostileOutput.message)", durationSeconds: 2,
        evidence: Evidence(
            excerpt: [HostileOutput.message, "::endgroup::"],
            diagnostics: [Diagnostic(kind: .test, file: HostileOutput.path, line: 3, severity: "error", name: "App.T/t()", message: HostileOutput.message)]))

    @Test func githubActionsAnnotationsAndGroupsCarryItEscaped() throws {
        let annotations = GitHubActionsReport.annotations(for: Self.item)
        #expect(annotations.count == 1)
        let lines = annotations + GitHubActionsReport.group(for: Self.item)
        #expect(HostileOutput.problems(in: lines.joined(separator: "\n"), commands: ["error file=", "group::", "endgroup::"]).isEmpty, "\(lines)")
        // The gate's own commands only: one annotation, one group, one end; the change's lines are data inside them.
        #expect(lines.filter { $0.hasPrefix("::") }.count == 3)
        #expect(annotations[0].contains("file=Tests/\\u{1b}[2K%0D::add-mask::FAILED%0A::error::x.swift") == false)
        #expect(annotations[0].contains("file=Tests/\\u{1b}[2K\\u{d}%3A%3Aadd-mask%3A%3AFAILED\\u{a}%3A%3Aerror%3A%3Ax.swift"))
    }

    @Test func showsTextCarriesItEscapedOneLinePerMessage() {
        let statement = SampleVerdicts.statement(result: .failed, items: [Self.item], awaiting: [])
        let text = VerdictRenderer.text(statement, signatureNote: "valid")
        #expect(HostileOutput.problems(in: text).isEmpty, "\(text)")
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("         1 failed; first: boom\\u{d}\\u{1b}[2K\\u{1b}[1A\\u{1b}[1AResult: PASSED\\u{a}::error") })
        #expect(lines.filter { $0.hasPrefix("Verdict:") }.count == 1)
    }
}
