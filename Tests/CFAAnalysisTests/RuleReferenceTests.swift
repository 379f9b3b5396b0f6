@testable import CFAAnalysis
import Foundation
import Testing

/// The README's rule reference is generated from the descriptors; it must never drift from them.
struct RuleReferenceTests {
    static var readme: String {
        // Tests/CFAAnalysisTests/<this file> → repository root.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }

    @Test func theReadmeRuleReferenceIsTheGeneratedOne() throws {
        let section = try #require(
            RuleReferenceMarkdown.section(in: Self.readme), "README.md lacks the BEGIN/END RULE REFERENCE comments")
        let generated = RuleReferenceMarkdown.render()
        guard section != generated else { return }
        // The first differing line, rather than two texts of a thousand lines each.
        let found = section.components(separatedBy: "\n"), expected = generated.components(separatedBy: "\n")
        let line = zip(found, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(found.count, expected.count)
        Issue.record("""
            README.md's rule reference is stale (line \(line + 1) of the section: found \
            "\(line < found.count ? found[line] : "<end>")", generated "\(line < expected.count ? expected[line] : "<end>")") \
            — run Scripts/update-rule-reference.sh
            """)
    }

    @Test func everyRuleHasItsHeadingReferenceAndExamples() {
        let markdown = RuleReferenceMarkdown.render()
        for descriptor in RuleCatalog.descriptors {
            let place = descriptor.item.map { "item \($0)" } ?? descriptor.category ?? ""
            #expect(markdown.contains("### \(descriptor.id) (\(place), \(descriptor.defaultSeverity.rawValue))\n\(descriptor.reference)\n"))
            #expect(!descriptor.reference.isEmpty, "\(descriptor.id) has no reference text")
        }
        #expect(markdown.components(separatedBy: "<details><summary>Examples</summary>").count == RuleCatalog.descriptors.count + 1)
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

    @Test func theSectionIsFoundBetweenTheMarkers() {
        let readme = "intro\n\(RuleReferenceMarkdown.beginMarker)\nGENERATED\nTEXT\n\(RuleReferenceMarkdown.endMarker)\nrest\n"
        #expect(RuleReferenceMarkdown.section(in: readme) == "GENERATED\nTEXT")
        #expect(RuleReferenceMarkdown.section(in: "no markers") == nil)
    }
}
