import CFAAnalysis
import Checklist
import Foundation
import Sandbox
import GateEngine
import Probes
import Reporters
import Verdict

struct RunCommand: GateCommand {
    static let name = "run"
    static let abstract = "Run every checklist item against the repository and write a signed verdict."
    static let reference = DocumentationLink.whatARunDoes
    static let help = """
        USAGE: cfa-gate run [--repo DIR] [--package-path DIR] [--policy-ref REV] [--checklist FILE]
                            [--config FILE] [--key FILE] [--out FILE] [--format text|json]
                            [--build-timeout D] [--test-timeout D] [--command-timeout D]
                            [--no-progress] [--junit FILE] [--sarif FILE] [--summary FILE] [--base REV]
                            [--no-baseline] [--no-cache] [--shard I/N] [--timings VERDICT]

        Loads the checklist, runs each numbered item as its probe (build, test, git-clean,
        command; manual items are listed for a person), signs the verdict with Ed25519 and
        writes it atomically.

        OPTIONS:
          --repo DIR            Repository to gate (default: the one containing the current folder).
          --package-path DIR    Swift package inside the repository, relative to its root (default: .).
          --policy-ref REV      Trusted revision to read the policy from: the checklist
                                gate/cfa-change-gate.md and .cfa-gate.json, from git objects.
                                Default: the base (see --base); the change's own copies are only
                                listed under "policy change". A first commit uses its own files.
          --checklist FILE      Run this checklist file instead of the policy revision's (for
                                editing a checklist locally; verify --policy-ref will not accept it
                                unless it is the same).
          --config FILE         Use this analyser configuration instead of the policy revision's.
          --key FILE            Ed25519 private key (PKCS#8 PEM) to sign with, outside the working
                                tree. Default: the CFA_GATE_SIGNING_KEY variable (a path or the PEM
                                text), else a key kept in .git/cfa-gate/ and created on first use.
                                The key is read before any probe starts and never reaches one, and
                                only where no probe and no process of this user could reach it (else
                                exit 2 before it is read; isolation=best-effort opts out).
          --out FILE            Where to write the verdict (default: .git/cfa-gate/verdicts/<commit>.json).
                                Full probe logs go beside it in <name>.logs/.
          --format text|json    text: progress and a summary; json: the signed verdict on standard
                                output, progress on standard error.
          --build-timeout D     Time limit for each build item (default 30m). D is like 90s, 20m, 1h30m.
          --test-timeout D      Time limit for each test item (default 30m).
          --command-timeout D   Time limit for each command item (default 5m).
          --no-progress         One plain line per event even on a terminal (no redrawing).
                                Colour is used only on a terminal and never when NO_COLOR is set.
          --junit FILE          Also write JUnit XML: a testsuite per section, a testcase per item.
          --sarif FILE          Also write SARIF 2.1.0 (rule findings, compiler errors, failing tests).
          --summary FILE        Also write the Markdown review page.
          --base REV            Base commit of the inventory diff and of the policy (default: the
                                merge-base with the upstream, else origin/main or main, else the
                                first parent).
                                REV (here and in --policy-ref) is a full ref (refs/remotes/origin/main),
                                a commit id, HEAD, or a short name that exactly one of refs/heads/,
                                refs/remotes/, refs/tags/ holds; ~N and ^N may follow. A name that
                                could mean two refs is refused (exit 2), naming both.
          --no-baseline         Ignore the baseline of known findings (see `cfa-gate baseline`): every
                                finding counts.
        \(AnalysisCacheOption.helpLine(width: 24))
          --shard I/N           Run as shard I of N of a CI matrix: build, then run this shard's share
                                of the expected tests; shard 1 also runs every other item. Merge the
                                N verdicts with `cfa-gate merge`.
          --timings VERDICT     The test durations an earlier verdict recorded: the longest tests start
                                first, and with --shard they balance the shares (default: dealt by a
                                stable hash of each test's id).

        In GitHub Actions (GITHUB_ACTIONS=true) each finished item's evidence is printed in a
        ::group::, findings become ::error/::warning annotations, and the Markdown page is appended
        to $GITHUB_STEP_SUMMARY.

        Precedence: a command-line option wins over the checklist's own
        <!-- cfa-gate: package-path=… build-timeout=… --> settings, which win over the defaults.

        \(ExitCode.helpText)
        """

