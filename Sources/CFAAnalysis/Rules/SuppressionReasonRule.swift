/// `// cfa-gate:ignore RULE -- reason` must say why, and name rules that exist.
struct SuppressionReasonRule: Rule {
    static let id = "CFA-SUPPRESSION"
    let descriptor = RuleDescriptor(
        id: id, item: nil, category: "hygiene",
        summary: "Every suppression names known rules and gives a reason",
        help: """
            A `// cfa-gate:ignore CFA-RULE-ID -- reason` comment at the end of a line silences that rule there; on a line of its \
            own it silences the next line. Without `-- reason` it is reported and silences nothing; an unknown rule id is \
            reported too (by the engine, which knows the rules of the run).
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        index.files.flatMap { file in
            file.suppressions.flatMap { suppression -> [Finding] in
                var findings: [Finding] = []
                if suppression.ruleIDs.isEmpty {
                    findings.append(descriptor.finding(
                        file.path, suppression.location, "suppression names no rule — write `// cfa-gate:ignore CFA-RULE-ID -- reason`"))
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

extension SuppressionReasonRule {
    static let reference = """
        **Reported:** a `// cfa-gate:ignore` comment without `-- reason` (it also silences nothing), one that
        names no rule, and one that names a rule id that does not exist. **Fix:** `// cfa-gate:ignore CFA-RULE-ID -- \
        why this is acceptable`.
        """

    static let examples: [RuleExample] = [
        // A suppression that does not say why.
        RuleExample(
            "App/3 - User Data Storage/AudioBridge.swift",
            """
            import Foundation

            final class AudioBridge {
                ↓// cfa-gate:ignore CFA-NO-GCD-LOCKS
                private let callbackQueue = DispatchQueue(label: "audio")
            }
            """),
        // Named rule, stated reason.
        RuleExample(
            "App/3 - User Data Storage/AudioBridge.swift",
            """
            import Foundation

            final class AudioBridge {
                // cfa-gate:ignore CFA-NO-GCD-LOCKS -- the C audio API calls back on this queue
                private let callbackQueue = DispatchQueue(label: "audio")
            }
            """),
        // A suppression that names no rule.
        RuleExample(
            "App/3 - User Data Storage/AudioBridge.swift",
            """
            import Foundation

            final class AudioBridge {
                private let callbackQueue = DispatchQueue(label: "audio") ↓// cfa-gate:ignore -- the C audio API needs it
            }
            """),
    ]
}
