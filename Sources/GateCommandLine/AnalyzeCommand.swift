import Foundation
import CFAAnalysis
import GateEngine
import Probes
import Reporters

struct AnalyzeCommand: GateCommand {
    static let name = "analyze"
    static let abstract = "Check the Swift sources against the CFA rules and print the findings."
    static let reference = DocumentationLink.analyzer
    static var help: String {
        """
        USAGE: cfa-gate analyze [--repo DIR] [--format text|json|sarif] [--no-baseline] [--no-cache]
                                [--bench [--workers N]]

        Parses every .swift file of the repository (leaving out .build, DerivedData, Pods,
        Carthage, hidden folders and the `exclude` list of .cfa-gate.json) and reports each
        finding in the compiler's form, `path:line:column: error: message [CFA-RULE-ID, item N]`,
        sorted, with repository-relative paths. Exit 0 when no finding is an error, 1 otherwise.
        Findings the baseline accepts (.cfa-gate-baseline.json beside .cfa-gate.json, or the file
        its "baseline" key names; see `cfa-gate baseline`) are counted, not listed, and never fail.

        OPTIONS:
          --repo DIR                 Folder to analyze: a repository or a folder inside one (paths
                                     stay relative to the repository root). Default: the current
                                     folder. .cfa-gate.json is read from DIR, else the repository root.
          --format text|json|sarif   json: {"findings": [...], "summary": {...}}; sarif: SARIF 2.1.0.
          --no-baseline              Ignore the baseline: every finding counts, known or not.
          --bench                    Print timings instead of findings: bare SwiftParser parsing against
                                     the whole analysis, on 1 worker and on all cores
                                     (used by Scripts/bench-analyze.sh).
          --workers N                With --bench: measure on N workers only.
        \(AnalysisCacheOption.helpLine(width: 29))

        RULES (a page each, with examples: \(DocumentationLink.rules)):
        \(HelpText.rules)

        \(ExitCode.helpText)
        """
    }

    var repositoryPath: String
    var format: String
    var bench: Bool
    var useBaseline: Bool
    var useCache: Bool
    /// `--workers N` for `--bench`.
    var benchWorkers: Int?
    /// Hidden: `--rule-reference DIR` writes the rule reference (a page per rule and the index table) into DIR,
    /// `Documentation/Rules` (Scripts/update-rule-reference.sh runs it).
    var ruleReferenceFolder: String?

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(
            arguments, command: Self.name, valueOptions: ["--repo", "--format", "--workers", "--rule-reference"],
            flagOptions: ["--bench", "--no-baseline", AnalysisCacheOption.flag])
        try reader.noPositionals(command: Self.name)
        repositoryPath = reader.options["--repo"] ?? "."
        format = try reader.format(allowed: ["text", "json", "sarif"], command: Self.name)
        bench = reader.flags.contains("--bench")
        useBaseline = !reader.flags.contains("--no-baseline")
        ruleReferenceFolder = reader.options["--rule-reference"]
        useCache = !reader.flags.contains(AnalysisCacheOption.flag)
        if let text = reader.options["--workers"] {
            guard bench, let count = Int(text), count >= 1 else { throw UsageError("--workers takes a number of at least 1 and goes with --bench") }
            benchWorkers = count
        }
    }

    func run(on terminal: Terminal) async -> Int32 {
        if let ruleReferenceFolder {
            do {
                try RuleReferenceMarkdown.write(into: URL(fileURLWithPath: ruleReferenceFolder))
            } catch {
                return terminal.fail(error, exitCode: ExitCode.usage)
            }
            return ExitCode.passed
        }
        let target: AnalysisTarget
        do {
            target = try AnalysisTarget.resolve(repositoryPath)
        } catch {
            return terminal.fail(error, exitCode: ExitCode.usage)
        }
        if bench {
            BenchmarkText.lines(await target.benchmark(workers: benchWorkers)).forEach(terminal.out)
            return ExitCode.passed
        }
        let baseline: Baseline?
        do {
            baseline = useBaseline ? try target.baseline() : nil
        } catch {
            return terminal.fail(error, exitCode: ExitCode.usage)
        }
        let result = await target.analyze(baseline: baseline, cache: useCache ? target.diskCache(toolVersion: CFAGate.version) : nil)
        let summary = CFAProbe.baselineSummary(of: result)
        switch format {
        case "json": terminal.out(AnalysisReport.json(result, baseline: summary))
        case "sarif":
            terminal.out(AnalysisReport.sarif(result.findings.map(CFAProbe.diagnostic), baseline: summary, toolVersion: CFAGate.version))
        default: AnalysisReport.text(result, baseline: summary).forEach(terminal.outText)
        }
        return result.errorCount == 0 ? ExitCode.passed : ExitCode.failed
    }
}
