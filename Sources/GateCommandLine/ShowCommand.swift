import CFAAnalysis
import Foundation
import GateEngine
import Git
import Reporters
import Verdict

struct ShowCommand: GateCommand {
    static let name = "show"
    static let abstract = "Print a verdict for a person to read: every item and its evidence."
    static let reference = DocumentationLink.reports
    static let help = """
        USAGE: cfa-gate show VERDICT [--pubkey FILE] [--format text|json|markdown|html|junit|sarif]

        Renders the verdict's items, evidence and the items awaiting a person. The signature is
        checked when a public key is available (--pubkey, CFA_GATE_SIGNING_KEY, or this clone's
        local key) and the output says whether it was; use `cfa-gate verify` to gate on it.

        Each manual item is listed with who approved or rejected it and their note (the signed
        reviews in VERDICT.reviews/), or as awaiting.

        OPTIONS:
          --pubkey FILE        PEM public key to check the signature with.
          --format F           text (default) for a terminal; json: the in-toto statement;
                               markdown: the reviewer's page for a pull request; html: one
                               self-contained page with sortable, filterable items; junit; sarif.

        \(ExitCode.helpText)
        """

    var verdictPath: String
    var publicKeyPath: String?
    var format: String

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--pubkey", "--format"])
        verdictPath = try reader.positional(named: "a VERDICT file", command: Self.name)
        publicKeyPath = reader.options["--pubkey"]
        format = try reader.format(allowed: ReportFormat.allCases.map(\.rawValue), command: Self.name)
    }

    func run(on terminal: Terminal) async -> Int32 {
        let envelope: Envelope
        let statement: Statement
        do {
            envelope = try VerdictFile.read(path: verdictPath)
            statement = try DSSE.unverifiedStatement(in: envelope)
        } catch {
            if case .unreadable = error { return terminal.fail(error, exitCode: ExitCode.usage) }
            return terminal.fail(error, exitCode: ExitCode.rejected)
        }
        let note = format == "text" ? signatureNote(envelope, environment: terminal.environment) : ""
        // The sign-offs beside the verdict (VERDICT.reviews/), shown for a person; `verify --require-reviews` decides.
        let reviews = ReviewCheck.shown(verdictPath: verdictPath, statement: statement)
        let rendered = ReportFormat(rawValue: format)!.render(
            statement, environment: terminal.environment, signatureNote: note, reviews: reviews, verdictPath: verdictPath)
        // JSON, Markdown, HTML, JUnit and SARIF escape in their own syntax; the text form is escaped line by line.
        if format == "text" { terminal.outText(rendered) } else { terminal.out(rendered) }
        return ExitCode.passed
    }

    private func signatureNote(_ envelope: Envelope, environment: [String: String]) -> String {
        let gitDirectory = (try? GitRepository.discover(startingAt: Gate.absolute(".")))?.gitDirectory
        let key: PublicKey?
        do {
            key = try publicKeyPath.map { path throws(KeyError) in try PublicKey.load(path: path) }
                ?? SigningKeyResolver.defaultPublicKey(environment: environment, gitDirectory: gitDirectory)
        } catch {
            return "not checked: \(error)"
        }
        guard let key else { return "not checked (no public key; pass --pubkey FILE)" }
        do {
            _ = try DSSE.open(envelope, trusting: key)
            return "valid (Ed25519, keyid \(key.keyID))"
        } catch {
            return "NOT VALID for keyid \(key.keyID): \(error)"
        }
    }
}
