import CFAAnalysis
import Foundation
import GateEngine
import Reporters
import Verdict

struct ReviewCommand: GateCommand {
    static let name = "review"
    static let abstract = "Sign off the manual items of a passing verdict with your reviewer key."
    static let reference = DocumentationLink.signingAReview
    static let help = """
        USAGE: cfa-gate review VERDICT --key REVIEWER.pem [--pubkey GATE.pub]
                               (--approve N[,N…]|all) [--reject N[,N…]] [--note TEXT]
                               [--reviews-ref REF [--repo DIR]] [--out FILE]

        Verifies VERDICT (as `verify` does), shows its manual items, then writes your signed review:
        a DSSE envelope of an in-toto statement (predicate type https://cfa-gate.dev/review/v1)
        whose subject is the verdict file itself (sha256 of its bytes) and its commit, listing the
        items you approve or reject, your note and the time. Only a passing verdict's manual items can
        be signed off: a person signs on top of a machine pass, never instead of one. Your key counts
        only when `gate/reviewers` on the protected branch lists its public half; see
        `cfa-gate verify --require-reviews`.

        OPTIONS:
          --key FILE       Your reviewer private key (`cfa-gate keygen --out FILE` makes one; put the
                           body of FILE.pub, on one line, in gate/reviewers as `NAME KEY`).
          --pubkey FILE    The gate's public key to check the verdict with. Default: as `verify`.
          --approve LIST   Manual item numbers you approve (comma-separated), or `all`.
          --reject LIST    Manual item numbers you reject; say why with --note.
          --note TEXT      What you checked, or why you reject.
          --reviews-ref REF
                           Commit the review to the git ref REF (e.g. refs/cfa-gate/reviews): one
                           commit per review on top of REF's tip, and REF moves only if nobody
                           moved it meanwhile (else the review is put on the new tip). Push REF
                           to the protected ref the verify job reads (`verify --reviews-ref`).
          --repo DIR       The repository holding REF (default: the current one).
          --out FILE       Where to write the review. Default: VERDICT.reviews/<your key id>.json
                           (written atomically; signing again replaces your earlier review);
                           with --reviews-ref, no file unless --out is given.

        \(ExitCode.helpText)
        """

    var options: ReviewSigning.Options

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(
            arguments, command: Self.name, valueOptions: ["--key", "--pubkey", "--approve", "--reject", "--note", "--out", "--reviews-ref", "--repo"])
        let verdictPath = try reader.positional(named: "a VERDICT file", command: Self.name)
        guard let key = reader.options["--key"] else {
            throw UsageError("`cfa-gate review` needs --key FILE, your reviewer private key — see `cfa-gate review --help`")
        }
        guard reader.options["--approve"] != nil || reader.options["--reject"] != nil else {
            throw UsageError("`cfa-gate review` needs --approve N[,N…]|all or --reject N[,N…] — see `cfa-gate review --help`")
        }
        let approve: ReviewSigning.Selection =
            try reader.options["--approve"].map { value throws(UsageError) in
                value == "all" ? .all : .items(try Self.numbers(value, option: "--approve"))
            } ?? .items([])
        options = ReviewSigning.Options(
            verdictPath: verdictPath, keyPath: key, publicKeyPath: reader.options["--pubkey"], approve: approve,
            reject: try reader.options["--reject"].map { value throws(UsageError) in try Self.numbers(value, option: "--reject") } ?? [],
            note: reader.options["--note"], outputPath: reader.options["--out"], environment: ProcessInfo.processInfo.environment,
            tool: ToolInfo(name: "cfa-gate", version: CFAGate.version), reviewsRef: reader.options["--reviews-ref"],
            repositoryPath: reader.options["--repo"])
        if reader.options["--repo"] != nil, reader.options["--reviews-ref"] == nil {
            throw UsageError("--repo DIR goes with --reviews-ref REF, the ref in DIR that receives the review")
        }
    }

    static func numbers(_ value: String, option: String) throws(UsageError) -> [Int] {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, numbers.count == parts.count, numbers.allSatisfy({ $0 > 0 }) else {
            throw UsageError("\(option) \(value): expected item numbers such as 27 or 26,27\(option == "--approve" ? ", or all" : "")")
        }
        return numbers
    }

    func run(on terminal: Terminal) async -> Int32 {
        let signed: ReviewSigning.Signed
        do {
            signed = try ReviewSigning.sign(options)
        } catch {
            switch error {
            case .setup: return terminal.fail(error, exitCode: ExitCode.usage)
            case .rejected: return terminal.fail(error, exitCode: ExitCode.rejected)
            case .unwritable: return terminal.fail(error, exitCode: ExitCode.error)
            }
        }
        let predicate = signed.review.predicate
        terminal.out("verdict:   \(options.verdictPath) — signature valid (keyid \(signed.verdictKeyID)), passed")
        terminal.out("           sha256 \(signed.review.verdictSHA256 ?? ""), commit \(signed.review.commit ?? "")")
        terminal.out("manual items:")
        let mark = ReviewMark(reviewer: "you", keyID: predicate.reviewer.keyID, note: predicate.note, reviewedAt: predicate.reviewedAt)
        terminal.out(ReviewText.terminalLines(signed.manualItems.map { item in
            ManualItemReviews(
                item: item, approvals: predicate.approved.contains(item.number) ? [mark] : [],
                rejections: predicate.rejected.contains(item.number) ? [mark] : [])
        }).joined(separator: "\n"))
        terminal.out("review:    \(signed.path) (reviewer keyid \(predicate.reviewer.keyID))")
        if let ref = options.reviewsRef {
            terminal.out("           push it where the verify job reads it: git push origin \(ref) (if refused: fetch it and review again)")
        }
        return ExitCode.passed
    }
}
