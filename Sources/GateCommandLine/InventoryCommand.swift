import CFAAnalysis
import GateEngine
import Probes
import Reporters
import Verdict

struct InventoryCommand: GateCommand {
    static let name = "inventory"
    static let abstract = "List the app's screens, ViewModels, Features, repositories, AppModel wiring and tests."
    static let reference = DocumentationLink.analyzer
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
        let target: AnalysisTarget
        do {
            target = try AnalysisTarget.resolve(repositoryPath)
        } catch {
            return terminal.fail(error, exitCode: ExitCode.usage)
        }
        guard let diff else {
            let inventory = Inventory(index: await target.analyze(cache: cache(target)).index)
            if format == "json" { terminal.out(JSONText.pretty(inventory)) } else { terminal.outText(InventoryText.render(inventory)) }
            return ExitCode.passed
        }
        let outcome: ProbeOutcome
        do {
            outcome = try await target.inventoryDiff(base: diff.base, final: diff.final, cache: cache(target))
        } catch {
            return terminal.fail(error, exitCode: ExitCode.usage)
        }
        guard let report = InventoryDiffText.report(outcome.evidence, format: format) else { return ExitCode.error }
        if format == "text" { terminal.outText(report) } else { terminal.out(report) }
        return outcome.status == .passed ? ExitCode.passed : ExitCode.failed
    }

    private func cache(_ target: AnalysisTarget) -> FactsCache? {
        useCache ? target.diskCache(toolVersion: CFAGate.version) : nil
    }
}
