import Foundation

/// What goes before the gate's report in `$GITHUB_STEP_SUMMARY`, so that nothing already in the file can swallow it.
///
/// The summary is one Markdown document that every writer of the step appends to. Text left before the report
/// — an unclosed `<!--`, an open code fence, an open `<details>` — would otherwise hide or fold the report, and
/// a fake "passed" banner would be all a reader sees. So the gate closes whatever the earlier text left open,
/// and says when there was earlier text at all; the closing marks it writes are invisible when nothing was open.
public enum StepSummaryOpening {
    /// Tags that, left open, put what follows inside them: folded, preformatted, in a table cell, in a link.
    static let containerTags = [
        "details", "summary", "pre", "code", "table", "thead", "tbody", "tr", "td", "th", "div", "span", "p", "blockquote",
        "ul", "ol", "li", "dl", "dt", "dd", "a", "b", "i", "em", "strong", "sub", "sup", "kbd", "samp", "tt", "s", "strike",
        "del", "ins", "h1", "h2", "h3", "h4", "h5", "h6", "picture", "ruby", "rt", "rp", "q", "cite", "var", "small", "big",
    ]

    /// The lines to write before the report, given the file's current text.
    public static func lines(after existing: String) -> [String] {
        guard !existing.isEmpty else { return [] }
        var lines = ["", ""]
        var state = MarkdownState()
        for line in existing.split(separator: "\n", omittingEmptySubsequences: false) { state.read(String(line)) }
        if let fence = state.openFence {
            // A closing fence is at least as long as the opening one, of the same character.
            lines += [String(repeating: fence.character, count: fence.length), ""]
        }
        // Inside an open comment this ends it; anywhere else it is an empty comment, which shows nothing.
        lines += ["<!-- -->", ""]
        let closers = containerTags.flatMap { tag in
            Array(repeating: "</\(tag)>", count: min(64, max(0, state.opened[tag, default: 0] - state.closed[tag, default: 0])))
        }
        if !closers.isEmpty { lines += [closers.joined(), ""] }
        lines += [
            "---", "",
            "> **cfa-gate's report starts here.** The \(existing.utf8.count) bytes above it were written to this step's summary"
                + " before the gate wrote its report; they are not part of the signed verdict.",
            "",
        ]
        return lines
    }

    /// Just enough of CommonMark's block structure to know what the text leaves open at its end.
    struct MarkdownState {
        var openFence: (character: Character, length: Int)?
        var inComment = false
        var opened: [String: Int] = [:]
        var closed: [String: Int] = [:]

        mutating func read(_ line: String) {
            if let fence = openFence {
                if let closing = Self.fence(in: line), closing.character == fence.character, closing.length >= fence.length,
                    closing.rest.trimmingCharacters(in: .whitespaces).isEmpty
                {
                    openFence = nil
                }
                return
            }
            var rest = Substring(line)
            if inComment {
                guard let end = rest.range(of: "-->") else { return }
                inComment = false
                rest = rest[end.upperBound...]
            } else if let fence = Self.fence(in: line), fence.character == "~" || !fence.rest.contains("`") {
                openFence = (fence.character, fence.length)
                return
            }
            // Comments open and close within the line; what stays open carries over.
            while let start = rest.range(of: "<!--") {
                countTags(in: rest[..<start.lowerBound])
                guard let end = rest[start.upperBound...].range(of: "-->") else {
                    inComment = true
                    return
                }
                rest = rest[end.upperBound...]
            }
            countTags(in: rest)
        }

        private mutating func countTags(in text: Substring) {
            let lowered = text.lowercased()
            for tag in StepSummaryOpening.containerTags {
                opened[tag, default: 0] += Self.occurrences(of: "<\(tag)", followedByEndOfName: true, in: lowered)
                closed[tag, default: 0] += Self.occurrences(of: "</\(tag)", followedByEndOfName: true, in: lowered)
            }
        }

        private static func occurrences(of prefix: String, followedByEndOfName: Bool, in text: String) -> Int {
            var count = 0
            var searchRange = text.startIndex..<text.endIndex
            while let found = text.range(of: prefix, range: searchRange) {
                let next = found.upperBound < text.endIndex ? text[found.upperBound] : " "
                if next == ">" || next == "/" || next.isWhitespace { count += 1 }
                searchRange = found.upperBound..<text.endIndex
            }
            return count
        }

        /// A fence line: at most three spaces, then three or more backticks or tildes.
        private static func fence(in line: String) -> (character: Character, length: Int, rest: Substring)? {
            let indent = line.prefix { $0 == " " }
            guard indent.count <= 3, let character = line.dropFirst(indent.count).first, character == "`" || character == "~" else { return nil }
            let run = line.dropFirst(indent.count).prefix { $0 == character }
            guard run.count >= 3 else { return nil }
            return (character, run.count, line.dropFirst(indent.count + run.count))
        }
    }
}
