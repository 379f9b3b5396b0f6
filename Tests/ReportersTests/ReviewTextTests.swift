import Foundation
import GateTestSupport
import Testing
import Verdict

@testable import Reporters

/// Each manual item with who signed it off and their note: the same words in every format, the note cleaned.
@Suite struct ReviewTextTests {
    private let reviews = [
        ManualItemReviews(
            item: ManualItem(number: 1, title: "Each screen owns a private, dedicated ViewModel", section: "Screens and ViewModels"),
            approvals: [ReviewMark(reviewer: "alice", keyID: "aa", note: "checked\u{1B}[31m it\nall", reviewedAt: SampleVerdicts.startedAt)]),
        ManualItemReviews(
            item: SampleVerdicts.reviewItem,
            approvals: [ReviewMark(reviewer: "alice", keyID: "aa", note: nil, reviewedAt: SampleVerdicts.startedAt)],
            rejections: [ReviewMark(reviewer: "bob", keyID: "bb", note: "<b>bypasses</b> the repository", reviewedAt: SampleVerdicts.startedAt)]),
    ]

    @Test func theTerminalShowsWhoApprovedOrRejectedAndTheNoteOnOneCleanLine() {
        let lines = ReviewText.terminalLines(reviews)
        #expect(lines == [
            "  [x] 1. Each screen owns a private, dedicated ViewModel — approved by alice: \"checked it all\"",
            "  [!] 27. A person has reviewed the change as one feature slice — rejected by bob: \"<b>bypasses</b> the repository\" · approved by alice",
        ])
        let text = VerdictRenderer.text(SampleVerdicts.passing, signatureNote: "valid", reviews: reviews)
        #expect(text.contains("Awaiting a person:\n" + lines.joined(separator: "\n")))
        #expect(VerdictRenderer.text(SampleVerdicts.passing, signatureNote: "valid").contains(
            "  [ ] 27. A person has reviewed the change as one feature slice — awaiting"))
    }

    @Test func markdownAndHTMLTickOnlyApprovedItemsAndEscapeTheNote() {
        let markdown = MarkdownReport.render(SampleVerdicts.passing, links: nil, reviews: reviews)
        #expect(markdown.contains("- [x] 1. Each screen owns a private, dedicated ViewModel — approved by alice: “checked it all”"), "\(markdown)")
        #expect(markdown.contains("- [ ] 27. A person has reviewed the change as one feature slice — rejected by bob: “&lt;b&gt;bypasses&lt;/b&gt; the repository” · approved by alice"))
        let html = HTMLReport.render(SampleVerdicts.passing, links: nil, reviews: reviews)
        #expect(html.contains("<input type=\"checkbox\" checked> <strong>1.</strong>"))
        #expect(html.contains("<input type=\"checkbox\"> <strong>27.</strong>"))
        #expect(html.contains("rejected by bob: “&lt;b&gt;bypasses&lt;/b&gt; the repository” · approved by alice"))
        #expect(html.contains("<pre><code>cfa-gate review .git/cfa-gate/verdicts/\(SampleVerdicts.commit).json --key REVIEWER_KEY_FILE --approve 1,27"))
    }
}
