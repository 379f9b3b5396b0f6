import CFAAnalysis
import Git
import Verdict

/// `cfa RULE-ID…`: the item fails when any of its rules reports an error-severity finding.
///
/// Every `cfa` item also carries the adoption precondition: in an app that is not CFA at all, the
/// rules would pass vacuously, so the first such item fails with the adoption finding and the others fail unjudged
/// (`judge(items:analysis:)`).
public enum CFAProbe {
    /// Parses and checks the working tree once (from a snapshot, see `sources`); every `cfa` item of a run is
    /// judged from this one result.
    /// The scope is the package the checklist gates (its whole repository when the package is at the root).
    /// Each file is keyed by the blob id git gives its bytes, so the inventory diff that follows can reuse
    /// the facts of every final-commit file whose content is the same (`cache`), and its on-disk store the next run.
    /// Findings the `baseline` accepts are set apart as baselined, so no item fails on them.
    ///
    /// The working tree's Swift files, read now. The gate takes this snapshot before any of the change's code
    /// runs (a build plugin, a test, a command), so code that rewrites a file and restores it later cannot
    /// change what the `cfa` items judge.
    public static func sources(in context: ProbeContext, configuration: AnalysisConfiguration) async -> [SourceInput] {
        await Analyzer.sources(
            repositoryRoot: context.repositoryRoot, scope: context.packagePath, configuration: configuration,
            contentHash: { GitRepository.blobID(of: $0) })
    }

    /// Judges a snapshot taken with `sources`.
    public static func analyze(
        _ sources: [SourceInput], in context: ProbeContext, configuration: AnalysisConfiguration, baseline: Baseline? = nil,
        cache: FactsCache
    ) async -> AnalysisResult {
        let result = await Analyzer.analyze(sources: sources, configuration: configuration, cache: cache)
        return baseline?.apply(to: result, scope: context.packagePath) ?? result
    }

    public static func judge(ruleIDs: [String], analysis: AnalysisResult) -> ProbeOutcome {
        let bound = Set(ruleIDs)
        // Like the adoption precondition, a source the gate cannot read (a link out of the repository, a file past the
        // analyser's limits) fails every item.
        let unsilenceable: Set<String> = [AdoptionRule.id, SourceLink.id, SourceUnreadable.id]
        // A finding that absorbed a bound rule's finding on the same expression (FindingPrecedence) counts for it too.
        let relevant = analysis.findings.filter { !$0.coveredRules.isDisjoint(with: bound) || unsilenceable.contains($0.rule) }
        let errors = relevant.filter { $0.severity == .error }
        let warnings = relevant.count - errors.count
        let evidence = Evidence(diagnostics: relevant.prefix(CompilerDiagnostics.maximumDiagnostics).map(diagnostic))
        let baselined = analysis.baselined.filter { bound.contains($0.rule) }.count
        let scope = "\(analysis.fileCount) files, \(analysis.lineCount) lines" + (baselined > 0 ? ", \(baselined) baselined" : "")
        if let adoption = errors.first(where: { $0.rule == AdoptionRule.id }) {
            return ProbeOutcome(status: .failed, summary: adoption.message, evidence: evidence)
        }
        guard let first = errors.first else {
            let note = warnings > 0 ? "no errors, \(warnings) warning\(warnings == 1 ? "" : "s")" : "no findings"
            return ProbeOutcome(status: .passed, summary: "\(note) (\(scope))", evidence: evidence)
        }
        let counts = "\(errors.count) error\(errors.count == 1 ? "" : "s")" + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : "")
        return ProbeOutcome(
            status: .failed,
            summary: "\(counts)\(ItemResult.firstDiagnosticMarker)\(first.file):\(first.line): \(first.message) [\(first.rule)]",
            evidence: evidence)
    }

    /// Every `cfa` item of a run, in checklist order, judged from one analysis. In an app that is not CFA yet the
    /// first item fails with the adoption finding; the others fail too (never skipped: a rule not judged is no pass),
    /// pointing at that item instead of each repeating the finding.
    public static func judge(items: [(number: Int, rules: [String])], analysis: AnalysisResult) -> [ProbeOutcome] {
        let notCFA = analysis.findings.contains { $0.rule == AdoptionRule.id && $0.severity == .error }
        guard notCFA, let first = items.first else { return items.map { judge(ruleIDs: $0.rules, analysis: analysis) } }
        return [judge(ruleIDs: first.rules, analysis: analysis)]
            + items.dropFirst().map { _ in ProbeOutcome(status: .failed, summary: notJudgedSummary(carriedBy: first.number)) }
    }

    /// The summary of a `cfa` item left unjudged because the app is not CFA yet.
    public static func notJudgedSummary(carriedBy item: Int) -> String {
        "not judged: not a CFA app yet (item \(item))"
    }

    /// What the baseline did, as the verdict records it; nil when no baseline was applied.
    public static func baselineSummary(of analysis: AnalysisResult) -> BaselineSummary? {
        analysis.baseline.map { path in
            BaselineSummary(
                path: path, baselined: analysis.baselined.map(diagnostic),
                fixed: analysis.fixedBaseline.map { entry in
                    BaselineSummary.Entry(
                        rule: entry.fingerprint.rule, file: entry.fingerprint.file, message: entry.fingerprint.message, count: entry.count)
                })
        }
    }

    /// A finding as verdict evidence.
    public static func diagnostic(_ finding: Finding) -> Diagnostic {
        Diagnostic(
            kind: .rule, file: finding.file == "." ? nil : finding.file, line: finding.line, column: finding.column,
            severity: finding.severity.rawValue, name: finding.rule, message: finding.message,
            related: finding.related.isEmpty ? nil : finding.related.map { place in
                Diagnostic.RelatedLocation(file: place.file, line: place.line, column: place.column, message: place.message)
            })
    }
}
