@testable import CFAAnalysis
import Testing

/// Every example of every rule, run the way SwiftLint runs its rule examples: each triggering example must
/// give exactly the findings its `↓` markers point at (file, line, column), each non-triggering one none.
struct RuleExampleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var rule: String
        var number: Int
        var example: RuleExample

        var testDescription: String { "\(rule) example \(number) (\(example.isTriggering ? "reported" : "not reported"))" }
    }

    static let cases: [Case] = RuleCatalog.descriptors.flatMap { descriptor in
        descriptor.examples.enumerated().map { Case(rule: descriptor.id, number: $0.offset + 1, example: $0.element) }
    }

    @Test(arguments: cases)
    func exampleGivesExactlyItsMarkedFindings(_ example: Case) {
        #expect(example.example.mismatches(for: example.rule) == [])
    }

    @Test(arguments: RuleCatalog.descriptors)
    func everyRuleHasAReportedAndANotReportedExample(_ descriptor: RuleDescriptor) {
        #expect(descriptor.examples.contains { $0.isTriggering }, "\(descriptor.id) has no example with a ↓ marker")
        #expect(descriptor.examples.contains { !$0.isTriggering }, "\(descriptor.id) has no example without a marker")
    }

    @Test func markersGiveTheLineAndUTF8ColumnOfTheTextAfterThem() {
        let example = RuleExample(
            RuleExample.File("A.swift", "let a = 1\nlet ↓b = \"é\"; ↓let c = 2\n"),
            RuleExample.File("B.swift", "↓import Combine\n"))
        #expect(example.markers.map(\.description) == ["A.swift:2:5", "A.swift:2:15", "B.swift:1:1"])
        #expect(example.app["A.swift"] == "let a = 1\nlet b = \"é\"; let c = 2\n")
        #expect(example.app[CompliantApp.appModelPath] == CompliantApp.files[CompliantApp.appModelPath])
    }

    @Test func aMarkerWithoutItsFindingAndAFindingWithoutItsMarkerAreBothMismatches() {
        let wrongPlace = RuleExample(CompliantApp.featurePath, "↓" + CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "import Observation", with: "import Observation\nimport Combine"))
        #expect(wrongPlace.mismatches(for: "CFA-NO-COMBINE").count == 2)
        let removed = RuleExample(
            CompliantApp.featurePath, CompliantApp.files[CompliantApp.featurePath]!, removing: [CompliantApp.featureTestPath])
        #expect(!removed.isTriggering)
        #expect(removed.mismatches(for: "CFA-TEST-FEATURE-FILE").count == 1)
        #expect(removed.mismatches(for: "CFA-NO-COMBINE") == [])
    }

    @Test func anEditOfTheCompliantAppThatDoesNotApplyIsAMismatch() {
        let moved = RuleExample(.compliant(CompliantApp.featureTestPath, movedTo: "Tests/AppTests/AppModel Tests/OrdersFeatureTests.swift"))
        #expect(moved.app["Tests/AppTests/AppModel Tests/OrdersFeatureTests.swift"] == CompliantApp.files[CompliantApp.featureTestPath])
        let stale = RuleExample(.compliant(CompliantApp.featurePath, replacing: ["final class OrdersFeatures": "↓final class"]))
        #expect(stale.mismatches(for: "CFA-ISOLATION") == ["`final class OrdersFeatures` is not in \(CompliantApp.featurePath)"])
        let unknown = RuleExample(.compliant("App/Nowhere.swift"))
        #expect(unknown.mismatches(for: "CFA-ISOLATION") == ["App/Nowhere.swift is not a file of the compliant app"])
    }
}
