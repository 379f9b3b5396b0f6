import CCmarkGFM

/// The one place that talks to cmark-gfm: parses Markdown with the GFM core extensions and
/// copies the resulting tree into `MarkdownNode` values, freeing every C allocation before returning.
enum CmarkDocumentReader {
    /// cmark-gfm registers its core extensions into a process-wide list without any synchronisation;
    /// a Swift global `let` is initialised exactly once (thread-safely), so registration cannot race.
    private static let coreExtensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    /// The deepest nesting of Markdown containers (lists, items, block quotes, emphasis, links…) a checklist may have.
    /// The tree is copied and walked recursively; a few levels are all a checklist needs, and the limit keeps a
    /// change's checklist nested thousands deep from overflowing the stack.
    static let maximumDepth = 100

    enum Parsed {
        case document(MarkdownNode)
        /// The containers nest deeper than `maximumDepth`, first at this line.
        case tooDeep(line: Int)
        /// cmark-gfm could not allocate a parser or document.
        case failed
    }

    static func parse(_ markdown: String, maximumDepth: Int = maximumDepth) -> Parsed {
        guard let document = parseTree(markdown) else { return .failed }
        defer { cmark_node_free(document) }
        if let line = firstLineDeeper(than: maximumDepth, in: document) { return .tooDeep(line: line) }
        return .document(copy(document))
    }

    /// Walks cmark's tree with its own iterator (no recursion): the line of the first container that nests deeper
    /// than `limit`, or nil. An empty container gets an exit event without having been counted, so counting goes by
    /// whether the node has children, on entry and on exit alike.
    private static func firstLineDeeper(than limit: Int, in document: OpaquePointer) -> Int? {
        guard let iterator = cmark_iter_new(document) else { return nil }
        defer { cmark_iter_free(iterator) }
        var depth = 0
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), cmark_node_first_child(node) != nil else { continue }
            if event == CMARK_EVENT_ENTER {
                depth += 1
                if depth > limit { return Int(cmark_node_get_start_line(node)) }
            } else if event == CMARK_EVENT_EXIT {
                depth -= 1
            }
        }
        return nil
    }

    /// The parsed C tree, for the caller to free; nil only if cmark-gfm fails to allocate a parser or document.
    private static func parseTree(_ markdown: String) -> OpaquePointer? {
        guard coreExtensionsRegistered, let parser = cmark_parser_new(CMARK_OPT_SOURCEPOS) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var source = markdown
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let document = cmark_parser_finish(parser) else { return nil }
        cmark_consolidate_text_nodes(document)
        return document
    }

    private static func copy(_ node: OpaquePointer) -> MarkdownNode {
        var children: [MarkdownNode] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            children.append(copy(current))
            child = cmark_node_next(current)
        }
        return MarkdownNode(
            kind: kind(of: node),
            literal: cmark_node_get_literal(node).map { String(cString: $0) } ?? "",
            line: Int(cmark_node_get_start_line(node)),
            column: Int(cmark_node_get_start_column(node)),
            children: children
        )
    }

    private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        let typeName = cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node))
            )
        case CMARK_NODE_ITEM:
            // The tasklist extension keeps the item type and only renames it.
            let isChecked = typeName == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(node) : nil
            return .item(isChecked: isChecked)
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        default:
            // Extension node types are assigned at registration time, so they are known by name only.
            switch typeName {
            case "strikethrough": return .strikethrough
            case "table": return .table
            case "table_header", "table_row": return .tableRow
            case "table_cell": return .tableCell
            default: return .other(typeName)
            }
        }
    }
}
