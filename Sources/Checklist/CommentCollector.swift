/// Gathers the HTML comments in a part of the document, in document order.
struct CommentCollector {
    let path: String

    func comments(in node: MarkdownNode) throws(ChecklistError) -> [HTMLComment] {
        var found: [HTMLComment] = []
        try collect(node, into: &found)
        return found
    }

    private func collect(_ node: MarkdownNode, into found: inout [HTMLComment]) throws(ChecklistError) {
        switch node.kind {
        case .htmlBlock, .htmlInline:
            found += try HTMLCommentScanner.comments(inRawHTML: node.literal, firstLine: node.line, path: path)
            return
        case .codeBlock, .code:
            return
        default:
            break
        }
        for child in node.children {
            try collect(child, into: &found)
        }
    }
}
