import Verdict

/// The words every reporter uses for the policy a verdict was judged under and for the changes to it the
/// change proposes. Everything here is shown only when the verdict records it, so older pages stay as they were.
package enum PolicyText {
    package static let changeHeading = "Policy change"
    static let changeNote = "Proposed by this change and not applied: the verdict was judged under the policy above; "
        + "these take effect once merged. Review them like code."
    /// How to see the change's own policy applied before it merges, and why CI must not.
    package static let tryItNow = "to try it now: `cfa-gate run --policy-ref HEAD` (not for CI: the change would judge itself)"
    static let runErrorsHeading = "Run errors"
    static let runNotesHeading = "Run notes"

    /// "from the base: merge-base of HEAD with main (abc1234)".
    package static func origin(_ policy: PolicyRecord) -> String {
        let files = policy.files.filter { $0.source == .file }.map(\.path)
        let explicit = files.isEmpty ? "" : "; given on the command line: \(files.joined(separator: ", "))"
        let origin = switch policy.source {
        case .base: "from the base: \(policy.description)"
        case .ref: "from \(policy.description)"
        case .file: "from files given on the command line"
        case .change: "from the change itself — \(policy.description)"
        }
        return origin + (policy.source == .file ? "" : explicit)
    }

    /// The plain-text section: a heading line, then one indented line per change.
    package static func lines(_ changes: [PolicyChange]) -> [String] {
        ["\(changeHeading) (not applied; takes effect once merged):"] + changes.map { "  \(place($0)): \($0.summary)" }
            + (changes.contains(where: \.editsPolicyFile) ? ["  \(tryItNow)"] : [])
    }

    /// `path:line` of a change, or the path alone.
    package static func place(_ change: PolicyChange) -> String {
        change.file + (change.line.map { ":\($0)" } ?? "")
    }
}
