import Foundation

extension UntrustedText {
    /// One logical line of text for a terminal or a CI log: every control character but the tab (C0 with `\n` and
    /// `\r`, DEL, C1 with ESC's 8-bit twin CSI), the Unicode line and paragraph separators, and the bidirectional
    /// overrides are shown escaped, as Swift writes them (`\u{1b}`). A reader sees that the text tried something;
    /// the terminal never acts on it (no cursor movement, no line clearing, no `\r` overwriting what was printed).
    ///
    /// Escaping is idempotent: the escaped form holds no control character, so text escaped once (a message) and
    /// again as part of a whole line (the line that quotes it) reads the same.
    package static func escaped(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if mustEscape(scalar) {
                output.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Whether `escaped` shows `scalar` escaped.
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// As `escaped`, but line breaks (`\n`, `\r\n`, a lone `\r`) kept, as `\n`: for a GitHub annotation, whose message is
    /// one command line that encodes its breaks (`%0A`) and shows them as lines in the annotation.
    package static func escapedKeepingLineBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }

    /// A line of a text output that holds untrusted text, ready to print: escaped (`escaped`) and unable to begin a
    /// GitHub Actions workflow command (`neutralized`). For lines without colour codes of the gate's own: a line
    /// with them escapes its untrusted fields and is only `neutralized` whole.
    package static func shownLine(_ line: String) -> String {
        neutralized(escaped(line))
    }

    /// Every line of a multi-line text output (`show`, `--format text`) made safe with `shownLine`.
    package static func shownText(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { shownLine(String($0)) }.joined(separator: "\n")
    }

    /// A line printed as plain output that the GitHub Actions runner must not take for a workflow command.
    ///
    /// The choice is to neutralize every line rather than wrap untrusted blocks in `::stop-commands::<token>`:
    /// it needs no state across lines (a progress line, a group and an annotation interleave freely), no secret
    /// token, reads the same outside GitHub Actions, and keeps reports byte-identical from run to run.
    ///
    /// The runner (`ActionCommand.TryParseV2`) trims leading whitespace with .NET's `TrimStart()` and then
    /// looks for `::`, so an indent or a leading space does NOT neutralize a line. A ZERO WIDTH SPACE
    /// (U+200B) is not whitespace to .NET, so putting it first does. The legacy form `##[name]` is still
    /// honoured anywhere in a line (`ActionCommand.TryParse` uses `IndexOf("##[")`), so a zero width space
    /// also goes between `##` and `[`. Both are invisible in the log; the rest of the line is unchanged.
    /// The runner reads lines as .NET's `ReadLine` splits them (at `\n`, `\r` and `\r\n`): a caller passes one
    /// line with no `\r` in it, which `escaped` ensures.
    package static func neutralized(_ line: String) -> String {
        let defused = line.replacingOccurrences(of: "##[", with: "##\u{200B}[")
        let trimmed = defused.unicodeScalars.drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(trimmed)).hasPrefix("::") ? "\u{200B}" + defused : defused
    }
}
