import CFAAnalysis
import GateEngine

/// `cfa-gate baseline`: writes every current finding to the baseline file, so the gate fails only on new ones.
/// The only way entries are added; the gate itself never writes the baseline.
struct BaselineCommand: GateCommand {
    static let name = "baseline"
    static let abstract = "Write today's findings to the baseline, so the gate fails only on new ones."
    static let reference = DocumentationLink.baseline
    static let help = """
        USAGE: cfa-gate baseline [--repo DIR] [--out FILE]

        Analyses the folder as `cfa-gate analyze` does, ignoring any existing baseline, and writes
        every finding to the baseline file: rule, file, message and, where one file holds several
        identical findings, their count. No line numbers: moving code, reformatting it or adding
        lines above a finding keeps it known; renaming its file or the type it is about makes it new.
        Entries are sorted, so the file's diff reads well in review.

        `analyze` and `run` then count the findings the baseline holds as baselined (listed in the
        reports, never failing an item) and fail on any other. When known findings are gone they
        say so; run this command again to drop them. CFA-ADOPTION findings are never baselined.

        OPTIONS:
          --repo DIR     Folder to analyze (default: the current one), as for `analyze`.
          --out FILE     Where to write. Default: the file .cfa-gate.json names with "baseline",
                         else .cfa-gate-baseline.json beside .cfa-gate.json (or in DIR without one).

        \(ExitCode.helpText)
        """

    var repositoryPath: String
    var outputPath: String?

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--repo", "--out"])
        try reader.noPositionals(command: Self.name)
        repositoryPath = reader.options["--repo"] ?? "."
        outputPath = reader.options["--out"]
    }

    func run(on terminal: Terminal) async -> Int32 {
        let written: AnalysisTarget.BaselineWritten
        do {
            written = try await AnalysisTarget.resolve(repositoryPath).writeBaseline(to: outputPath)
        } catch {
            return terminal.fail(error, exitCode: error.isWriteFailure ? ExitCode.error : ExitCode.usage)
        }
        let adoption = written.adoptionFindings
        if !adoption.isEmpty {
            terminal.errText(
                "cfa-gate: \(adoption.count) \(AdoptionRule.id) finding\(adoption.count == 1 ? " is" : "s are") not baselined"
                    + " — adopt CFA first: \(adoption[0].message)")
        }
        terminal.outText(Self.report(written.baseline, previous: written.previous, path: written.path))
        return ExitCode.passed
    }

    /// "wrote 12 known findings (10 entries) to .cfa-gate-baseline.json — 2 added, 3 dropped since the previous baseline".
    static func report(_ baseline: Baseline, previous: Baseline?, path: String) -> String {
        let total = baseline.findingCount
        let entries = baseline.entries.count
        var line = "wrote \(total) known finding\(total == 1 ? "" : "s") (\(entries) entr\(entries == 1 ? "y" : "ies")) to \(path)"
        if let previous {
            let added = Baseline.additions(from: previous, to: baseline).reduce(0) { $0 + $1.count }
            let dropped = Baseline.additions(from: baseline, to: previous).reduce(0) { $0 + $1.count }
            line += " — \(added) added, \(dropped) dropped since the previous baseline"
        }
        return line + "\nCommit it: `cfa-gate analyze` and `cfa-gate run` now fail only on findings it does not hold."
    }
}
