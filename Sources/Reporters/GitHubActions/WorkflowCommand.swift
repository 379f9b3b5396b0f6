import Foundation
import TextSafety

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
        // The legacy `##[name]` form is honoured anywhere in a line: defused inside the data too.
        return "::\(head)::\(escapeData(message))".replacingOccurrences(of: "##[", with: "##\u{200B}[")
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

    /// A line printed as plain output that the runner must not take for a command (see `UntrustedText.neutralized`).
    static func neutralized(_ line: String) -> String {
        UntrustedText.neutralized(line)
    }
}
