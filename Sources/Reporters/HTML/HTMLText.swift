import Foundation
import TextSafety

/// Untrusted text made safe for HTML: in element content and in quoted attribute values alike.
enum HTMLText {
    /// Sanitizes, then escapes `& < > " '`, so no input can open a tag, end an attribute or start a
    /// character reference. Line breaks stay as they are (use `inline` to show them).
    static func escaped(_ text: String) -> String {
        escapeSanitized(UntrustedText.sanitized(text))
    }

    /// Inline HTML for a message or summary: escaped text, backtick code spans as `<code>`, line breaks
    /// as `<br>`.
    static func inline(_ text: String) -> String {
        UntrustedText.segments(UntrustedText.sanitized(text)).map { segment in
            switch segment {
            case .text(let plain):
                escapeSanitized(plain).replacingOccurrences(of: "\n", with: "<br>")
            case .code(let content, _):
                "<code>\(escapeSanitized(codeSpanContent(content)))</code>"
            }
        }.joined()
    }

    /// CommonMark's reading of a code span's content: line breaks become spaces, and one space is stripped
    /// from each end when both ends have one (so `` ` `x` ` `` can show a backtick-delimited x).
    static func codeSpanContent(_ content: String) -> String {
        let flattened = content.replacingOccurrences(of: "\n", with: " ")
        if flattened.count >= 2, flattened.first == " ", flattened.last == " ", !flattened.allSatisfy({ $0 == " " }) {
            return String(flattened.dropFirst().dropLast())
        }
        return flattened
    }

    private static func escapeSanitized(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
