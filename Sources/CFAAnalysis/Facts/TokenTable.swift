// The raw tree (SPI): walking it makes no node objects, which on every file costs a sizeable share of a parse.
@_spi(RawSyntax) internal import SwiftSyntax

/// Every present token of one parsed file, in source order, with the UTF-8 offset at which each starts (its leading
/// trivia included). Made in the one pass over the raw tree that also checks the tree's depth.
///
/// The fact walk asks two things of a node many times: where its first token's text starts, and its text. Walking
/// down from a node to its first token costs the depth of its left edge, which in a chain of n calls is n for each of
/// them; here both are a binary search on the node's offset.
struct TokenTable {
    private var starts: [Int] = []
    private var tokens: [RawSyntax] = []
    /// Set when the tree has a node deeper than the limit the table was made with; the table is then incomplete.
    private(set) var isTooDeep = false

    /// Depth is counted as `FactExtractor.node(deeperThan:in:)` counts it: the root is 0, and a node's present
    /// children are one deeper.
    init(_ root: RawSyntax, depthLimit: Int) {
        self.depthLimit = depthLimit
        collect(root, at: 0, depth: 0)
    }

    private let depthLimit: Int

    /// Recursion, not a stack of nodes: an array of raw nodes copies each through the value witnesses of a type from a
    /// library built for evolution, which cost several times the walk itself. The recursion is as deep as the tree,
    /// which the limit bounds; run on a `ParserThread`.
    private mutating func collect(_ node: RawSyntax, at offset: Int, depth: Int) {
        guard !isTooDeep else { return }
        if depth > depthLimit {
            isTooDeep = true
            return
        }
        guard let layout = node.layoutView else {
            if SyntaxTreeViewMode.sourceAccurate.shouldTraverse(node: node) {
                starts.append(offset)
                tokens.append(node)
            }
            return
        }
        var position = offset
        for case let child? in layout.children {
            collect(child, at: position, depth: depth + 1)
            position += child.byteLength
        }
    }

    /// The index of the first token starting at or after `offset`.
    private func firstIndex(atOrAfter offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where the text of the first token of the node at `offset`, `length` bytes long, starts: past the token's
    /// leading trivia. A node with no text starts where it is.
    func textStart(ofNodeAt offset: Int, length: Int) -> Int {
        guard length > 0 else { return offset }
        var index = firstIndex(atOrAfter: offset)
        while index < tokens.count, tokens[index].byteLength == 0 { index += 1 }
        guard index < tokens.count, let token = tokens[index].tokenView else { return offset }
        return starts[index] + token.leadingTriviaByteLength
    }

    /// The text of the tokens from `start` up to `end`, on one line, at most `limit` characters: tokens joined by one
    /// space where trivia (spaces, line breaks, comments) separated them, and cut with "…" at the limit.
    func text(from start: Int, to end: Int, limit: Int) -> String {
        var text = ""
        var count = 0
        var pendingSpace = false
        var index = firstIndex(atOrAfter: start)
        while index < tokens.count, starts[index] < end, let token = tokens[index].tokenView {
            if count > 0 && (pendingSpace || token.leadingTriviaByteLength > 0) {
                text.append(" ")
                count += 1
            }
            let piece = String(syntaxText: token.rawText)
            text.append(piece)
            count += piece.count
            if count >= limit { return String(text.prefix(limit - 1)) + "…" }
            pendingSpace = token.trailingTriviaByteLength > 0
            index += 1
        }
        return text
    }
}
