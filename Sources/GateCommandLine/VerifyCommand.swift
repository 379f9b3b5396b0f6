import CFAAnalysis
import Foundation
import GateEngine
import Reporters
import Verdict

struct VerifyCommand: GateCommand {
    static let name = "verify"
    static let abstract = "Check a verdict's signature and that it is for the named commit."
    static let reference = DocumentationLink.verifying
    static let help = """
        USAGE: cfa-gate verify VERDICT [--pubkey FILE] [--commit REV] [--repo DIR]
                                       [--policy-ref REV] [--checklist FILE] [--config FILE]
                                       [--require-reviews [--reviews-ref REF [--reviews-since COMMIT] | --reviews DIR]]

        Checks the DSSE signature of VERDICT against the trusted public key, checks that the
        in-toto statement names the commit REV (default: HEAD), optionally checks that it was
        made under the trusted policy, compares each probe log beside it (<name>.logs/) with
        the sha256 the verdict records, and prints the gate's result. An edited or missing log
        is a rejection (exit 4); a logs folder that is not there is said and left unchecked.

        OPTIONS:
          --pubkey FILE   PEM public key to trust (the .pub written by `cfa-gate keygen`).
                          Default: the public half of CFA_GATE_SIGNING_KEY, else this clone's
                          local key in .git/cfa-gate/.
          --commit REV    Commit the verdict must be for (default: HEAD). Without a repository,
                          give the full 40-character commit id.
          --repo DIR      Repository to resolve REV in (default: the current one).
          --policy-ref REV
                          The verdict's checklist and .cfa-gate.json must be the ones at REV
                          (read from git objects), e.g. the protected branch origin/main, and its
                          probes must have had what REV's isolation= asks (strict: every guarantee;
                          standard, the default: those keeping the key out of reach; best-effort: none).
                          REV is a full ref (refs/remotes/origin/main), a commit id, HEAD, or a
                          short name that exactly one of refs/heads/, refs/remotes/, refs/tags/
                          holds; a name that could mean two refs is refused (exit 2).
          --checklist FILE
          --config FILE   The verdict's checklist / configuration must be this file (replacing
                          REV's of that role). A role named by neither must have had no file.
          --require-reviews
                          Also require, for every manual item, approvals by the reviewers that
                          gate/reviewers at --policy-ref REV lists (reviews-required=N in the
                          checklist, default 1) for this exact verdict file, and no rejection.
                          Missing approvals or a rejection: exit 1; a corrupt review: exit 4.
          --reviews-ref REF
                          Read the reviews from git objects: every review committed in the history
                          of REF (`cfa-gate review --reviews-ref REF`), so a file a later commit
                          deleted still counts; per reviewer the newest by signed time counts.
          --reviews-since COMMIT
                          A tip of REF recorded earlier (the one `verify` printed): REF must still
                          contain it, else REF was force-moved and the check is refused (exit 4).
          --reviews DIR   Read the reviews from a folder (default: VERDICT.reviews/). A deletion
                          in a folder cannot be detected; prefer --reviews-ref.

        \(ExitCode.helpText)
        """

