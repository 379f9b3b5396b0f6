@testable import CFAAnalysis
import Testing
@testable import Probes

/// Issue 36: `FindingPrecedence` folds a rule's finding into another rule's on the same expression. A `cfa` item binding
/// only the folded rule must still fail, or a checklist that leaves the winning rule unbound would pass the defect.
struct CFAProbePrecedenceTests {
    /// CFA-VIEW-INIT-CLEAN's example: the root hands a screen a Feature read from `AppModel.shared`.
    private static func analysis() -> AnalysisResult {
        let facts = ViewInitCleanRule.examples[1].app.map { FactExtractor.facts(path: $0.key, source: $0.value) }.sorted { $0.path < $1.path }
        return Analyzer.check(facts, configuration: AnalysisConfiguration())
    }

    @Test(arguments: [ViewNoModelAccessRule.id, RootViewStructuralRule.id])
    func anItemBindingOnlyAnAbsorbedRuleStillFails(rule: String) {
        let analysis = Self.analysis()
        #expect(!analysis.findings.contains { $0.rule == rule && $0.file == CompliantApp.rootPath })
        let outcome = CFAProbe.judge(ruleIDs: [rule], analysis: analysis)
        #expect(outcome.status == .failed)
        #expect(outcome.summary.contains("[\(ViewInitCleanRule.id)]"))
    }

    @Test func anItemBindingNoneOfThemIsUntouched() {
        #expect(CFAProbe.judge(ruleIDs: [NoGCDLocksRule.id], analysis: Self.analysis()).status == .passed)
    }
}
