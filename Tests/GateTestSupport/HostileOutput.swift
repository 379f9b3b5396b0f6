import Verdict

/// What a change under test prints to make the log lie (issue 18): a carriage return and `ESC[2K` to erase its line,
/// cursor-up sequences to overwrite earlier lines with "Result: PASSED", and lines that the GitHub Actions runner
/// would take for workflow commands (an annotation, masking the word FAILED, the legacy `##[` form).
public enum HostileOutput {
    public static let message =
        "boom\r\u{1B}[2K\u{1B}[1A\u{1B}[1AResult: PASSED\n::error file=x.swift::forged\n::add-mask::FAILED\n##[error]legacy\u{9B}2K\u{7F}"
    /// A source-location path holding the same tricks.
    public static let path = "Tests/\u{1B}[2K\r::add-mask::FAILED\n::error::x.swift"

    /// The problems `text` (one text output, gate-owned colour codes allowed when `allowingColor`) would cause a
    /// terminal or the GitHub Actions runner; empty when it is safe. `commands` lists the workflow commands the gate
    /// itself writes there, which may begin a line.
    public static func problems(in text: String, allowingColor: Bool = false, commands: [String] = []) -> [String] {
        var found: [String] = []
        if text.contains("\r") { found.append("a raw carriage return") }
        for scalar in text.unicodeScalars where (0x00...0x1F).contains(scalar.value) && scalar != "\n" && scalar != "\t" && scalar != "\u{1B}" {
            found.append("a raw control character \\u{\(String(scalar.value, radix: 16))}")
        }
        if text.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) { found.append("a raw DEL or C1 character") }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("\u{1B}") {
                // The gate's own colours are SGR sequences around its own words; the change's ESC never reaches here raw.
                if !allowingColor || line.contains("\u{1B}[2K") || line.contains("\u{1B}[1A") { found.append("a raw ESC in: \(line)") }
            }
            let trimmed = String(line.unicodeScalars.drop { $0.properties.isWhitespace })
            // A command of the gate's own may carry the change's text as its (escaped) data; any other is the change's.
            if trimmed.hasPrefix("::"), !commands.contains(where: { trimmed.hasPrefix("::\($0)") }) { found.append("a workflow command: \(line)") }
            if line.contains("##[") { found.append("a legacy workflow command: \(line)") }
            if line.contains("Result: PASSED") && line.hasPrefix("Result:") { found.append("a forged result line: \(line)") }
        }
        return found
    }
}
