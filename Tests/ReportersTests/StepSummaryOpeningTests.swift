import Testing
@testable import Reporters

/// What the gate writes before its report in `$GITHUB_STEP_SUMMARY`, given what earlier writers left there.
struct StepSummaryOpeningTests {
    @Test func anEmptySummaryGetsNothingBeforeTheReport() {
        #expect(StepSummaryOpening.lines(after: "").isEmpty)
    }

    @Test func anOpenFenceIsClosedWithOneAsLongOfTheSameCharacter() {
        #expect(StepSummaryOpening.lines(after: "text\n`````swift\ncode\n").contains("`````"))
        #expect(StepSummaryOpening.lines(after: "~~~\n").contains("~~~"))
        // A fence that was closed needs no closing, and a new bare fence line would open one.
        #expect(!StepSummaryOpening.lines(after: "```\ncode\n```\n").contains("```"))
    }

    @Test func anUnclosedCommentAndOpenContainersAreClosed() {
        let lines = StepSummaryOpening.lines(after: "# ✅ PASSED\n<details><summary>x</summary>\n<!-- hidden from here\n")
        #expect(lines.contains("<!-- -->"))
        #expect(lines.contains("</details>"))
        #expect(lines.last { !$0.isEmpty }?.contains("cfa-gate's report starts here") == true)
    }

    @Test func aCommentOpenedInsideAFenceOpensNothing() {
        var state = StepSummaryOpening.MarkdownState()
        for line in ["```", "<!--", "```", "<details>", "</details>"] { state.read(line) }
        #expect(state.openFence == nil && !state.inComment)
        #expect(state.opened["details"] == state.closed["details"])
    }
}
