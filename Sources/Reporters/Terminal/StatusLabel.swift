import Verdict

extension ItemStatus {
    /// Fixed-width words rather than symbols, so CI logs and greps read the same as a terminal.
    public var label: String {
        switch self {
        case .passed: "pass"
        case .failed: "FAIL"
        case .error: "ERROR"
        case .skipped: "skip"
        case .manual: "manual"
        }
    }
}

extension ItemStatus {
    package func painted(_ text: String, _ style: TerminalStyle) -> String {
        switch self {
        case .passed: style.paint(text, "32")
        case .failed: style.paint(text, "31")
        case .error: style.paint(text, "1;31")
        case .skipped: style.paint(text, "33")
        case .manual: style.paint(text, "36")
        }
    }
}

extension GateResult {
    public var banner: String { rawValue.uppercased() }

    package func painted(_ text: String, _ style: TerminalStyle) -> String {
        switch self {
        case .passed: style.paint(text, "1;32")
        case .failed: style.paint(text, "1;31")
        case .error: style.paint(text, "1;31")
        }
    }
}

package enum DurationText {
    package static func seconds(_ value: Double) -> String {
        value < 60 ? String(format: "%.1fs", value) : "\(Int(value) / 60)m\(String(format: "%02d", Int(value) % 60))s"
    }
}

extension Diagnostic {
    /// The compiler's own form, `file:line:column: severity: message`, so terminals and editors link it.
    public var locatedMessage: String {
        let location = [file, line.map(String.init), column.map(String.init)].compactMap { $0 }.joined(separator: ":")
        let prefix = location.isEmpty ? "" : "\(location): "
        let subject = name.map { "\($0): " } ?? ""
        return "\(prefix)\(severity ?? "error"): \(subject)\(message)"
    }
}
