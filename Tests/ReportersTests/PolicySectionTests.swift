import GateTestSupport
import Foundation
import Testing
@testable import Reporters
@testable import Verdict

/// The policy a verdict was judged under, the changes to it the change proposes, and run errors: shown in
/// every human format when the verdict records them, and absent otherwise (the golden files keep that).
struct PolicySectionTests {
    private static var statement: Statement {
        var statement = SampleVerdicts.passing
        statement.predicate.policy = PolicyRecord(
            source: .base, revision: String(repeating: "e", count: 40), description: "merge-base of HEAD with main (eeeeeee)",
            files: [PolicyFileRecord(role: .checklist, path: "gate/cfa-change-gate.md", source: .base, sha256: String(repeating: "ab", count: 32))],
            changes: [
                PolicyChange(kind: .itemRebound, file: "gate/cfa-change-gate.md", line: 3, summary: "item 1 rebound from `build` to `command: true`"),
                PolicyChange(kind: .suppressionAdded, file: "App/A.swift", line: 7, summary: "suppression of CFA-NO-COMBINE added — reason: <script>x</script>"),
            ])
        statement.predicate.runErrors = ["HEAD moved during the run from aaa to bbb"]
        statement.predicate.runNotes = ["/home/ci/.gitconfig was changed during the run by a process outside the gate <b>"]
        return statement
    }

    @Test func markdownListsThePolicyItsChangesAndRunErrors() {
        let page = MarkdownReport.render(Self.statement, links: nil)
        #expect(page.contains("- **Policy:** from the base: merge-base of HEAD with main (eeeeeee)"))
        #expect(page.contains("### Policy change"))
        #expect(page.contains("[App/A.swift:7](App/A.swift#L7): suppression of CFA-NO-COMBINE added"))
        #expect(page.contains("### Run errors\n\n- ⚠️ HEAD moved during the run from aaa to bbb"))
        #expect(page.contains("### Run notes\n\n- /home/ci/.gitconfig was changed during the run by a process outside the gate"))
        #expect(!page.contains("<script>"))
    }

    @Test func htmlListsThemEscaped() {
        let page = HTMLReport.render(Self.statement, links: nil)
        #expect(page.contains("<dt>Policy</dt><dd>from the base: merge-base of HEAD with main (eeeeeee)</dd>"))
        #expect(page.contains("<h2 id=\"policy-change-heading\">Policy change</h2>"))
        #expect(page.contains("<code>App/A.swift:7</code> suppression of CFA-NO-COMBINE added — reason: &lt;script&gt;x&lt;/script&gt;"))
        #expect(page.contains("<h2 id=\"run-errors-heading\">Run errors</h2>"))
        #expect(page.contains("<h2 id=\"run-notes-heading\">Run notes</h2>") && page.contains("outside the gate &lt;b&gt;"))
    }

    @Test func showTextListsThem() {
        let text = VerdictRenderer.text(Self.statement, signatureNote: "valid")
        #expect(text.contains("Policy:    from the base: merge-base of HEAD with main (eeeeeee)"))
        #expect(text.contains("Run error: HEAD moved during the run from aaa to bbb"))
        #expect(text.contains("Run note:  /home/ci/.gitconfig was changed during the run by a process outside the gate <b>"))
        #expect(text.contains("Policy change (not applied; takes effect once merged):\n  gate/cfa-change-gate.md:3: item 1 rebound from `build` to `command: true`"))
    }

    /// An edit of the checklist or `.cfa-gate.json` is not applied: the user is told how to try it before it merges.
    @Test func aPolicyFileEditSaysHowToTryItNowAndASuppressionAloneDoesNot() {
        let edits = Self.statement.predicate.policy?.changes ?? []
        let withEdit = PolicyText.lines(edits)
        #expect(withEdit.last == "  to try it now: `cfa-gate run --policy-ref HEAD` (not for CI: the change would judge itself)")
        let configuration = PolicyChange(kind: .ruleWeakened, file: ".cfa-gate.json", summary: "CFA-NO-COMBINE turned off")
        #expect(PolicyText.lines([configuration]).contains { $0.contains("--policy-ref HEAD") })
        // A suppression is no policy file a ref would apply: no hint.
        #expect(!PolicyText.lines(edits.filter { $0.kind == .suppressionAdded }).contains { $0.contains("--policy-ref") })
        #expect(VerdictRenderer.text(Self.statement, signatureNote: "valid").contains("--policy-ref HEAD"))
    }


    @Test func withoutAPolicyRecordNothingIsAdded() {
        #expect(!MarkdownReport.render(SampleVerdicts.passing, links: nil).contains("Policy"))
        #expect(!HTMLReport.render(SampleVerdicts.passing, links: nil).contains("policy-change"))
        #expect(!VerdictRenderer.text(SampleVerdicts.passing, signatureNote: "valid").contains("Policy"))
    }
}
