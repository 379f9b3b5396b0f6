@testable import CFAAnalysis
import GateTestSupport
import Testing

/// Every rule of the catalogue leaves the compliant forms alone: the compliant sample app and the bundled
/// example app give no finding of any rule. (Each rule's own tests plant its violations.)
struct CatalogTests {
    static let ruleIDs = RuleCatalog.descriptors.map(\.id)

    @Test(arguments: ruleIDs)
    func theCompliantAppHasNoFinding(of rule: String) {
        #expect(Analysis.findings(rule, in: CompliantApp.files) == [])
    }

    @Test(arguments: ruleIDs)
    func theExampleAppHasNoFinding(of rule: String) async {
        let result = await PlantedSource.exampleApp()
        #expect(result.fileCount > 0)
        #expect(result.findings.filter { $0.rule == rule } == [])
    }

    @Test func ruleIDsAreUniqueAndEveryItemRuleNamesItsItem() {
        #expect(Set(Self.ruleIDs).count == Self.ruleIDs.count)
        let itemRules = RuleCatalog.descriptors.filter { $0.item != nil }
        #expect(itemRules.allSatisfy { (1...23).contains($0.item!) })
        #expect(Set(itemRules.compactMap(\.item)) == Set(1...23))
    }
}