    var options: GateOptions
    var format: String
    var progressRequested: Bool
    var reportPaths: [(ReportFormat, String)]

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(
            arguments, command: Self.name,
            valueOptions: [
                "--repo", "--package-path", "--checklist", "--key", "--out", "--format", "--build-timeout",
                "--test-timeout", "--command-timeout", "--junit", "--sarif", "--summary", "--base", "--policy-ref", "--config",
                "--shard", "--timings",
            ], flagOptions: ["--no-progress", "--no-baseline", AnalysisCacheOption.flag])
        reportPaths = [
            (.junit, reader.options["--junit"]), (.sarif, reader.options["--sarif"]), (.markdown, reader.options["--summary"]),
        ].compactMap { format, path in path.map { (format, $0) } }
        progressRequested = !reader.flags.contains("--no-progress")
        try reader.noPositionals(command: Self.name)
        format = try reader.format(allowed: ["text", "json"], command: Self.name)
        func duration(_ name: String) throws(UsageError) -> Duration? {
            guard let text = reader.options[name] else { return nil }
            guard let value = GateDuration.parse(text) else {
                throw UsageError("\(name) \(text) is not a duration — write it like 90s, 20m or 1h30m")
            }
            return value
        }
        options = GateOptions(
            repositoryPath: reader.options["--repo"] ?? ".", packagePath: reader.options["--package-path"],
            checklistPath: reader.options["--checklist"], keyPath: reader.options["--key"],
            outputPath: reader.options["--out"], buildTimeout: try duration("--build-timeout"),
            testTimeout: try duration("--test-timeout"), commandTimeout: try duration("--command-timeout"),
            baseRevision: reader.options["--base"], policyRef: reader.options["--policy-ref"],
            configurationPath: reader.options["--config"], useBaseline: !reader.flags.contains("--no-baseline"),
            environment: ProcessInfo.processInfo.environment, tool: ToolInfo(name: "cfa-gate", version: CFAGate.version))
        if let text = reader.options["--shard"] {
            guard let shard = ShardSpec(text) else {
                throw UsageError("--shard \(text) is not I/N — write e.g. --shard 2/4 (1 ≤ I ≤ N ≤ \(ShardSpec.maximumCount))")
            }
            options.shard = shard
        }
        options.timingsPath = reader.options["--timings"]
        options.analysisCache = !reader.flags.contains(AnalysisCacheOption.flag)
    }

    func run(on terminal: Terminal) async -> Int32 {
        ProcessInterruption.install()
        // Whatever a probe starts stays the gate's to kill, even after its parent ends (see `ProcessReaper`). Only the
        // command line does this: a process that also runs children of its own (a test runner) would have them swept.
        ProcessReaper.becomeSubreaper()
        let json = format == "json"
        // With JSON on standard output, progress goes to standard error so the output stays parseable.
        let style = TerminalStyle.detect(
            isTTY: terminal.isTerminal(standardError: json), environment: terminal.environment,
            progressRequested: progressRequested)
        let inGitHubActions = terminal.environment["GITHUB_ACTIONS"] == "true"
        // In GitHub Actions each finished item's evidence folds into a group of the job log.
        let display = LiveProgress(
            style: style, details: { inGitHubActions ? GitHubActionsReport.group(for: $0) : [] },
            write: { text in terminal.raw(text, toStandardError: json) })
        let (events, continuation) = AsyncStream.makeStream(of: GateEvent.self)
        async let rendering: Void = display.consume(events)
        let outcome: GateOutcome
        let reportFolders = OutputFolders.snapshot(reportPaths.map(\.1))
        do {
            outcome = try await Gate.run(options) { continuation.yield($0) }
            continuation.finish()
            await rendering
        } catch {
            continuation.finish()
            await rendering
            return terminal.fail(error, exitCode: error.exitCode)
        }
        do {
            try writeReports(outcome, folders: reportFolders, terminal: terminal)
        } catch {
            return terminal.fail(error, exitCode: ExitCode.error)
        }
        if inGitHubActions {
            let annotations = outcome.predicate.items.flatMap(GitHubActionsReport.annotations) + GitHubActionsReport.modelBuildNotices(outcome.predicate.items)
            annotations.forEach { json ? terminal.err($0) : terminal.out($0) }
        }
        if json {
            terminal.out(JSONText.pretty(outcome.envelope))
        } else {
            var verify = "cfa-gate verify \(outcome.verdictPath) --pubkey \(outcome.publicKeyPath ?? "PUBLIC-KEY.pem")"
            // The revision the policy was read from: a verify job names its protected branch there instead.
            if let policy = outcome.predicate.policy, [.base, .ref].contains(policy.source), let revision = policy.revision,
                policy.files.allSatisfy({ $0.source != .file })
            {
                verify += " --policy-ref \(revision)"
            }
            ProgressReporter.summary(outcome, verifyCommand: verify, style: style).forEach(terminal.out)
        }
        switch outcome.predicate.result {
        case .passed: return ExitCode.passed
        case .failed: return ExitCode.failed
        case .error: return ExitCode.error
        }
    }

    /// The reports asked for, into folders no probe replaced, and the step summary into the file the runner made.
    private func writeReports(_ outcome: GateOutcome, folders: OutputFolders, terminal: Terminal) throws(ReportFiles.WriteError) {
        if let replaced = folders.check().first { throw ReportFiles.WriteError(path: "a report", reason: replaced) }
        let note = "signed, keyid \(outcome.predicate.signer.keyID)"
        for (format, path) in reportPaths {
            let rendered = format.render(outcome.statement, environment: terminal.environment, signatureNote: note, verdictPath: outcome.verdictPath)
            try ReportFiles.write(rendered, to: path)
        }
        if let summary = outcome.stepSummary {
            let links = RepositoryLinks(gitHubEnvironment: terminal.environment, commit: outcome.predicate.repository.commit)
            do throws(RunnerCommandFiles.WriteRefusal) {
                // Whatever the file holds already must not swallow the report (an unclosed comment, an open fence).
                try RunnerCommandFiles.appendToStepSummary(summary) { existing in
                    StepSummaryOpening.lines(after: existing).joined(separator: "\n")
                        + GitHubActionsReport.stepSummary(outcome.statement, links: links, verdictPath: outcome.verdictPath)
                }
            } catch {
                throw ReportFiles.WriteError(path: error.path, reason: error.reason)
            }
        }
    }
}
