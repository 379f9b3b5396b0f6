import Verdict

/// The body of a `<failure>`, `<error>` or `<system-out>`: what a reader of a CI test tab needs to act without
/// opening the verdict — the probe, its summary, then the evidence in the forms editors and terminals link.
enum JUnitEvidenceText {
    static func body(for item: ItemResult) -> String {
        var lines = ["probe: \(item.probe)", item.summary]
        let evidence = item.evidence
        if let tests = evidence.tests {
            lines.append("tests: \(tests.passed) passed, \(tests.failed) failed, \(tests.skipped) skipped")
        }
        lines += evidence.diagnostics.map(located)
        lines += evidence.excerpt.map { "| \($0)" }
        lines += evidence.logs.map { "log: \($0.path) (\($0.bytes) bytes, sha256 \($0.sha256))" }
        return lines.joined(separator: "\n")
    }

    /// `file:line:column: severity: [name: ]message`, the compiler's own form.
    static func located(_ diagnostic: Diagnostic) -> String {
        let location = [diagnostic.file, diagnostic.line.map(String.init), diagnostic.column.map(String.init)]
            .compactMap { $0 }
            .joined(separator: ":")
        let prefix = location.isEmpty ? "" : "\(location): "
        let subject = diagnostic.name.map { "\($0): " } ?? ""
        return "\(prefix)\(diagnostic.severity ?? "error"): \(subject)\(diagnostic.message)"
    }
}
