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

    /// Returns nil only if cmark-gfm fails to allocate a parser or document.
    static func parse(_ markdown: String) -> MarkdownNode? {
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
        defer { cmark_node_free(document) }
        cmark_consolidate_text_nodes(document)
        return copy(document)
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
