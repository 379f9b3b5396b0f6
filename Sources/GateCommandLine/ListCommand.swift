import CFAAnalysis
import Checklist
import Foundation
import GateEngine
import Git

struct ListCommand: GateCommand {
    static let name = "list"
    static let abstract = "Show the checklist's items, their probes, and which need a person."
    static let reference = DocumentationLink.writingAChecklist
    static let help = """
        USAGE: cfa-gate list [--checklist FILE] [--repo DIR]

        Prints every numbered item with the probe bound to it. Items marked "person" have no
        automated probe and are left for the human reviewer.

        OPTIONS:
          --checklist FILE   Checklist to read. Default: the repository's gate/cfa-change-gate.md,
                             else the checklist built into cfa-gate.
          --repo DIR         Repository whose checklist to read (default: the current one).

        \(ExitCode.helpText)
        """

    var checklistPath: String?
    var repositoryPath: String

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--checklist", "--repo"])
        try reader.noPositionals(command: Self.name)
        checklistPath = reader.options["--checklist"]
        repositoryPath = reader.options["--repo"] ?? "."
    }

    func run(on terminal: Terminal) async -> Int32 {
        // Listing needs no repository: outside one, the built-in checklist (or --checklist) is shown.
        let root = (try? GitRepository.discover(startingAt: Gate.absolute(repositoryPath)))?.workingDirectory
            ?? Gate.absolute(repositoryPath)
        let checklist: Checklist
        do {
            checklist = try ChecklistSource.choose(explicitPath: checklistPath, repositoryRoot: root).load(repositoryRoot: root).checklist
        } catch {
            return terminal.fail(error, exitCode: error.exitCode)
        }
        terminal.outText("\(checklist.title ?? "Checklist") — \(checklist.path), \(checklist.items.count) items")
        var section: String?? = .none
        for item in checklist.items {
            if section != .some(item.section) {
                section = .some(item.section)
                terminal.outText("\n\(item.section ?? "Items")")
            }
            let probe = item.probe.isManual ? "person" : item.probe.displayText
            terminal.outText("  \(String(item.number).leftPadded(to: 3)). \(item.title)  [\(probe)]")
        }
        let manual = checklist.manualItems.count
        terminal.outText("\n\(checklist.items.count - manual) automated, \(manual) for a person")
        return ExitCode.passed
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
