import CFAAnalysis

/// A `cfa-gate` subcommand: parsed from its arguments, then run; the result is the process's exit code.
protocol GateCommand: Sendable {
    static var name: String { get }
    static var abstract: String { get }
    static var help: String { get }
    /// The documentation page that explains the command; `--help` ends with it.
    static var reference: DocumentationLink { get }
    init(arguments: [String]) throws(UsageError)
    func run(on terminal: Terminal) async -> Int32
}

/// The exit codes every subcommand shares; documented in `--help` and in Documentation/Running.md.
enum ExitCode {
    static let passed: Int32 = 0
    static let failed: Int32 = 1
    static let usage: Int32 = 2
    static let error: Int32 = 3
    static let rejected: Int32 = 4
    static let interrupted: Int32 = 130

    static let helpText = """
        Exit codes:
          0  passed (verify: the verdict is authentic, for this commit, and passed)
          1  failed: an automated item failed (verify: authentic verdict whose result is failed,
             or a single shard's verdict; merge: the shards do not make up the whole run);
             verify --require-reviews: a manual item lacks its approvals, or was rejected
          2  usage or configuration error: bad option, bad checklist, missing or wrong key,
             a key file inside the working tree, not a git repository, repository without commits
          3  error: a probe could not run (missing toolchain, crash, timeout) or moved HEAD, or
             the verdict could not be written (verify: authentic verdict whose result is error)
          4  verify and merge: a verdict is corrupt, tampered with, signed by another key,
             for another commit, or made under another policy; review: the verdict does
             not verify; verify --require-reviews: a listed reviewer's review is corrupt
          130 interrupted (Ctrl-C): probes stopped, no verdict written
        """
}
