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

    /// With the repository's facts cache unless `useCache` is false (`--no-cache`).
    func analyse(useCache: Bool) async -> AnalysisResult {
        await Analyzer.analyze(
            repositoryRoot: root, scope: scope, configuration: configuration,
            cache: AnalysisCacheOption.cache(repositoryRoot: root, enabled: useCache), contentHash: { GitRepository.blobID(of: $0) })
    }
}

struct AnalyzeCommand: GateCommand {
    static let name = "analyze"
    static let abstract = "Check the Swift sources against the CFA rules and print the findings."
    static var help: String {
        """
        USAGE: cfa-gate analyze [--repo DIR] [--format text|json|sarif] [--no-cache] [--bench [--workers N]]

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
          --workers N                With --bench: measure on N workers only.
        \(AnalysisCacheOption.helpLine(width: 29))

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
    var useCache: Bool
    /// `--workers N` for `--bench`.
    var benchWorkers: Int?

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--repo", "--format", "--workers"], flagOptions: ["--bench", AnalysisCacheOption.flag])
        try reader.noPositionals(command: Self.name)
        repositoryPath = reader.options["--repo"] ?? "."
        format = try reader.format(allowed: ["text", "json", "sarif"], command: Self.name)
        bench = reader.flags.contains("--bench")
        useCache = !reader.flags.contains(AnalysisCacheOption.flag)
        if let text = reader.options["--workers"] {
            guard bench, let count = Int(text), count >= 1 else { throw UsageError("--workers takes a number of at least 1 and goes with --bench") }
            benchWorkers = count
        }
    }

    func run(on terminal: Terminal) async -> Int32 {
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
        let result = await target.analyse(useCache: useCache)
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
        let blobID: ContentHash = { GitRepository.blobID(of: $0) }
        for workers in benchWorkers.map({ [$0] }) ?? Array(Set([1, cores])).sorted() {
            let timing = await ParseBenchmark.measure(
                repositoryRoot: target.root, scope: target.scope, configuration: target.configuration, workers: workers,
                contentHash: workers == cores || benchWorkers != nil ? blobID : nil)
            let parse = GateDuration.seconds(timing.bareParse), analysis = GateDuration.seconds(timing.analysis)
            if workers == 1 { analysisOnOne = analysis }
            if !timing.slowest.isEmpty {
                let top = timing.slowest.prefix(5).map { "\($0.name) " + String(format: "%.3fs", GateDuration.seconds($0.time)) }
                terminal.out("slowest on 1 core: " + top.joined(separator: ", "))
            }
            terminal.out(String(
                format: "workers %d: %d files, %d lines: bare parse %.2fs, analysis %.2fs (parse + facts %.2fs, index + rules %.2fs; %.0f lines/s), ratio %.2f",
                workers, timing.files, timing.lines, parse, analysis, GateDuration.seconds(timing.extraction), GateDuration.seconds(timing.rules),
                Double(timing.lines) / analysis, analysis / parse))
            let processor = timing.processor
            let onProcessor = GateDuration.seconds(processor.extraction) + GateDuration.seconds(processor.rules)
            terminal.out(String(
                format: "processor time, workers %d: bare parse %.2fs, analysis %.2fs (parse + facts %.2fs, index + rules %.3fs), ratio %.2f",
                workers, GateDuration.seconds(processor.bareParse), onProcessor, GateDuration.seconds(processor.extraction),
                GateDuration.seconds(processor.rules), onProcessor / GateDuration.seconds(processor.bareParse)))
            if workers > 1, analysisOnOne > 0 { terminal.out(String(format: "speed-up 1 → %d workers: %.2fx", workers, analysisOnOne / analysis)) }
            if let cached = timing.cached {
                let cold = GateDuration.seconds(cached.cold), warm = GateDuration.seconds(cached.warm)
                let extra = GateDuration.seconds(cached.coldOnProcessor) / onProcessor - 1
                terminal.out(String(
                    format: "cache, workers %d: cold %.2fs writing every entry (%+.1f%% processor time against no cache), warm %.2fs (%.2fx cold)",
                    workers, cold, extra * 100, warm, warm / cold))
            }
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
                repositoryRoot: target.root, folder: target.scope, base: choice, final: final, configuration: target.configuration,
                cache: AnalysisCacheOption.cache(repositoryRoot: target.root, enabled: useCache))
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
        /// Files parsed, read from the cache, and cache entries written.
        var cache: AnalysisStatistics
    }

    static func render(_ result: AnalysisResult) -> String {
        let document = Document(
            findings: result.findings,
            summary: Summary(
                files: result.fileCount, lines: result.lineCount, errors: result.errorCount, warnings: result.warningCount,
                suppressed: result.suppressed, skippedFiles: result.skippedFiles, cache: result.statistics))
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
        USAGE: cfa-gate inventory [--repo DIR] [--format text|json] [--no-cache]
               cfa-gate inventory --diff [BASE..]REV [--repo DIR] [--format text|markdown|json] [--no-cache]

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
        \(AnalysisCacheOption.helpLine(width: 24))

        \(ExitCode.helpText)
        """

    var repositoryPath: String
    var format: String
    /// `[BASE..]REV` split into its parts.
    var diff: (base: String?, final: String)?
    var useCache: Bool

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(
            arguments, command: Self.name, valueOptions: ["--repo", "--format", "--diff"], flagOptions: [AnalysisCacheOption.flag])
        useCache = !reader.flags.contains(AnalysisCacheOption.flag)
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
        let result = await target.analyse(useCache: useCache)
        let inventory = Inventory(index: result.index)
        if format == "json" {
            terminal.out(JSONText.pretty(inventory))
        } else {
            terminal.out(InventoryText.render(inventory))
        }
        return ExitCode.passed
    }
}
