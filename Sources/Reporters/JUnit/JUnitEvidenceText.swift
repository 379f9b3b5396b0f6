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
        lines += evidence.diagnostics.map(\.locatedMessage)
        lines += evidence.excerpt.map { "| \($0)" }
        lines += evidence.logs.map { "log: \($0.path) (\($0.bytes) bytes, sha256 \($0.sha256))" }
        return lines.joined(separator: "\n")
    }
}
