import Foundation
import GateEngine
import Git
import Reporters
import Verdict

struct ShowCommand: GateCommand {
    static let name = "show"
    static let abstract = "Print a verdict for a person to read: every item and its evidence."
    static let help = """
        USAGE: cfa-gate show VERDICT [--pubkey FILE] [--format text|json]

        Renders the verdict's items, evidence and the items awaiting a person. The signature is
        checked when a public key is available (--pubkey, CFA_GATE_SIGNING_KEY, or this clone's
        local key) and the output says whether it was; use `cfa-gate verify` to gate on it.

        OPTIONS:
          --pubkey FILE        PEM public key to check the signature with.
          --format text|json   text for people; json prints the in-toto statement.

        \(ExitCode.helpText)
        """

    var verdictPath: String
    var publicKeyPath: String?
    var format: String

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--pubkey", "--format"])
        verdictPath = try reader.positional(named: "a VERDICT file", command: Self.name)
        publicKeyPath = reader.options["--pubkey"]
        format = try reader.format(allowed: ["text", "json"], command: Self.name)
    }

    func run(on terminal: Terminal) async -> Int32 {
        let envelope: Envelope
        let statement: Statement
        do {
            envelope = try VerdictFile.read(path: verdictPath)
            statement = try DSSE.unverifiedStatement(in: envelope)
        } catch {
            terminal.err("cfa-gate: \(error)")
            if case .unreadable = error { return ExitCode.usage }
            return ExitCode.rejected
        }
        if format == "json" {
            terminal.out(String(decoding: (try? VerdictCoding.encoder(.file).encode(statement)) ?? Data(), as: UTF8.self))
            return ExitCode.passed
        }
        terminal.out(VerdictRenderer.text(statement, signatureNote: signatureNote(envelope, environment: terminal.environment)))
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
