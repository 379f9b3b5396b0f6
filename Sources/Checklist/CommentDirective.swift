/// What an HTML comment asks of cfa-gate: a probe binding, run options, or nothing (any other comment).
enum CommentDirective: Equatable {
    /// `<!-- probe: … -->`, with the text after the colon.
    case probe(String)
    /// `<!-- cfa-gate: … -->`, with the text after the colon.
    case options(String)
    case none

    static let probeKeyword = "probe"
    static let optionsKeyword = "cfa-gate"

    init(_ comment: HTMLComment, path: String) throws(ChecklistError) {
        let body = comment.body.trimmingWhitespace()
        for keyword in [Self.probeKeyword, Self.optionsKeyword] where body.hasPrefix(keyword) {
            let afterKeyword = body.dropFirst(keyword.count)
            if afterKeyword.first == ":" {
                let rest = String(afterKeyword.dropFirst())
                self = keyword == Self.probeKeyword ? .probe(rest) : .options(rest)
                return
            }
            // `<!-- probe build -->` would otherwise be an ordinary comment and leave the item manual unnoticed.
            if afterKeyword.isEmpty || afterKeyword.first!.isWhitespace {
                throw .directiveWithoutColon(path: path, line: comment.line, keyword: keyword)
            }
        }
        self = .none
    }
}
