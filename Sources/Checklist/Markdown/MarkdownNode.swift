/// A Markdown node copied out of cmark-gfm's tree into plain Swift values, so the rest of the
/// module never sees a C pointer. Positions are cmark's source positions (1-based line, 1-based byte column).
struct MarkdownNode: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int)
        /// `isChecked` is set for GFM task-list items (`- [x] …`), nil for ordinary items.
        case item(isChecked: Bool?)
        case codeBlock
        case htmlBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case text
        case softBreak
        case lineBreak
        case code
        case htmlInline
        case emphasis
        case strong
        case strikethrough
        case link
        case image
        case table
        case tableRow
        case tableCell
        /// Anything else cmark-gfm may produce (footnotes, custom nodes), by its type name.
        case other(String)
    }

    var kind: Kind
    /// The node's literal content (text, code, raw HTML); empty for containers.
    var literal: String
    var line: Int
    var column: Int
    var children: [MarkdownNode]

    /// Every node below this one, depth first in document order.
    var descendants: [MarkdownNode] {
        children.flatMap { [$0] + $0.descendants }
    }
}
