/// The README's rule reference, generated from the rule descriptors: per rule its heading, its reference
/// text, and its examples folded under a `<details>`. `cfa-gate analyze --rule-reference` prints it,
/// `Scripts/update-rule-reference.sh` writes it between the two marker comments of README.md, and a test
/// fails when the README holds anything else there.
public enum RuleReferenceMarkdown {
    static let beginMarker = "<!-- BEGIN RULE REFERENCE: generated from the rule descriptors by Scripts/update-rule-reference.sh -->"
    static let endMarker = "<!-- END RULE REFERENCE -->"

    /// The text that belongs between the markers, each marker on its own line around it.
    public static func render(_ descriptors: [RuleDescriptor] = RuleCatalog.descriptors) -> String {
        descriptors.map(entry).joined(separator: "\n\n")
    }

    /// What README.md holds between the markers, or nil when a marker is missing.
    static func section(in readme: String) -> String? {
        guard let begin = readme.range(of: beginMarker + "\n"),
            let end = readme.range(of: "\n" + endMarker, range: begin.upperBound..<readme.endIndex)
        else { return nil }
        return String(readme[begin.upperBound..<end.lowerBound])
    }

    static func entry(_ descriptor: RuleDescriptor) -> String {
        let place = descriptor.item.map { "item \($0)" } ?? descriptor.category ?? "no item"
        var lines = ["### \(descriptor.id) (\(place), \(descriptor.defaultSeverity.rawValue))", descriptor.reference]
        let triggering = descriptor.examples.filter(\.isTriggering)
        let passing = descriptor.examples.filter { !$0.isTriggering }
        if !descriptor.examples.isEmpty {
            lines += ["", "<details><summary>Examples</summary>", ""]
            if !triggering.isEmpty {
                lines += ["Reported (`\(RuleExample.marker)` marks each finding):", ""] + triggering.map(code)
            }
            if !passing.isEmpty {
                lines += ["Not reported:", ""] + passing.map(code)
            }
            lines.append("</details>")
        }
        return lines.joined(separator: "\n")
    }

    /// One example as a Swift code block: each file under a comment naming its path, then the files it
    /// removes from the compliant app and the configuration it needs.
    static func code(_ example: RuleExample) -> String {
        var parts = example.files.map { "// \($0.path)\n\($0.text)" }
        parts += example.removedFiles.map { "// \($0): removed" }
        if let configuration = example.configurationJSON {
            parts.append("// .cfa-gate.json\n" + configuration.split(separator: "\n").map { "// \($0)" }.joined(separator: "\n"))
        }
        return "```swift\n" + parts.joined(separator: "\n\n") + "\n```\n"
    }
}
