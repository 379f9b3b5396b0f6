import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import Reporters
@testable import Verdict

struct BaselineReportTests {
    @Test func sarifMarksNewKnownAndFixedFindings() throws {
        var statement = BaselineSample.statement
        statement.predicate.items.append(SampleVerdicts.failing.predicate.items[0])
        let log = try SARIFJSONValue.decode(SARIFReport.render(statement, rules: SARIFSampleRules.catalog, repositoryURI: nil))
        let results = log[path: ["runs", 0, "results"]]?.arrayValue ?? []
        #expect(results.map { $0["baselineState"]?.stringValue } == ["new", "new", "unchanged", "unchanged", "absent", "absent"])
        #expect(results.map { $0["level"]?.stringValue } == ["error", "warning", "error", "error", "none", "none"])
        #expect(results[4]["kind"] == .string("pass"))
        #expect(results[0]["kind"] == nil)
        #expect(results[4][path: ["locations", 0, "physicalLocation", "artifactLocation", "uri"]]?.stringValue?.hasSuffix("OrdersFeature+Legacy.swift") == true)
        // Identical known findings keep distinct fingerprints, so code scanning keeps two alerts.
        let fingerprints = results.compactMap { $0[path: ["partialFingerprints", "cfaGate/v1"]]?.stringValue }
        #expect(Set(fingerprints).count == results.count)
        let checker = try #require(SARIFSchemaTests.checker)
        #expect(checker.errors(in: log) == [])
    }

    @Test func analyzeSARIFMarksResultsOnlyWhenABaselineIsInUse() throws {
        let summary = BaselineSummary(path: "b.json", baselined: BaselineSample.baselined, fixed: [])
        let with = try SARIFJSONValue.decode(SARIFReport.render(
            findings: SARIFSampleRules.ruleFindings, rules: SARIFSampleRules.catalog, repositoryURI: nil, toolVersion: "1", baseline: summary))
        let states = (with[path: ["runs", 0, "results"]]?.arrayValue ?? []).map { $0["baselineState"]?.stringValue }
        #expect(states == Array(repeating: "new", count: SARIFSampleRules.ruleFindings.count) + ["unchanged", "unchanged"])
        let without = SARIFReport.render(findings: SARIFSampleRules.ruleFindings, rules: SARIFSampleRules.catalog, repositoryURI: nil, toolVersion: "1")
        #expect(!without.contains("baselineState"))
    }

    @Test func markdownFoldsTheKnownFindingsAndListsTheFixedOnes() {
        let page = MarkdownReport.render(BaselineSample.statement, links: nil)
        #expect(page.contains("### Baselined findings"))
        #expect(page.contains("Baseline `.cfa-gate-baseline.json`: 2 known findings accepted by the baseline, not failing."))
        #expect(page.contains("2 baselined findings fixed — run `cfa-gate baseline` to drop them:"))
        #expect(page.contains("- `CFA-NO-GCD-LOCKS` in `\(BaselineSample.legacyFile)`: OrdersFeature uses NSLock &lt;now gone&gt; ×2"))
        #expect(page.contains("<details>\n<summary>Known findings (2)</summary>\n\n- **error** [`CFA-NO-GCD-LOCKS`](\(DocumentationLink.rule("CFA-NO-GCD-LOCKS"))) at [\(BaselineSample.legacyFile):7]"))
        #expect(!MarkdownReport.render(SampleVerdicts.passing, links: nil).contains("Baselined"))
    }

    @Test func htmlFoldsTheKnownFindingsAndListsTheFixedOnes() {
        let page = HTMLReport.render(BaselineSample.statement, links: nil)
        #expect(page.contains("<section id=\"baseline\" aria-labelledby=\"baseline-heading\">"))
        #expect(page.contains("<details>\n<summary>Known findings (2)</summary>"))
        #expect(page.contains("OrdersFeature uses NSLock &lt;now gone&gt; ×2"))
        #expect(page.components(separatedBy: "<code>\(BaselineSample.legacyFile):").count == 3)
    }

    @Test func junitDoesNotFailOnKnownFindings() {
        let xml = JUnitReport.render(BaselineSample.statement)
        #expect(!xml.contains("<failure"))
        #expect(xml.contains("failures=\"0\""))
    }

    @Test func showListsTheKnownFindings() {
        let shown = VerdictRenderer.text(BaselineSample.statement, signatureNote: "signed")
        #expect(shown.contains("  known: \(BaselineSample.legacyFile):7:28: error: CFA-NO-GCD-LOCKS: OrdersFeature uses DispatchQueue"))
    }
}
