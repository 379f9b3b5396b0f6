/// `// cfa-gate:ignore RULE -- reason` must say why, and name rules that exist.
public struct SuppressionReasonRule: Rule {
    public static let id = "CFA-SUPPRESSION"
    public let descriptor = RuleDescriptor(
        id: id, item: nil,
        summary: "Every suppression names known rules and gives a reason",
        help: "A `// cfa-gate:ignore CFA-RULE-ID -- reason` comment at the end of a line silences that rule there; on a line of its own it silences the next line. Without `-- reason` it is reported and silences nothing; an unknown rule id is reported too (by the engine, which knows the rules of the run).")

    public init() {}

    public func check(_ index: CodebaseIndex) -> [Finding] {
        index.files.flatMap { file in
            file.suppressions.flatMap { suppression -> [Finding] in
                var findings: [Finding] = []
                if suppression.ruleIDs.isEmpty {
                    findings.append(descriptor.finding(file.path, suppression.location, "suppression names no rule — write `// cfa-gate:ignore CFA-RULE-ID -- reason`"))
                }
                if suppression.reason == nil {
                    findings.append(descriptor.finding(
                        file.path, suppression.location,
                        "suppression of \(suppression.ruleIDs.joined(separator: ", ")) gives no reason and has no effect — add `-- why this is acceptable`"))
                }
                return findings
            }
        }
    }
}
