/// Text that came from the change under test (compiler output, test messages, file names, titles) and must be
/// cleaned before any output shows it: the reports (Markdown, HTML, GitHub Actions) and every text output on a
/// terminal or in a CI log (progress, the closing summary, `show`, `--format text`).
///
/// Two presentations: `sanitized` drops what a rich format cannot show (Markdown, HTML); `escaped` and `shownLine`
/// keep it visible, escaped, for text read in a terminal or a CI log, where a reader must see that the text tried.
package enum UntrustedText {
    /// One piece of inline text: plain text, or a code span written with backticks (`` `x` ``), kept as
    /// code so summaries like "`swift build` succeeded" read the same in every format.
    package enum Segment: Equatable, Sendable {
        case text(String)
        /// `content` between two runs of `fence` backticks, exactly as CommonMark would read it.
        case code(content: String, fence: Int)
    }

    /// Removes what must never reach a reader: ANSI escape sequences (colour codes from compilers),
    /// control characters, and bidirectional overrides that could make text read differently than it is.
    /// Tabs are kept; line breaks are kept and normalised to `\n`.
    package static func sanitized(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x0D:
                // \r\n and a lone \r both end a line.
                if scalars.first == "\n" { scalars.removeFirst() }
                output.append("\n")
            case 0x2028, 0x2029:
                output.append("\n")
            case 0x09, 0x0A:
                output.append(scalar)
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF:
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Splits sanitized text into plain text and code spans. A backtick run opens a span only when a run of
    /// the same length closes it later (CommonMark's rule); an unmatched run stays literal text.
    package static func segments(_ text: String) -> [Segment] {
        let characters = Array(text)
        var segments: [Segment] = []
        var plain = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                plain.append(characters[index])
                index += 1
                continue
            }
            let openingEnd = runEnd(of: characters, from: index)
            let fence = openingEnd - index
            if let closing = closingRun(in: characters, from: openingEnd, length: fence) {
                if !plain.isEmpty { segments.append(.text(plain)) }
                plain = ""
                segments.append(.code(content: String(characters[openingEnd..<closing]), fence: fence))
                index = closing + fence
            } else {
                plain.append(String(repeating: "`", count: fence))
                index = openingEnd
            }
        }
        if !plain.isEmpty { segments.append(.text(plain)) }
        return segments
    }

    /// The longest run of backticks in `text`, to choose a fence no content can close early.
    package static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var current = 0
        for character in text {
            current = character == "`" ? current + 1 : 0
            longest = max(longest, current)
        }
        return longest
    }

    private static func runEnd(of characters: [Character], from start: Int) -> Int {
        var end = start
        while end < characters.count, characters[end] == "`" { end += 1 }
        return end
    }

    private static func closingRun(in characters: [Character], from start: Int, length: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == "`" {
                let end = runEnd(of: characters, from: index)
                if end - index == length { return index }
                index = end
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Drops the rest of an escape sequence whose ESC was just read: CSI (`ESC [ … final`), OSC
    /// (`ESC ] … BEL` or `ESC ] … ESC \`), or a two-character escape.
    private static func skipEscapeSequence(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let introducer = scalars.first else { return }
        switch introducer {
        case "[":
            scalars.removeFirst()
            // Parameter and intermediate bytes (0x20–0x3F), then one final byte (0x40–0x7E).
            while let next = scalars.first, (0x20...0x3F).contains(next.value) { scalars.removeFirst() }
            if let final = scalars.first, (0x40...0x7E).contains(final.value) { scalars.removeFirst() }
        case "]":
            scalars.removeFirst()
            while let next = scalars.popFirst() {
                if next.value == 0x07 { break }
                if next.value == 0x1B, scalars.first == "\\" {
                    scalars.removeFirst()
                    break
                }
            }
        default:
            if (0x40...0x5F).contains(introducer.value) { scalars.removeFirst() }
        }
    }
}
