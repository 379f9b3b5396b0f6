import Foundation

/// The rule reference in `Documentation/Rules/`, generated from the rule descriptors: a page per rule (its
/// heading, item and severity, summary, reference text and examples) and the table of rules in the folder's
/// README.md, between two marker comments, so the hand-written text around the table stays.
/// `cfa-gate analyze --rule-reference DIR` writes them (`Scripts/update-rule-reference.sh` runs it), and
/// `RuleReferenceTests` fails while the folder holds anything else.
///
/// A page per rule rather than one long page: a finding's help link (SARIF `helpUri`, the terminal, the HTML
/// report) opens the one rule it is about, and a change to a rule changes the one page of that rule.
public enum RuleReferenceMarkdown {
    /// The folder of the pages, relative to the repository root.
    public static let folder = "Documentation/Rules"
    /// The folder's index: hand-written text around the generated table of rules.
    public static let indexName = "README.md"
    static let beginMarker = "<!-- BEGIN RULE INDEX: generated from the rule descriptors by Scripts/update-rule-reference.sh -->"
    static let endMarker = "<!-- END RULE INDEX -->"
    static let pageHeader =
        "<!-- Generated from the rule's descriptor by Scripts/update-rule-reference.sh: edit the rule in Sources/CFAAnalysis/Rules/, not this page. -->"

    /// The file name of a rule's page in `folder`.
    public static func pageName(_ id: String) -> String { "\(id).md" }

    /// Every rule's page, by file name, in catalog order.
    public static func pages(_ descriptors: [RuleDescriptor] = RuleCatalog.referenceDescriptors) -> [(name: String, text: String)] {
        descriptors.map { (pageName($0.id), page($0)) }
    }

    /// The table of rules that belongs between the index's markers.
    public static func index(_ descriptors: [RuleDescriptor] = RuleCatalog.referenceDescriptors) -> String {
        let rows = descriptors.map { descriptor in
            "| [\(descriptor.id)](\(pageName(descriptor.id))) | \(place(descriptor)) | \(descriptor.defaultSeverity.rawValue) | "
                + "\(descriptor.summary.replacingOccurrences(of: "|", with: "\\|")) |"
        }
        return (["| rule | item | default severity | what holds |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// What the index holds between the markers (each on a line of its own), or nil when a marker is missing.
    static func section(in index: String) -> String? {
        sectionRange(in: index).map { String(index[$0]).trimmingCharacters(in: .newlines) }
    }

    /// The index with the generated table in place of whatever its markers held, or nil without the markers.
    static func replacingSection(in index: String, with table: String) -> String? {
        sectionRange(in: index).map { index.replacingCharacters(in: $0, with: table + "\n") }
    }

    private static func sectionRange(in index: String) -> Range<String.Index>? {
        guard let begin = index.range(of: beginMarker + "\n"),
            let end = index.range(of: "\n" + endMarker, range: index.index(before: begin.upperBound)..<index.endIndex)
        else { return nil }
        return begin.upperBound..<index.index(after: end.lowerBound)
    }

    /// Why the reference could not be written: one line naming the file and the fix.
    public enum WriteError: Error, CustomStringConvertible {
        case noIndex(String)
        case noMarkers(String)
        case io(String, String)

        public var description: String {
            switch self {
            case .noIndex(let path): "\(path): not found — run from the repository root, or name the folder that holds the rule index"
            case .noMarkers(let path):
                "\(path): the BEGIN/END RULE INDEX comments are missing — put them, each on a line of its own, where the table of rules goes"
            case .io(let path, let reason): "\(path): \(reason)"
            }
        }
    }

    /// Writes every page into `directory`, removes the page of a rule that no longer exists, and rewrites the
    /// table of the index already there.
    public static func write(into directory: URL, descriptors: [RuleDescriptor] = RuleCatalog.referenceDescriptors) throws(WriteError) {
        let indexURL = directory.appendingPathComponent(indexName)
        guard let index = try? String(contentsOf: indexURL, encoding: .utf8) else { throw .noIndex(indexURL.path) }
        guard let updated = replacingSection(in: index, with: Self.index(descriptors)) else { throw .noMarkers(indexURL.path) }
        let current = pages(descriptors)
        let names = Set(current.map(\.name))
        do {
            try Data(updated.utf8).write(to: indexURL)
            for (name, text) in current {
                try Data(text.utf8).write(to: directory.appendingPathComponent(name))
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where isPageName(name) && !names.contains(name) {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
        } catch {
            throw .io(directory.path, "\(error)")
        }
    }

    /// Whether a file of the folder is a rule page (generated), as opposed to the index.
    public static func isPageName(_ name: String) -> Bool {
        name.hasPrefix("CFA-") && name.hasSuffix(".md")
    }

    static func place(_ descriptor: RuleDescriptor) -> String {
        descriptor.item.map { "\($0)" } ?? descriptor.category ?? "—"
    }

    static func page(_ descriptor: RuleDescriptor) -> String {
        let item = descriptor.item.map { "item \($0) of the [checklist](../../gate/cfa-change-gate.md)" } ?? descriptor.category ?? "no item"
        return render(descriptor, header: pageHeader, place: item, trailer: ". [All rules](\(indexName))")
    }

    /// A rule's page as `cfa-gate explain RULE` prints it: the same text, without the generated-page comment and
    /// the links between pages (they open only beside the page file), then the page's own link; nil for an id
    /// that is not in the catalogue.
    public static func explanation(of id: String, descriptors: [RuleDescriptor] = RuleCatalog.referenceDescriptors) -> String? {
        guard let descriptor = descriptors.first(where: { $0.id == id }) else { return nil }
        let item = descriptor.item.map { "item \($0) of the checklist (`cfa-gate explain \($0)`)" } ?? descriptor.category ?? "no item"
        return render(descriptor, header: nil, place: item, trailer: ".") + "\nPage: \(DocumentationLink.rule(id))\n"
    }

    private static func render(_ descriptor: RuleDescriptor, header: String?, place item: String, trailer: String) -> String {
        var blocks = (header.map { [$0] } ?? []) + [
            "# \(descriptor.id)",
            "**\(descriptor.summary)** — \(item), \(descriptor.defaultSeverity.rawValue)"
                + (descriptor.isConfigurable ? " by default (`.cfa-gate.json` can change it)" : " (no configuration changes it)")
                + trailer,
            descriptor.reference,
        ]
        if let precedence = FindingPrecedence.paragraph(for: descriptor.id) { blocks.append(precedence) }
        let triggering = descriptor.examples.filter(\.isTriggering)
        let passing = descriptor.examples.filter { !$0.isTriggering }
        if !descriptor.examples.isEmpty {
            blocks.append("## Examples")
        }
        if !triggering.isEmpty {
            blocks += ["### Reported", "`\(RuleExample.marker)` marks each finding."] + triggering.map(code)
        }
        if !passing.isEmpty {
            blocks += ["### Not reported"] + passing.map(code)
        }
        return blocks.map { $0.trimmingCharacters(in: .newlines) }.joined(separator: "\n\n") + "\n"
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
