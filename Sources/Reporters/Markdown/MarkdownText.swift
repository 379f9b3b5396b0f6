import Foundation
import TextSafety

/// Untrusted text made safe for GitHub-flavoured Markdown: it shows as written and cannot add markup,
/// links, HTML or table columns.
enum MarkdownText {
    /// Where the text goes. In a table cell `|` inside a code span still needs its backslash (GFM splits
    /// cells before reading code spans); elsewhere that backslash would show.
    enum Context {
        case flow, tableCell
    }

    /// Inline Markdown for a message, summary or title: backtick code spans stay code spans, everything
    /// else is escaped; line breaks become `<br>` so the text stays inside its list item or table cell.
    static func inline(_ text: String, in context: Context = .flow) -> String {
        UntrustedText.segments(UntrustedText.sanitized(text)).map { segment in
            switch segment {
            case .text(let plain):
                escapePlain(plain)
            case .code(let content, let fence):
                codeSpan(content: content, fence: fence, in: context)
            }
        }.joined()
    }

    /// A literal value (path, branch, test name, probe) as one code span, fenced longer than any
    /// backtick run inside it.
    static func code(_ value: String, in context: Context = .flow) -> String {
        let content = UntrustedText.sanitized(value)
        // An empty span (two backticks) would read as literal backticks; a lone space is a real span.
        guard !content.isEmpty else { return "` `" }
        let fence = UntrustedText.longestBacktickRun(in: content) + 1
        // A space on both sides keeps a leading or trailing backtick from joining the fence; CommonMark
        // strips exactly one space from each side again.
        let padded = content.hasPrefix("`") || content.hasSuffix("`") ? " \(content) " : content
        return codeSpan(content: padded, fence: fence, in: context)
    }

    /// `[text](target)` with the text escaped; `target` must already be a percent-encoded address.
    static func link(_ text: String, to target: String) -> String {
        "[\(inline(text))](\(target))"
    }

    /// A fenced code block for output lines, its fence one backtick longer than any run in the lines so
    /// nothing inside can close it.
    static func codeBlock(_ lines: [String], language: String = "text") -> String {
        let content = lines.map(UntrustedText.sanitized).joined(separator: "\n")
        let fence = String(repeating: "`", count: max(3, UntrustedText.longestBacktickRun(in: content) + 1))
        return "\(fence)\(language)\n\(content)\n\(fence)"
    }

    private static func codeSpan(content: String, fence: Int, in context: Context) -> String {
        var body = content.replacingOccurrences(of: "\n", with: " ")
        if context == .tableCell { body = body.replacingOccurrences(of: "|", with: "\\|") }
        let ticks = String(repeating: "`", count: fence)
        return ticks + body + ticks
    }

    /// Backslash-escapes the punctuation GFM gives meaning to inline (emphasis, links, code, strikethrough,
    /// math, table pipes) and writes `& < >` as entities so no HTML or autolink can start.
    private static func escapePlain(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "~", "$", "|":
                escaped += "\\\(character)"
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\n": escaped += "<br>"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
