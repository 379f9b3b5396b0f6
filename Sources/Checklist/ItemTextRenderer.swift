/// Turns an item's Markdown into a title and plain-text description lines.
enum ItemTextRenderer {
    /// Title: a leading `**bold**` run (trailing period removed) or else the first sentence of the first
    /// paragraph. Description: everything else, one line per paragraph or nested list entry.
    static func titleAndDescription(of item: MarkdownNode) -> (title: String, description: String) {
        var blocks = item.children
        guard let firstParagraph = blocks.firstIndex(where: { $0.kind == .paragraph }) else {
            return ("", blocks.flatMap(lines).joined(separator: "\n"))
        }
        let (title, rest) = splitTitle(from: blocks.remove(at: firstParagraph))
        let lines = (rest.isEmpty ? [] : [rest]) + blocks.flatMap(lines)
        return (title, lines.joined(separator: "\n"))
    }

    /// The visible text of inline content on one line, whitespace collapsed.
    static func plainText(of node: MarkdownNode) -> String {
        collapsingWhitespace(inlineText(node))
    }

    private static func splitTitle(from paragraph: MarkdownNode) -> (title: String, rest: String) {
        let inlines = paragraph.children
        if let lead = inlines.first, lead.kind == .strong {
            let rest = inlines.dropFirst().map(inlineText).joined()
            return (removingTrailingPeriod(plainText(of: lead)), collapsingWhitespace(rest))
        }
        let text = plainText(of: paragraph)
        guard let end = firstSentenceEnd(in: text) else { return (removingTrailingPeriod(text), "") }
        return (
            removingTrailingPeriod(String(text[...end])),
            text[text.index(after: end)...].trimmingWhitespace()
        )
    }

    /// The `.`, `!` or `?` that ends the first sentence: one followed by whitespace (so `AppModel.shared` does not end it).
    private static func firstSentenceEnd(in text: String) -> String.Index? {
        text.indices.first { index in
            guard ".!?".contains(text[index]) else { return false }
            let next = text.index(after: index)
            return next == text.endIndex || text[next].isWhitespace
        }
    }

    private static func removingTrailingPeriod(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        return trimmed.hasSuffix(".") ? String(trimmed.dropLast()).trimmingWhitespace() : trimmed
    }

    private static func lines(_ block: MarkdownNode) -> [String] {
        switch block.kind {
        case .paragraph, .heading:
            let text = plainText(of: block)
            return text.isEmpty ? [] : [text]
        case .list(let ordered, let start):
            return block.children.enumerated().flatMap { offset, item in
                listEntryLines(item, marker: ordered ? "\(start + offset). " : "- ")
            }
        case .codeBlock:
            return block.literal.split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
                .reversed().drop { $0.isEmpty }.reversed()
        case .table:
            return block.children.map { row in row.children.map(plainText).joined(separator: " | ") }
        case .htmlBlock, .thematicBreak:
            return []
        default:
            return block.children.flatMap(lines)
        }
    }

    private static func listEntryLines(_ item: MarkdownNode, marker: String) -> [String] {
        var marker = marker
        if case .item(let isChecked?) = item.kind {
            marker += isChecked ? "[x] " : "[ ] "
        }
        let inner = item.children.flatMap(lines)
        guard let first = inner.first else { return [marker.trimmingWhitespace()] }
        return [marker + first] + inner.dropFirst().map { "  " + $0 }
    }

    private static func inlineText(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .text, .code: return node.literal
        case .softBreak, .lineBreak: return " "
        // Raw HTML (comments included) is invisible when rendered, so it is not part of the text.
        case .htmlInline, .other: return ""
        default: return node.children.map(inlineText).joined()
        }
    }

    private static func collapsingWhitespace(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
