import CFAAnalysis
import Checklist
import Foundation
import GateEngine
import Git
import Probes
import Reporters
import Verdict

/// Where `analyze` and `inventory` look: the repository containing `--repo` (or the folder itself when
/// it is not in one), with its `.cfa-gate.json`.
struct AnalysisTarget {
    var root: String
    /// The folder asked for, relative to `root` ("" for all of it).
    var scope: String
    var configuration: AnalysisConfiguration

    static func resolve(_ repositoryPath: String) throws(ConfigurationFile.LoadError) -> AnalysisTarget {
        let path = Gate.absolute(repositoryPath)
        let root = (try? GitRepository.discover(startingAt: path))?.workingDirectory ?? path
        let scope = RepositoryPath.folder(path, inside: root)
        return AnalysisTarget(root: root, scope: scope, configuration: try ConfigurationFile.load(repositoryRoot: root, scope: scope))
    }

    func analyse() async -> AnalysisResult {
        await Analyzer.analyze(repositoryRoot: root, scope: scope, configuration: configuration)
    }
}

struct AnalyzeCommand: GateCommand {
    static let name = "analyze"
    static let abstract = "Check the Swift sources against the CFA rules and print the findings."
    static var help: String {
        """
        USAGE: cfa-gate analyze [--repo DIR] [--format text|json|sarif] [--bench]

        Parses every .swift file of the repository (leaving out .build, DerivedData, Pods,
        Carthage, hidden folders and the `exclude` list of .cfa-gate.json) and reports each
        finding in the compiler's form, `path:line:column: error: message [CFA-RULE-ID, item N]`,
        sorted, with repository-relative paths. Exit 0 when no finding is an error, 1 otherwise.

        OPTIONS:
          --repo DIR                 Folder to analyse: a repository or a folder inside one (paths
                                     stay relative to the repository root). Default: the current
                                     folder. .cfa-gate.json is read from DIR, else the repository root.
          --format text|json|sarif   json: {"findings": [...], "summary": {...}}; sarif: SARIF 2.1.0.
          --bench                    Print timings instead of findings: bare SwiftParser parsing against
                                     the whole analysis, on 1 worker and on all cores
                                     (used by Scripts/bench-analyze.sh).

        RULES:
        \(RuleCatalogue.descriptors.map { rule in
            let item = (rule.item.map { "item \($0)" } ?? "").padding(toLength: 7, withPad: " ", startingAt: 0)
            return "  \(rule.id.padding(toLength: 30, withPad: " ", startingAt: 0)) \(item)  \(rule.summary)"
        }.joined(separator: "\n"))

        \(ExitCode.helpText)
        """
    }

    var repositoryPath: String
    var format: String
    var bench: Bool
    /// Hidden: print the README's rule reference (Scripts/update-rule-reference.sh writes it into README.md).
    var ruleReference: Bool

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--repo", "--format"], flagOptions: ["--bench", "--rule-reference"])
        try reader.noPositionals(command: Self.name)
        repositoryPath = reader.options["--repo"] ?? "."
        format = try reader.format(allowed: ["text", "json", "sarif"], command: Self.name)
        bench = reader.flags.contains("--bench")
        ruleReference = reader.flags.contains("--rule-reference")
    }

    func run(on terminal: Terminal) async -> Int32 {
        if ruleReference {
            terminal.out(RuleReferenceMarkdown.render())
            return ExitCode.passed
        }
        let target: AnalysisTarget
        do {
            target = try AnalysisTarget.resolve(repositoryPath)
        } catch {
            terminal.err("cfa-gate: \(error)")
            return ExitCode.usage
        }
        if bench {
            await printBenchmark(target, terminal: terminal)
            return ExitCode.passed
        }
        let result = await target.analyse()
        switch format {
        case "json":
            terminal.out(AnalysisJSON.render(result))
        case "sarif":
            terminal.out(SARIFReport.render(
                findings: result.findings.map(CFAProbe.diagnostic), rules: RuleReference.reportRules, repositoryURI: nil,
                toolVersion: CFAGate.version))
        default:
            result.findings.forEach { terminal.out($0.compilerStyle) }
            terminal.out(AnalysisJSON.summaryLine(result))
        }
        return result.errorCount == 0 ? ExitCode.passed : ExitCode.failed
    }
}

extension AnalyzeCommand {
    private func printBenchmark(_ target: AnalysisTarget, terminal: Terminal) async {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var analysisOnOne = 0.0
        for workers in Array(Set([1, cores])).sorted() {
            let timing = await ParseBenchmark.measure(
                repositoryRoot: target.root, scope: target.scope, configuration: target.configuration, workers: workers)
            let parse = GateDuration.seconds(timing.bareParse), analysis = GateDuration.seconds(timing.analysis)
            if workers == 1 { analysisOnOne = analysis }
            terminal.out(String(
                format: "workers %d: %d files, %d lines: bare parse %.2fs, analysis %.2fs (parse + facts %.2fs, index + rules %.2fs; %.0f lines/s), ratio %.2f",
                workers, timing.files, timing.lines, parse, analysis, GateDuration.seconds(timing.extraction), GateDuration.seconds(timing.rules),
                Double(timing.lines) / analysis, analysis / parse))
            if workers > 1 { terminal.out(String(format: "speed-up 1 → %d workers: %.2fx", workers, analysisOnOne / analysis)) }
        }
    }
}

