/// Turns comment text that cmark-gfm left as visible text back into inline HTML comments.
///
/// The linked cmark-gfm follows CommonMark 0.29, whose inline comments may not contain `--`; CommonMark
/// 0.31.2 and HTML accept any text up to `-->`. Bindings such as `<!-- probe: test --filter Fast -->`
/// rely on that, so a `<!--` in a text node is joined with the following plain inline text up to `-->`.
/// The recovered comment must read exactly as written in the source; where Markdown changed it
/// (escapes, entities, emphasis) it is an error rather than a silently different binding.
struct InlineCommentRecovery {
    let path: String
    let sourceLines: [Substring]

    init(path: String, source: String) {
        self.path = path
        sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
    }

    func recover(_ node: MarkdownNode) throws(ChecklistError) -> MarkdownNode {
        var node = node
        node.children = try recover(siblings: node.children)
        return node
    }

    private func recover(siblings original: [MarkdownNode]) throws(ChecklistError) -> [MarkdownNode] {
        var nodes = original
        var result: [MarkdownNode] = []
        var index = 0
        while index < nodes.count {
            let node = try recover(nodes[index])
            guard node.kind == .text, let open = node.literal.firstRange(of: "<!--") else {
                result.append(node)
                index += 1
                continue
            }
            let before = String(node.literal[..<open.lowerBound])
            if !before.isEmpty { result.append(textNode(before, like: node)) }

            var commentText = String(node.literal[open.lowerBound...])
            var last = index
            while commentText.dropFirst(4).firstRange(of: "-->") == nil {
                last += 1
                guard last < nodes.count else { throw .unterminatedComment(path: path, line: node.line) }
                let next = nodes[last]
                switch next.kind {
                case .text, .htmlInline: commentText += next.literal
                case .code: commentText += "`\(next.literal)`"
                case .softBreak, .lineBreak: commentText += "\n"
                default:
                    // Emphasis or a link inside the comment: Markdown has already rewritten it.
                    let closesLater = nodes[last...].contains { $0.literal.contains("-->") || $0.descendants.contains { $0.literal.contains("-->") } }
                    throw closesLater ? .commentReadAsText(path: path, line: node.line) : .unterminatedComment(path: path, line: node.line)
                }
            }
            let close = commentText.dropFirst(4).firstRange(of: "-->")!
            let comment = String(commentText[..<close.upperBound])
            try requireWrittenAsIs(comment, firstLine: node.line)
            result.append(MarkdownNode(kind: .htmlInline, literal: comment, line: node.line, column: node.column, children: []))

            // Whatever follows `-->` is visible text again and may hold another comment.
            let after = String(commentText[close.upperBound...])
            if after.isEmpty {
                index = last + 1
            } else {
                nodes[last] = textNode(after, like: nodes[last])
                index = last
            }
        }
        return result
    }

    private func requireWrittenAsIs(_ comment: String, firstLine: Int) throws(ChecklistError) {
        for (offset, segment) in comment.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineIndex = firstLine - 1 + offset
            guard sourceLines.indices.contains(lineIndex), sourceLines[lineIndex].contains(segment) else {
                throw .commentReadAsText(path: path, line: firstLine)
            }
        }
    }

    private func textNode(_ literal: String, like node: MarkdownNode) -> MarkdownNode {
        MarkdownNode(kind: .text, literal: literal, line: node.line, column: node.column, children: [])
    }
}
