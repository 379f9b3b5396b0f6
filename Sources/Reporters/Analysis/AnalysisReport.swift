import CFAAnalysis
import TextSafety
import Verdict

/// `analyze`'s output: findings as the issue tracker and scripts read them (JSON), or the compiler's lines
/// and a one-line summary for a terminal.
public enum AnalysisReport {
    struct Document: Encodable {
        var findings: [Finding]
        /// Present only when a baseline was applied, so the output without one is unchanged.
        var baselined: [Finding]?
        var fixedBaseline: [BaselineSummary.Entry]?
        var summary: Summary
    }

    struct Summary: Encodable {
        var files: Int
        var lines: Int
        var errors: Int
        var warnings: Int
        var suppressed: [SuppressedFinding]
        var skippedFiles: [String]
        var baseline: String?
        /// Files parsed, read from the cache, and cache entries written.
        var cache: AnalysisStatistics
    }

    /// `baseline` is the verdict's view of the baseline the result was judged with (nil without one).
    public static func json(_ result: AnalysisResult, baseline: BaselineSummary?) -> String {
        let document = Document(
            findings: result.findings, baselined: baseline.map { _ in result.baselined }, fixedBaseline: baseline?.fixed,
            summary: Summary(
                files: result.fileCount, lines: result.lineCount, errors: result.errorCount, warnings: result.warningCount,
                suppressed: result.suppressed, skippedFiles: result.skippedFiles, baseline: result.baseline, cache: result.statistics))
        return JSONText.pretty(document)
    }

    /// Every finding in the compiler's form, then the summary line, what the baseline accepted or lost, and the
    /// page of each rule found.
    public static func text(_ result: AnalysisResult, baseline: BaselineSummary?) -> [String] {
        // A finding stays one line whatever its file name holds.
        result.findings.map { UntrustedText.escaped($0.compilerStyle) } + [summaryLine(result)] + baselineLines(result, baseline: baseline)
            + RulePageLines.lines(result.findings.map(\.rule))
    }

    /// After the summary: the baselined count and, when the code has lost some known findings, what to do about it.
    static func baselineLines(_ result: AnalysisResult, baseline: BaselineSummary?) -> [String] {
        guard let baseline else { return [] }
        let count = result.baselined.count
        var lines = ["\(count) baselined finding\(count == 1 ? "" : "s") not shown (known, in \(baseline.path); --no-baseline lists them)"]
        if let note = baseline.fixedNote {
            lines.append(note)
            lines += baseline.fixed.map { "  fixed: \($0.file): \($0.message) [\($0.rule)]\($0.count > 1 ? " ×\($0.count)" : "")" }
        }
        return lines
    }

    static func summaryLine(_ result: AnalysisResult) -> String {
        let suppressed = result.suppressed.isEmpty ? "" : ", \(result.suppressed.count) suppressed"
        let skipped = result.skippedFiles.isEmpty ? "" : ", \(result.skippedFiles.count) files skipped (not UTF-8)"
        return "\(result.errorCount) errors, \(result.warningCount) warnings in \(result.fileCount) files (\(result.lineCount) lines)\(suppressed)\(skipped)"
    }

    /// SARIF for code scanning; `findings` are the result's findings as verdict diagnostics.
    public static func sarif(_ findings: [Diagnostic], baseline: BaselineSummary?, toolVersion: String) -> String {
        SARIFReport.render(findings: findings, rules: ReportRule.catalog, repositoryURI: nil, toolVersion: toolVersion, baseline: baseline)
    }
}
