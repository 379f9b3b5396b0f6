import CFAAnalysis
import Verdict

struct KeygenCommand: GateCommand {
    static let name = "keygen"
    static let abstract = "Create an Ed25519 signing key pair for verdicts."
    static let reference = DocumentationLink.keys
    static let help = """
        USAGE: cfa-gate keygen --out FILE [--force]

        Writes a PKCS#8 PEM private key to FILE (mode 0600) and its PEM public key to FILE.pub.
        Both work with `openssl pkey`. Keep FILE secret (e.g. a CI secret passed through
        CFA_GATE_SIGNING_KEY); publish FILE.pub so anyone can verify verdicts.

        OPTIONS:
          --out FILE   Where to write the private key.
          --force      Replace existing files.

        \(ExitCode.helpText)
        """

    var outputPath: String
    var overwrite: Bool

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--out"], flagOptions: ["--force"])
        try reader.noPositionals(command: Self.name)
        guard let out = reader.options["--out"] else {
            throw UsageError("`cfa-gate keygen` needs --out FILE — see `cfa-gate keygen --help`")
        }
        outputPath = out
        overwrite = reader.flags.contains("--force")
    }

    func run(on terminal: Terminal) async -> Int32 {
        do {
            let key = try SigningKey.generate()
            try key.write(to: outputPath, overwrite: overwrite)
            terminal.out("private key: \(outputPath) (mode 0600)")
            terminal.out("public key:  \(outputPath).pub")
            terminal.out("keyid:       \(key.publicKey.keyID)")
            return ExitCode.passed
        } catch {
            return terminal.fail(error, exitCode: ExitCode.usage)
        }
    }
}
