import CFAAnalysis
import Foundation
import GateEngine
import Reporters
import Verdict

struct MergeCommand: GateCommand {
    static let name = "merge"
    static let abstract = "Merge the verdicts of `run --shard I/N` jobs into one signed verdict."
    static let reference = DocumentationLink.shards
    static let help = """
        USAGE: cfa-gate merge SHARD… --out FILE [--key FILE] [--pubkey FILE]

        Verifies every shard verdict, then requires one commit, one policy, one tool version and one
        test plan; every shard 1…N exactly once; every planned test reported by its shard; and the same
        unavailable tests (a model build's) from every shard. Writes one verdict with every item and
        every test case (each unavailable test once), signed, listing the shard verdicts it was made
        from. A missing (a named file that is not there), repeated or foreign shard, a planned test no
        shard reported, or shards that disagree about an unavailable test, fails the merged verdict
        with the reason in its item 0. `verify`, `show` and every report read the merged verdict like
        any other. Reviews are given to the merged verdict
        (`cfa-gate review MERGED …`): a shard's verdict cannot be reviewed, so none carries over.

        OPTIONS:
          --out FILE       Where to write the merged verdict (required).
          --key FILE       Ed25519 private key to sign it with. Default: CFA_GATE_SIGNING_KEY, else
                           this clone's local key.
          --pubkey FILE    Public key every shard must verify with. Default: the public half of
                           CFA_GATE_SIGNING_KEY, else this clone's local key.

        \(ExitCode.helpText)
        """

    var options: ShardMergeRun.Options

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--out", "--key", "--pubkey"])
        guard !reader.positionals.isEmpty else {
            throw UsageError("`cfa-gate merge` needs the shard verdicts — see `cfa-gate merge --help`")
        }
        guard let output = reader.options["--out"] else {
            throw UsageError("`cfa-gate merge` needs --out FILE for the merged verdict")
        }
        options = ShardMergeRun.Options(
            shardPaths: reader.positionals, outputPath: output, keyPath: reader.options["--key"],
            publicKeyPath: reader.options["--pubkey"], environment: ProcessInfo.processInfo.environment,
            tool: ToolInfo(name: "cfa-gate", version: CFAGate.version))
    }

    func run(on terminal: Terminal) async -> Int32 {
        let outcome: GateOutcome
        do {
            outcome = try ShardMergeRun.run(options)
        } catch {
            switch error {
            case .setup: return terminal.fail(error, exitCode: ExitCode.usage)
            case .rejected: return terminal.fail(error, exitCode: ExitCode.rejected)
            case .gate(let cause): return terminal.fail(error, exitCode: cause.exitCode)
            }
        }
        let predicate = outcome.predicate
        let shards = predicate.mergedShards ?? []
        terminal.outText("merged \(shards.count) shard verdict\(shards.count == 1 ? "" : "s"): \(predicate.items.first?.summary ?? "")")
        for problem in predicate.items.first?.evidence.diagnostics ?? [] { terminal.outText("  \(problem.message)") }
        terminal.outText("Result: \(predicate.result.rawValue.uppercased())")
        terminal.outText("Verdict: \(outcome.verdictPath)")
        if !predicate.awaitingReview.isEmpty, predicate.result == .passed {
            terminal.outText("Reviews: sign off items \(ItemNumbers.compact(predicate.awaitingReview.map(\.number))) on this merged verdict: "
                + "`cfa-gate review \(outcome.verdictPath) --key REVIEWER.pem --approve all` — see \(DocumentationLink.signingAReview)")
        }
        switch predicate.result {
        case .passed: return ExitCode.passed
        case .failed: return ExitCode.failed
        case .error: return ExitCode.error
        }
    }
}
