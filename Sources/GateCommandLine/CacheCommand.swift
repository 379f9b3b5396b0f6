import CFAAnalysis
import GateEngine
import Git

/// `cfa-gate cache clear|info`: the on-disk facts cache of the repository containing `--repo`.
struct CacheCommand: GateCommand {
    static let name = "cache"
    static let abstract = "Show or empty the analysis cache in .git/cfa-gate/cache."
    static let reference = DocumentationLink.analyzer
    static var help: String {
        """
        USAGE: cfa-gate cache clear [--repo DIR]
               cfa-gate cache info [--repo DIR]

        analyze, inventory --diff and the cfa and inventory items of run keep the facts they
        extract from each Swift file in <git dir>/cfa-gate/cache, keyed by the file's git blob id,
        the tool version, its build and the parser library, so an unchanged file is not parsed
        again. Damaged or foreign entries are ignored and rewritten. The cache holds at most
        \(FactsStore.defaultLimit >> 20) MiB; past that the least recently used entries go.
        --no-cache on those commands neither reads nor writes it.

        clear    Remove every entry.
        info     Print where the cache is, its entries and their size.

        OPTIONS:
          --repo DIR    A folder inside the repository (default: the current folder).

        \(ExitCode.helpText)
        """
    }

    enum Action: String {
        case clear, info
    }

    var action: Action
    var repositoryPath: String

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--repo"])
        guard reader.positionals.count == 1, let action = Action(rawValue: reader.positionals[0]) else {
            throw UsageError("cache needs one action, clear or info — see `cfa-gate cache --help`")
        }
        self.action = action
        repositoryPath = reader.options["--repo"] ?? "."
    }

    func run(on terminal: Terminal) async -> Int32 {
        let directory: String
        do {
            directory = FactsStore.directory(gitDirectory: try GitRepository.discover(startingAt: Gate.absolute(repositoryPath)).gitDirectory)
        } catch {
            terminal.err("cfa-gate: \(error) — the cache lives in a repository's .git folder")
            return ExitCode.usage
        }
        switch action {
        case .info:
            let size = FactsStore.size(of: directory)
            terminal.out("\(directory): \(size.entries) entries, \(size.bytes >> 10) KiB (limit \(FactsStore.defaultLimit >> 20) MiB)")
            return ExitCode.passed
        case .clear:
            do {
                let removed = try FactsStore.clear(directory: directory)
                terminal.out("removed \(removed) entries from \(directory)")
                return ExitCode.passed
            } catch {
                terminal.err("cfa-gate: cannot empty \(directory): \(error.localizedDescription) — check its permissions")
                return ExitCode.error
            }
        }
    }
}

/// `--no-cache` for the commands that analyze: how it reads and how its help says it.
enum AnalysisCacheOption {
    static let flag = "--no-cache"
    /// The option's help line, its text starting at column `width`.
    static func helpLine(width: Int) -> String {
        "  --no-cache".padding(toLength: width, withPad: " ", startingAt: 0) + "Neither read nor write the analysis cache (.git/cfa-gate/cache)."
    }
}