    var verdictPath: String
    var publicKeyPath: String?
    var commit: String?
    var repositoryPath: String?
    var policy: VerdictCheck.PolicyExpectation
    var requireReviews: Bool
    var reviewsDirectory: String?
    var reviewsRef: String?
    var reviewsSince: String?
    var checklistPath: String?

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(
            arguments, command: Self.name,
            valueOptions: [
                "--pubkey", "--commit", "--repo", "--policy-ref", "--checklist", "--config", "--reviews", "--reviews-ref", "--reviews-since",
            ],
            flagOptions: ["--require-reviews"])
        verdictPath = try reader.positional(named: "a VERDICT file", command: Self.name)
        publicKeyPath = reader.options["--pubkey"]
        commit = reader.options["--commit"]
        repositoryPath = reader.options["--repo"]
        policy = VerdictCheck.PolicyExpectation(
            ref: reader.options["--policy-ref"], checklistPath: reader.options["--checklist"], configurationPath: reader.options["--config"])
        requireReviews = reader.flags.contains("--require-reviews")
        reviewsDirectory = reader.options["--reviews"]
        reviewsRef = reader.options["--reviews-ref"]
        reviewsSince = reader.options["--reviews-since"]
        checklistPath = reader.options["--checklist"]
        if requireReviews, policy.ref == nil {
            throw UsageError("--require-reviews needs --policy-ref REV: who may review is read from gate/reviewers on the protected branch")
        }
        if reviewsDirectory != nil, !requireReviews { throw UsageError("--reviews DIR goes with --require-reviews") }
        if reviewsRef != nil, !requireReviews { throw UsageError("--reviews-ref REF goes with --require-reviews") }
        if reviewsRef != nil, reviewsDirectory != nil {
            throw UsageError("--reviews DIR and --reviews-ref REF both name where the reviews are — give one (--reviews-ref: a deletion shows)")
        }
        if reviewsSince != nil, reviewsRef == nil { throw UsageError("--reviews-since COMMIT goes with --reviews-ref REF") }
    }

    func run(on terminal: Terminal) async -> Int32 {
        let checked: VerdictCheck.Checked
        do {
            checked = try VerdictCheck.verify(
                verdictPath: verdictPath, publicKeyPath: publicKeyPath, commit: commit, repositoryPath: repositoryPath,
                environment: terminal.environment, policy: policy)
        } catch {
            switch error {
            case .setup: return terminal.fail(error, exitCode: ExitCode.usage)
            case .rejected: return terminal.fail(error, exitCode: ExitCode.rejected)
            }
        }
        let predicate = checked.statement.predicate
        terminal.out("signature: valid (Ed25519, keyid \(checked.keyID))")
        terminal.out("commit:    \(checked.commit) matches")
        if !policy.isEmpty {
            terminal.out("policy:    matches \(checked.policy ?? "the files given")")
        } else if predicate.policy != nil {
            // Authentic is not the same as judged by the protected policy; say which check was left out.
            terminal.out("policy:    not checked — pass --policy-ref <protected branch> to require the protected policy")
        }
        if checked.logs.matched > 0 || !checked.logs.absentFolders.isEmpty || !checked.logs.unrecorded.isEmpty {
            terminal.out("logs:      \(checked.logs.summary)")
        }
        terminal.out("result:    \(predicate.result.rawValue)")
        if !predicate.awaitingReview.isEmpty, !requireReviews {
            terminal.out("awaiting a person: items \(ItemNumbers.compact(predicate.awaitingReview.map(\.number)))")
        }
        // A shard judged only its share of the tests: passing on its own would let a partial matrix through.
        if let shard = predicate.shard {
            terminal.out("shard:     \(shard.index)/\(shard.count) — a share of the run, never a verdict on its own: merge the shards with `cfa-gate merge`")
            return predicate.result == .error ? ExitCode.error : ExitCode.failed
        }
        switch predicate.result {
        case .passed: return requireReviews ? countReviews(checked, on: terminal) : ExitCode.passed
        case .failed: return ExitCode.failed
        case .error: return ExitCode.error
        }
    }

    /// `--require-reviews` on a passing verdict: 0 only when every manual item has its approvals and no rejection.
    private func countReviews(_ checked: VerdictCheck.Checked, on terminal: Terminal) -> Int32 {
        let tally: ReviewCheck.Tally
        do {
            tally = try ReviewCheck.tally(
                verdictPath: verdictPath, statement: checked.statement,
                source: reviewsRef.map { .ref($0, since: reviewsSince) } ?? .folder(reviewsDirectory), policyRef: policy.ref ?? "HEAD",
                checklistPath: checklistPath, repositoryPath: repositoryPath)
        } catch {
            switch error {
            case .setup, .unwritable: return terminal.fail(error, exitCode: ExitCode.usage)
            case .rejected: return terminal.fail(error, exitCode: ExitCode.rejected)
            }
        }
        let approvals = tally.required == 1 ? "1 approval" : "\(tally.required) approvals by distinct reviewers"
        terminal.out("reviews:   \(tally.source); each manual item needs \(approvals)")
        terminal.out("           read from \(tally.read)")
        for note in tally.notes { terminal.out("note:      \(note)") }
        for line in ReviewText.terminalLines(tally.items) { terminal.out(line) }
        for line in tally.ignored { terminal.out("  ignored: \(ReviewText.cleaned(line))") }
        if !tally.rejected.isEmpty {
            let named = tally.rejected.map { entry in
                "item \(entry.item.number) by \(entry.rejections.map(\.reviewer).joined(separator: ", "))"
            }
            terminal.out("reviews:   REJECTED — \(named.joined(separator: "; ")) (the note is above)")
            return ExitCode.failed
        }
        if !tally.awaiting.isEmpty {
            let items = ItemNumbers.compact(tally.awaiting.map(\.item.number))
            terminal.out(
                "reviews:   NOT DONE — item\(tally.awaiting.count == 1 ? "" : "s") \(items) still await\(tally.awaiting.count == 1 ? "s" : "") "
                    + "\(approvals) from the listed reviewers: `cfa-gate review \(verdictPath) --key REVIEWER.pem --approve \(items)`"
                    + " — see \(DocumentationLink.requiringReviews)")
            return ExitCode.failed
        }
        terminal.out("reviews:   every manual item approved")
        return ExitCode.passed
    }
}
