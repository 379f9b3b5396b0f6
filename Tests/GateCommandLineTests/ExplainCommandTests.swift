@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing

/// `cfa-gate explain`, offline: a rule's page from the rule's own descriptor and examples, an item of the shipped
/// checklist, and one line with the way out for a name it does not know.
struct ExplainCommandTests {
    @Test func everyRuleOfTheCatalogueIsExplainedWithItsSummaryAndBothKindsOfExample() throws {
        let fixture = try GitFixture()
        for rule in RuleCatalog.referenceDescriptors {
            let result = try CFAGateBinary.run(["explain", rule.id], in: fixture)
            #expect(result.status == 0, "\(rule.id): \(result.standardError)")
            let text = result.standardOutput
            #expect(text.hasPrefix("# \(rule.id)\n"), "\(rule.id)")
            #expect(text.contains(rule.summary), "\(rule.id)")
            if !rule.examples.isEmpty {
                #expect(text.contains("### Reported"), "\(rule.id)")
            }
            #expect(!text.contains("\u{1B}["), "\(rule.id): no colour codes in a pipe")
            #expect(!text.contains("cfa-gate.dev"), "\(rule.id)")
        }
    }

    @Test func anItemNumberNamesItsProbeAndEachRuleWithTheHint() throws {
        let result = try CFAGateBinary.run(["explain", "13"], in: try GitFixture())
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("13. Features know nothing about screens"))
        #expect(result.standardOutput.contains("(cfa-gate explain CFA-FEATURE-NO-SWIFTUI)"))
    }

    @Test func anUnknownNameExitsTwoWithOneLineAndTheWayToListThem() throws {
        let result = try CFAGateBinary.run(["explain", "CFA-NOPE"], in: try GitFixture())
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("cfa-gate explain --list"))
    }
}
