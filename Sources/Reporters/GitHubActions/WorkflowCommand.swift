import Foundation

/// GitHub Actions workflow commands (`::name key=value,key=value::message`), written exactly as
/// `@actions/core` writes them (packages/core/src/command.ts), and plain log lines that cannot be read
/// as one.
enum WorkflowCommand {
    /// One command line. Properties with no value are left out, as the toolkit does.
    static func line(_ name: String, properties: KeyValuePairs<String, String?> = [:], message: String) -> String {
        let written = properties.compactMap { key, value in
            value.flatMap { $0.isEmpty ? nil : "\(key)=\(escapeProperty($0))" }
        }
        let head = written.isEmpty ? name : "\(name) \(written.joined(separator: ","))"
        return "::\(head)::\(escapeData(message))"
    }

    /// The toolkit's `escapeData`: `%` first (so the runner's unescaping cannot be fooled by a literal
    /// `%0A`), then `\r` and `\n`, so a message can never end the command line and start another.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// The toolkit's `escapeProperty`: `escapeData` plus `:` and `,`, which end a property value.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }

    /// A line printed as plain output that the runner must not take for a command.
    ///
    /// The runner (`ActionCommand.TryParseV2`) trims leading whitespace with .NET's `TrimStart()` and then
    /// looks for `::`, so an indent or a leading space does NOT neutralise a line. A ZERO WIDTH SPACE
    /// (U+200B) is not whitespace to .NET, so putting it first does. The legacy form `##[name]` is still
    /// honoured anywhere in a line (`ActionCommand.TryParse` uses `IndexOf("##[")`), so a zero width space
    /// also goes between `##` and `[`. Both are invisible in the log; the rest of the line is unchanged.
    static func neutralized(_ line: String) -> String {
        let defused = line.replacingOccurrences(of: "##[", with: "##\u{200B}[")
        let trimmed = defused.unicodeScalars.drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(trimmed)).hasPrefix("::") ? "\u{200B}" + defused : defused
    }
}
