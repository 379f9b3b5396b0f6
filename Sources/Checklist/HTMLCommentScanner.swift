/// The text between `<!--` and `-->`, and the line its `<!--` is on.
struct HTMLComment: Sendable, Equatable {
    var body: String
    var line: Int
}

/// Finds HTML comments inside raw HTML that cmark-gfm has already classified as HTML
/// (an HTML block or inline HTML); it does not look for Markdown structure.
enum HTMLCommentScanner {
    static func comments(inRawHTML html: String, firstLine: Int, path: String) throws(ChecklistError) -> [HTMLComment] {
        var comments: [HTMLComment] = []
        var remaining = html[...]
        while let open = remaining.firstRange(of: "<!--") {
            let line = firstLine + html[..<open.lowerBound].count { $0 == "\n" }
            guard let close = remaining[open.upperBound...].firstRange(of: "-->") else {
                throw .unterminatedComment(path: path, line: line)
            }
            comments.append(HTMLComment(body: String(remaining[open.upperBound..<close.lowerBound]), line: line))
            remaining = remaining[close.upperBound...]
        }
        return comments
    }
}
