@testable import CFAAnalysis
import Foundation
import Testing

/// The rule reference in Documentation/Rules is generated from the descriptors; it must never drift from them.
struct RuleReferenceTests {
    static let folder: URL = {
        // Tests/CFAAnalysisTests/<this file> → repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(RuleReferenceMarkdown.folder)
    }()

    static func read(_ name: String) -> String? {
        try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The first differing line, rather than two texts of a hundred lines each.
    static func firstDifference(_ found: String, _ expected: String) -> String {
        let foundLines = found.components(separatedBy: "\n"), expectedLines = expected.components(separatedBy: "\n")
        let line = zip(foundLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(foundLines.count, expectedLines.count)
        let shown = { (lines: [String]) in line < lines.count ? lines[line] : "<end>" }
        return "line \(line + 1): found \"\(shown(foundLines))\", generated \"\(shown(expectedLines))\""
    }

    @Test func everyRulePageIsTheGeneratedOne() {
        for (name, expected) in RuleReferenceMarkdown.pages() {
            guard let found = Self.read(name) else {
                Issue.record("\(RuleReferenceMarkdown.folder)/\(name) is missing — run Scripts/update-rule-reference.sh")
                continue
            }
            if found != expected {
                Issue.record("\(RuleReferenceMarkdown.folder)/\(name) is stale (\(Self.firstDifference(found, expected))) — run Scripts/update-rule-reference.sh")
            }
        }
    }

    @Test func theIndexTableIsTheGeneratedOne() throws {
        let index = try #require(Self.read(RuleReferenceMarkdown.indexName), "\(RuleReferenceMarkdown.folder)/README.md is missing")
        let table = try #require(RuleReferenceMarkdown.section(in: index), "\(RuleReferenceMarkdown.folder)/README.md lacks the BEGIN/END RULE INDEX comments")
        let expected = RuleReferenceMarkdown.index()
        #expect(table == expected, "the table of rules is stale (\(Self.firstDifference(table, expected))) — run Scripts/update-rule-reference.sh")
    }

    @Test func noPageIsLeftOfARuleThatIsGone() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
        let current = Set(RuleReferenceMarkdown.pages().map(\.name))
        let stale = names.filter { $0 != RuleReferenceMarkdown.indexName && !current.contains($0) }.sorted()
        #expect(stale.isEmpty, "no rule has these pages: \(stale.joined(separator: ", ")) — run Scripts/update-rule-reference.sh")
    }

    @Test func everyPageHasItsHeadingPlaceReferenceAndExamples() {
        let pages = Dictionary(uniqueKeysWithValues: RuleReferenceMarkdown.pages().map { ($0.name, $0.text) })
        for descriptor in RuleCatalog.referenceDescriptors {
            let page = pages[RuleReferenceMarkdown.pageName(descriptor.id)] ?? ""
            #expect(page.contains("\n# \(descriptor.id)\n"))
            #expect(page.contains("**\(descriptor.summary)**"))
            #expect(page.contains(descriptor.item.map { "item \($0) of the [checklist]" } ?? descriptor.category ?? "no item"))
            #expect(page.contains(
                "\(descriptor.defaultSeverity.rawValue)" + (descriptor.isConfigurable ? " by default" : " (no configuration changes it)")))
            #expect(!descriptor.reference.isEmpty, "\(descriptor.id) has no reference text")
            #expect(page.contains("\n\n\(descriptor.reference)\n"))
            #expect(page.contains("\n## Examples\n") == !descriptor.examples.isEmpty)
            #expect(page.contains("\n### Reported\n") == descriptor.examples.contains(where: \.isTriggering))
        }
        #expect(RuleReferenceMarkdown.index().components(separatedBy: "\n").count == RuleCatalog.referenceDescriptors.count + 2)
    }

    @Test func aBarInASummaryDoesNotSplitItsTableCell() {
        let descriptor = RuleDescriptor(id: "CFA-X", item: 3, summary: "a | b", help: "")
        #expect(RuleReferenceMarkdown.index([descriptor]).hasSuffix("| [CFA-X](CFA-X.md) | 3 | error | a \\| b |"))
    }

    @Test func anExampleIsShownWithItsFilesRemovalsAndConfiguration() {
        let example = RuleExample(
            RuleExample.File("App/A.swift", "↓import Combine"), removing: ["Tests/B.swift"], configuration: #"{ "rootView": "RootView" }"#)
        #expect(RuleReferenceMarkdown.code(example) == """
            ```swift
            // App/A.swift
            ↓import Combine

            // Tests/B.swift: removed

            // .cfa-gate.json
            // { "rootView": "RootView" }
            ```

            """)
    }

    @Test func theTableIsFoundAndReplacedBetweenTheMarkers() {
        let begin = RuleReferenceMarkdown.beginMarker, end = RuleReferenceMarkdown.endMarker
        let index = "intro\n\(begin)\nGENERATED\nTEXT\n\(end)\nrest\n"
        #expect(RuleReferenceMarkdown.section(in: index) == "GENERATED\nTEXT")
        #expect(RuleReferenceMarkdown.replacingSection(in: index, with: "NEW") == "intro\n\(begin)\nNEW\n\(end)\nrest\n")
        #expect(RuleReferenceMarkdown.replacingSection(in: "intro\n\(begin)\n\(end)\n", with: "NEW") == "intro\n\(begin)\nNEW\n\(end)\n")
        #expect(RuleReferenceMarkdown.section(in: "no markers") == nil)
    }

    @Test func writingRefreshesPagesAndTableAndRemovesAGoneRulesPage() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rule-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let index = "# Rules\n\n\(RuleReferenceMarkdown.beginMarker)\nold table\n\(RuleReferenceMarkdown.endMarker)\n\nHand-written.\n"
        try Data(index.utf8).write(to: directory.appendingPathComponent("README.md"))
        try Data("gone".utf8).write(to: directory.appendingPathComponent("CFA-GONE.md"))
        let descriptors = Array(RuleCatalog.descriptors.prefix(2))
        try RuleReferenceMarkdown.write(into: directory, descriptors: descriptors)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == (["README.md"] + descriptors.map { RuleReferenceMarkdown.pageName($0.id) }).sorted())
        let written = try String(contentsOf: directory.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(written.hasSuffix("\(RuleReferenceMarkdown.endMarker)\n\nHand-written.\n"))
        #expect(RuleReferenceMarkdown.section(in: written) == RuleReferenceMarkdown.index(descriptors))
    }

    @Test func writingWithoutTheIndexOrItsMarkersSaysWhatToDo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rule-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: RuleReferenceMarkdown.WriteError.self) { try RuleReferenceMarkdown.write(into: directory) }
        try Data("# Rules\n".utf8).write(to: directory.appendingPathComponent("README.md"))
        do {
            try RuleReferenceMarkdown.write(into: directory)
            Issue.record("an index without markers was accepted")
        } catch {
            #expect("\(error)".contains("BEGIN/END RULE INDEX"))
        }
    }
}
