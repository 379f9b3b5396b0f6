import Foundation
import Verdict

/// Each manual item with who approved or rejected it and their note, or "awaiting": one wording for the terminal,
/// the Markdown page and the HTML page. Item titles and notes are the change's and the reviewers' words, so
/// they are shown cleaned (`UntrustedText`).
public enum ReviewText {
    /// `[x] 27. Title — approved by alice: "note"` per item, for `show`, `verify` and `review`.
    public static func terminalLines(_ reviews: [ManualItemReviews]) -> [String] {
        reviews.map { entry in
            "  \(box(entry)) \(entry.item.number). \(oneLine(entry.item.title)) — \(decisions(entry, note: { "\"\(oneLine($0))\"" }))"
        }
    }

    static func markdownLines(_ reviews: [ManualItemReviews]) -> [String] {
        reviews.map { entry in
            let checked = entry.approvals.isEmpty || !entry.rejections.isEmpty ? " " : "x"
            return "- [\(checked)] \(entry.item.number). \(MarkdownText.inline(entry.item.title)) — "
                + MarkdownText.inline(decisions(entry, note: { "“\(oneLine($0))”" }))
        }
    }

    static func htmlEntries(_ reviews: [ManualItemReviews]) -> [String] {
        reviews.map { entry in
            let section = entry.item.section.map { " <span class=\"section-name\">\(HTMLText.escaped($0))</span>" } ?? ""
            let checked = entry.approvals.isEmpty || !entry.rejections.isEmpty ? "" : " checked"
            return "<li><label><input type=\"checkbox\"\(checked)> <strong>\(entry.item.number).</strong> \(HTMLText.inline(entry.item.title))"
                + "\(section)</label> <span class=\"muted\">\(HTMLText.escaped(decisions(entry, note: { "“\(oneLine($0))”" })))</span></li>"
        }
    }

    /// A line about reviews that names what a review file holds (its name, its claims): cleaned, on one line.
    public static func cleaned(_ text: String) -> String { oneLine(text) }

    private static func box(_ entry: ManualItemReviews) -> String {
        if !entry.rejections.isEmpty { return "[!]" }
        return entry.approvals.isEmpty ? "[ ]" : "[x]"
    }

    /// "rejected by bob: “note” · approved by alice", or "awaiting".
    private static func decisions(_ entry: ManualItemReviews, note quote: (String) -> String) -> String {
        let marks = entry.rejections.map { ("rejected", $0) } + entry.approvals.map { ("approved", $0) }
        guard !marks.isEmpty else { return "awaiting" }
        return marks.map { verb, mark in
            "\(verb) by \(oneLine(mark.reviewer))" + (mark.note.map { ": " + quote($0) } ?? "")
        }.joined(separator: " · ")
    }

    private static func oneLine(_ text: String) -> String {
        UntrustedText.sanitized(text).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