extension InventoryCommand {
    private func runDiff(base: String?, final: String, terminal: Terminal) async -> Int32 {
        let target: AnalysisTarget
        let report: InventoryProbe.Report
        do {
            target = try AnalysisTarget.resolve(repositoryPath)
        } catch {
            terminal.err("cfa-gate: \(error)")
            return ExitCode.usage
        }
        do {
            let choice = try InventoryProbe.chooseBase(repositoryRoot: target.root, explicit: base, final: final)
            report = try await InventoryProbe.compare(
                repositoryRoot: target.root, folder: target.scope, base: choice, final: final, configuration: target.configuration)
        } catch {
            terminal.err("cfa-gate: \(error)")
            return ExitCode.usage
        }
        let outcome = InventoryProbe.judge(report)
        guard let changes = outcome.evidence.inventory else { return ExitCode.error }
        switch format {
        case "json":
            struct Document: Encodable {
                var inventory: InventoryChanges
                var problems: [Diagnostic]
            }
            terminal.out(JSONText.pretty(Document(inventory: changes, problems: outcome.evidence.diagnostics)))
        case "markdown":
            terminal.out(InventoryDiffText.markdown(changes, problems: outcome.evidence.diagnostics))
        default:
            terminal.out(InventoryDiffText.text(changes, problems: outcome.evidence.diagnostics))
            outcome.evidence.excerpt.forEach(terminal.out)
        }
        return outcome.status == .passed ? ExitCode.passed : ExitCode.failed
    }
}

/// The JSON form of `analyze`: findings as the issue tracker and scripts read them, and a summary.
enum AnalysisJSON {
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

    static func render(_ result: AnalysisResult) -> String {
        let document = Document(
            findings: result.findings,
            summary: Summary(
                files: result.fileCount, lines: result.lineCount, errors: result.errorCount, warnings: result.warningCount,
                suppressed: result.suppressed, skippedFiles: result.skippedFiles))
        return JSONText.pretty(document)
    }

    static func summaryLine(_ result: AnalysisResult) -> String {
        let suppressed = result.suppressed.isEmpty ? "" : ", \(result.suppressed.count) suppressed"
        let skipped = result.skippedFiles.isEmpty ? "" : ", \(result.skippedFiles.count) files skipped (not UTF-8)"
        return "\(result.errorCount) errors, \(result.warningCount) warnings in \(result.fileCount) files (\(result.lineCount) lines)\(suppressed)\(skipped)"
    }
}

/// The rule catalogue as report formats describe rules. The help text points at the README's rule
/// reference, which travels with the tool; there is no web page to link to.
enum RuleReference {
    static var reportRules: [ReportRule] {
        RuleCatalogue.descriptors.map { descriptor in
            ReportRule(
                id: descriptor.id, shortDescription: descriptor.summary, fullDescription: descriptor.help,
                helpURI: nil,
                helpText: "\(descriptor.help)\n\nRule reference: cfa-gate's README, section \"Rule reference\", entry \(descriptor.id).",
                defaultLevel: descriptor.defaultSeverity.rawValue, item: descriptor.item)
        }
    }
}

struct InventoryCommand: GateCommand {
    static let name = "inventory"
    static let abstract = "List the app's screens, ViewModels, Features, repositories, AppModel wiring and tests."
    static let help = """
        USAGE: cfa-gate inventory [--repo DIR] [--format text|json]
               cfa-gate inventory --diff [BASE..]REV [--repo DIR] [--format text|markdown|json]

        The inventory of the CFA catalogue: screens with their ViewModel and its Features, ViewModels,
        Features with their repositories and startup method, repository protocols and
        implementations, AppModel properties, and test files mapped to what they test, each with
        file and line.

        With --diff, compares the inventory of two commits read straight from git objects (nothing
        is checked out; the working tree does not matter) and lists what was added, removed,
        renamed or rewired, like a changelog of the architecture. Without BASE.., the base is the
        merge-base of REV with its upstream, else with origin/main or main, else REV's first parent
        (a root commit compares with the empty tree). Exit 1 when a new screen lacks its ViewModel
        test, a new Feature lacks its Feature test or its AppModel wiring, or a removed Feature is
        still referenced.

        OPTIONS:
          --repo DIR            Folder to read (default: the current one); with --diff, the part of the
                                repository to compare.
          --diff [BASE..]REV    Compare two commits (e.g. --diff HEAD, --diff main..HEAD).
          --format F            text, json, or (with --diff) markdown.

        \(ExitCode.helpText)
        """

    var repositoryPath: String
    var format: String
    /// `[BASE..]REV` split into its parts.
    var diff: (base: String?, final: String)?

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--repo", "--format", "--diff"])
        try reader.noPositionals(command: Self.name)
        repositoryPath = reader.options["--repo"] ?? "."
        if let range = reader.options["--diff"] {
            let parts = range.components(separatedBy: "..")
            guard parts.count <= 2, !(parts.last ?? "").isEmpty, !range.contains("...") else {
                throw UsageError("--diff \(range) is not a range — write REV or BASE..REV (e.g. main..HEAD)")
            }
            diff = (parts.count == 2 && !parts[0].isEmpty ? parts[0] : nil, parts.last!)
            format = try reader.format(allowed: ["text", "markdown", "json"], command: Self.name)
        } else {
            format = try reader.format(allowed: ["text", "json"], command: Self.name)
        }
    }

    func run(on terminal: Terminal) async -> Int32 {
        if let diff { return await runDiff(base: diff.base, final: diff.final, terminal: terminal) }
        let target: AnalysisTarget
        do {
            target = try AnalysisTarget.resolve(repositoryPath)
        } catch {
            terminal.err("cfa-gate: \(error)")
            return ExitCode.usage
        }
        let result = await target.analyse()
        let inventory = Inventory(index: result.index)
        if format == "json" {
            terminal.out(JSONText.pretty(inventory))
        } else {
            terminal.out(InventoryText.render(inventory))
        }
        return ExitCode.passed
    }
}
