import GateTestSupport
@testable import CFAAnalysis

/// Runs the analyser over inline sources, as if each were a file at its repository path.
enum Analysis {
    static func result(
        _ files: [String: String], configuration: AnalysisConfiguration = AnalysisConfiguration(),
        rules: [any Rule] = RuleCatalog.rules
    ) -> AnalysisResult {
        let facts = files.map { FactExtractor.facts(path: $0.key, source: $0.value) }.sorted { $0.path < $1.path }
        return Analyzer.check(facts, configuration: configuration, rules: rules)
    }

    /// The findings of one rule, in file/line order.
    static func findings(
        _ ruleID: String, in files: [String: String], configuration: AnalysisConfiguration = AnalysisConfiguration()
    ) -> [Finding] {
        result(files, configuration: configuration).findings.filter { $0.rule == ruleID }
    }

    /// The compliant sample app with some files replaced or added.
    static func app(replacing changes: [String: String]) -> [String: String] {
        CompliantApp.files.merging(changes) { _, new in new }
    }
}
