import CFAAnalysis
import Verdict

/// `analyze`'s output: findings as the issue tracker and scripts read them (JSON), or the compiler's lines
/// and a one-line summary for a terminal.
public enum AnalysisReport {
    struct Document: Encodable {
        var findings: [Finding]
        var summary: Summary
    }

    struct Summary: Encodable {
        var files: Int
        var lines: Int
        var errors: Int
        var warnings: Int
        var suppressed: [SuppressedFinding]
        var skippedFiles: [String]
    }

    public static func json(_ result: AnalysisResult) -> String {
        let document = Document(
            findings: result.findings,
            summary: Summary(
                files: result.fileCount, lines: result.lineCount, errors: result.errorCount, warnings: result.warningCount,
                suppressed: result.suppressed, skippedFiles: result.skippedFiles))
        return JSONText.pretty(document)
    }

    /// Every finding in the compiler's form, then the summary line.
    public static func text(_ result: AnalysisResult) -> [String] {
        result.findings.map(\.compilerStyle) + [summaryLine(result)]
    }

    static func summaryLine(_ result: AnalysisResult) -> String {
        let suppressed = result.suppressed.isEmpty ? "" : ", \(result.suppressed.count) suppressed"
        let skipped = result.skippedFiles.isEmpty ? "" : ", \(result.skippedFiles.count) files skipped (not UTF-8)"
        return "\(result.errorCount) errors, \(result.warningCount) warnings in \(result.fileCount) files (\(result.lineCount) lines)\(suppressed)\(skipped)"
    }

    /// SARIF for code scanning; `findings` are the result's findings as verdict diagnostics.
    public static func sarif(_ findings: [Diagnostic], toolVersion: String) -> String {
        SARIFReport.render(findings: findings, rules: ReportRule.catalogue, repositoryURI: nil, toolVersion: toolVersion)
    }
}
