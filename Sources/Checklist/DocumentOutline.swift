/// One walk over the document in order: the entries of ordered lists (wherever they are, also in
/// block quotes and bulleted lists) with the heading in force, the title, and the comments outside items.
/// An ordered list's entries are items; anything inside an item, nested lists included, belongs to that item.
struct DocumentOutline {
    struct FoundItem {
        var node: MarkdownNode
        var section: (text: String, level: Int)?
    }

    let comments: CommentCollector
    private(set) var items: [FoundItem] = []
    private(set) var title: String?
    private(set) var commentsOutsideItems: [HTMLComment] = []
    private var section: (text: String, level: Int)?

    init(comments: CommentCollector) {
        self.comments = comments
    }

    mutating func visit(_ node: MarkdownNode) throws(ChecklistError) {
        switch node.kind {
        case .list(ordered: true, _):
            items += node.children.map { FoundItem(node: $0, section: section) }
        case .document, .blockQuote, .list(ordered: false, _), .item:
            for child in node.children {
                try visit(child)
            }
        case .heading(let level):
            let text = ItemTextRenderer.plainText(of: node)
            section = (text, level)
            if level == 1 && title == nil { title = text }
            commentsOutsideItems += try comments.comments(in: node)
        default:
            commentsOutsideItems += try comments.comments(in: node)
        }
    }
}
