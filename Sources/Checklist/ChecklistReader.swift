/// Reads a checklist document: finds the items and headings in cmark-gfm's tree, then numbers,
/// binds and describes each item and applies the top-level options comments.
struct ChecklistReader {
    private let source: String
    private let path: String

    init(markdown: String, path: String) {
        // Normalised so cmark-gfm's line and column numbers match the lines the item numbers are read from.
        var source = markdown.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
        if source.hasPrefix("\u{FEFF}") { source.removeFirst() }
        self.source = source
        self.path = path
    }

    func read() throws(ChecklistError) -> Checklist {
        let parsed: MarkdownNode
        switch CmarkDocumentReader.parse(source) {
        case .document(let document): parsed = document
        case .tooDeep(let line): throw .nestingTooDeep(path: path, line: line, limit: CmarkDocumentReader.maximumDepth)
        case .failed: throw .markdownParserFailed(path: path)
        }
        let document = try InlineCommentRecovery(path: path, source: source).recover(parsed)
        var outline = DocumentOutline(comments: CommentCollector(path: path))
        try outline.visit(document)

        let items = try readItems(outline.items)
        guard !items.isEmpty else { throw .noItems(path: path) }

        var options = OptionsCommentParser(path: path)
        for comment in outline.commentsOutsideItems {
            switch try CommentDirective(comment, path: path) {
            case .options(let text): try options.read(text, line: comment.line)
            case .probe: throw .probeOutsideItem(path: path, line: comment.line)
            case .none: continue
            }
        }
        return Checklist(path: path, title: outline.title, items: items, options: options.options)
    }

    private func readItems(_ found: [DocumentOutline.FoundItem]) throws(ChecklistError) -> [ChecklistItem] {
        let numbers = ItemNumberReader(source: source)
        let bindings = ProbeBindingParser(path: path)
        let collector = CommentCollector(path: path)
        var items: [ChecklistItem] = []
        for entry in found {
            let node = entry.node
            guard let number = numbers.number(line: node.line, column: node.column) else {
                throw .unreadableItemNumber(path: path, line: node.line)
            }
            if let previous = items.last, number <= previous.number {
                throw .itemNumberNotIncreasing(
                    path: path, line: node.line, number: number,
                    previousNumber: previous.number, previousLine: previous.line
                )
            }
            var probe: ProbeBinding?
            for comment in try collector.comments(in: node) {
                switch try CommentDirective(comment, path: path) {
                case .probe(let text):
                    if let first = probe, let firstLine = first.line {
                        throw .duplicateProbeBinding(path: path, line: comment.line, firstLine: firstLine)
                    }
                    probe = try bindings.parse(text, line: comment.line)
                case .options:
                    throw .optionsInsideItem(path: path, line: comment.line)
                case .none:
                    continue
                }
            }
            let (title, description) = ItemTextRenderer.titleAndDescription(of: node)
            guard !title.isEmpty else { throw .itemWithoutTitle(path: path, line: node.line, number: number) }
            items.append(ChecklistItem(
                number: number, title: title, description: description,
                section: entry.section?.text, sectionLevel: entry.section?.level,
                line: node.line, probe: probe ?? .manual
            ))
        }
        return items
    }
}
