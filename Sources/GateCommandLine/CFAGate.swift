import CFAAnalysis
import Foundation
import Sandbox

/// The `cfa-gate` command line: picks the subcommand and returns its exit code.
public enum CFAGate {
    static let version = "0.1.0"

    static let commands: [CommandEntry] = [
        CommandEntry(RunCommand.self), CommandEntry(VerifyCommand.self), CommandEntry(KeygenCommand.self),
        CommandEntry(ListCommand.self), CommandEntry(ShowCommand.self), CommandEntry(AnalyzeCommand.self),
        CommandEntry(InventoryCommand.self), CommandEntry(MergeCommand.self), CommandEntry(BaselineCommand.self),
        CommandEntry(CacheCommand.self), CommandEntry(ReviewCommand.self), CommandEntry(ExplainCommand.self),
    ]

    static var help: String {
        let list = HelpText.columns(commands.map { ($0.name, $0.abstract) })
        return """
            cfa-gate \(version) — decides whether a change to a CFA SwiftUI app may merge.

            USAGE: cfa-gate <command> [options]

            COMMANDS:
            \(list)

            Run `cfa-gate <command> --help` for a command's options.

            \(ExitCode.helpText)

            Reference: \(DocumentationLink.reference)
            """
    }

    public static func main(arguments: [String], terminal: Terminal = Terminal()) async -> Int32 {
        // First of all, before any key is read: no process of the same user may read this one's memory or environment.
        KeyHygiene.makeUndumpable()
        guard let first = arguments.first else {
            terminal.err(help)
            return ExitCode.usage
        }
        switch first {
        case "--help", "-h", "help":
            terminal.out(help)
            return ExitCode.passed
        case "--version":
            terminal.out("cfa-gate \(version)")
            return ExitCode.passed
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            terminal.err("cfa-gate: unknown command '\(first)' — commands: \(commands.map(\.name).joined(separator: ", "))")
            return ExitCode.usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            terminal.out(command.help)
            return ExitCode.passed
        }
        return await command.run(rest, terminal)
    }
}

/// A subcommand's name, texts, and how to parse and run it.
///
/// Held as closures made from the concrete type: calling a typed-throws initialiser through an
/// existential metatype (`any GateCommand.Type`) crashes Swift 6.3's SIL generation.
struct CommandEntry: Sendable {
    var name: String
    var abstract: String
    var help: String
    var run: @Sendable ([String], Terminal) async -> Int32

    init<Command: GateCommand>(_ type: Command.Type) {
        name = Command.name
        abstract = Command.abstract
        help = Command.help + "\n\nReference: \(Command.reference)"
        run = { arguments, terminal in
            let command: Command
            do {
                command = try Command(arguments: arguments)
            } catch {
                return terminal.fail(error, exitCode: ExitCode.usage)
            }
            return await command.run(on: terminal)
        }
    }
}
