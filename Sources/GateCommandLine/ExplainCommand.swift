import CFAAnalysis
import Checklist
import Foundation
import GateEngine
import Git

/// `cfa-gate explain RULE|ITEM|PROBE`: a rule's reference page, a checklist item with its probe and rules, or what
/// a probe does, offline. The text is the rule descriptors' (the same as `Documentation/Rules/`) and the
/// checklist's; this command only picks it.
struct ExplainCommand: GateCommand {
    static let name = "explain"
    static let abstract = "Explain a rule, a checklist item or a probe, offline."
    static let reference = DocumentationLink.rules
    static let help = """
        USAGE: cfa-gate explain RULE|ITEM|PROBE [--checklist FILE] [--repo DIR]
               cfa-gate explain --list [--checklist FILE] [--repo DIR]

        Prints, without a network:
          RULE   a rule's page: what it reports, why, how to fix it, and examples that are and are
                 not reported (CFA-VIEW-DECLARATIVE; case and the CFA- prefix may be left out)
          ITEM   a checklist item's title, text and probe, and for a `cfa` item each rule's summary
                 (13)
          PROBE  what a probe runs and when it passes (build, test, git-clean, command, cfa,
                 inventory, manual; also as cfa-gate.build, the name SARIF gives its findings)
        An unknown name exits 2 with the nearest name.

        OPTIONS:
          --list             Print every name: the rules, the probes and the checklist's items.
          --checklist FILE   Checklist whose items ITEM numbers. Default: the repository's
                             gate/cfa-change-gate.md, else the checklist built into cfa-gate.
          --repo DIR         Repository whose checklist to read (default: the current one).

        \(ExitCode.helpText)
        """

    var subject: String?
    var checklistPath: String?
    var repositoryPath: String

    init(arguments: [String]) throws(UsageError) {
        let reader = try ArgumentReader(arguments, command: Self.name, valueOptions: ["--checklist", "--repo"], flagOptions: ["--list"])
        if reader.flags.contains("--list") {
            try reader.noPositionals(command: Self.name)
            subject = nil
        } else {
            subject = try reader.positional(named: "a rule, an item number or a probe (`cfa-gate explain --list` names them)", command: Self.name)
        }
        checklistPath = reader.options["--checklist"]
        repositoryPath = reader.options["--repo"] ?? "."
    }

    func run(on terminal: Terminal) async -> Int32 {
        let topic = subject.map(Topic.init(naming:))
        if case .rule(let id)? = topic, let page = RuleReferenceMarkdown.explanation(of: id) {
            terminal.out(page)
            return ExitCode.passed
        }
        if case .probe(let kind)? = topic {
            terminal.out(Self.probeText(kind))
            return ExitCode.passed
        }
        // Only item numbers and the list read a checklist, as `cfa-gate list` does: outside a repository, the built-in one.
        let root = (try? GitRepository.discover(startingAt: Gate.absolute(repositoryPath)))?.workingDirectory ?? Gate.absolute(repositoryPath)
        let checklist: Checklist
        do {
            checklist = try ChecklistSource.choose(explicitPath: checklistPath, repositoryRoot: root).load(repositoryRoot: root).checklist
        } catch {
            return terminal.fail(error, exitCode: error.exitCode)
        }
        switch topic {
        case nil:
            terminal.outText(Self.listText(checklist))
            return ExitCode.passed
        case .item(let number)?:
            guard let item = checklist.items.first(where: { $0.number == number }) else {
                let numbers = checklist.items.map(\.number)
                let range = numbers.isEmpty ? "it has no items" : "its items are \(numbers.min() ?? 0)–\(numbers.max() ?? 0)"
                terminal.errText("cfa-gate explain: \(checklist.path) has no item \(number); \(range) (`cfa-gate list` shows them)")
                return ExitCode.usage
            }
            // The checklist may be the change's own: its text is quoted, escaped, like `list` does.
            terminal.outText(Self.itemText(item, in: checklist))
            return ExitCode.passed
        case .rule, .probe, .unknown:
            terminal.errText("cfa-gate explain: \(Self.unknownLine(subject ?? ""))")
            return ExitCode.usage
        }
    }

    /// What a name given to `explain` names, before the catalogue or the checklist is consulted.
    enum Topic: Equatable {
        case rule(String)
        case item(Int)
        case probe(ProbeKind.Summary)
        case unknown

        init(naming name: String) {
            let spelled = name.trimmingCharacters(in: .whitespaces)
            let lower = spelled.lowercased()
            let probeName = lower.hasPrefix(Self.builtInPrefix) ? String(lower.dropFirst(Self.builtInPrefix.count)) : lower
            if let number = Int(spelled), number >= 0 {
                self = .item(number)
            } else if let probe = ProbeKind.summaries.first(where: { $0.name == probeName }) {
                self = .probe(probe)
            } else if let id = Self.ruleIDs.first(where: { $0.lowercased() == lower || $0.lowercased() == "cfa-" + lower }) {
                self = .rule(id)
            } else {
                self = .unknown
            }
        }

        /// How SARIF names the findings of the build, test and git-clean probes: `cfa-gate.build`.
        static let builtInPrefix = "cfa-gate."
        static var ruleIDs: [String] { RuleCatalog.referenceDescriptors.map(\.id) }
        /// Every name `explain` knows but item numbers, for "did you mean".
        static var names: [String] { ruleIDs + ProbeKind.summaries.map(\.name) }
    }

    static func probeText(_ probe: ProbeKind.Summary) -> String {
        "\(probe.name) (a probe)\n\n\(probe.summary)\n\nAn item binds it with <!-- probe: \(probe.name) … -->.\nPage: \(DocumentationLink.writingAChecklist)"
    }

    static func itemText(_ item: ChecklistItem, in checklist: Checklist) -> String {
        var lines = ["\(item.number). \(item.title)"]
        lines.append("   \(item.section.map { "in “\($0)”, " } ?? "")line \(item.line) of \(checklist.path)")
        if !item.description.isEmpty {
            lines += [""] + item.description.split(separator: "\n", omittingEmptySubsequences: false).map { "   \($0)" }
        }
        let kind = item.probe.kind
        lines += ["", "Probe: \(item.probe.isManual ? "manual (a person decides)" : item.probe.displayText)", "   \(kind.summary)"]
        let rules = kind.rules
        if !rules.isEmpty {
            lines += ["", "Rules:"]
            let descriptors = RuleCatalog.referenceDescriptors
            let width = (rules.map(\.count).max() ?? 0) + 2
            for id in rules {
                let name = id.padding(toLength: width, withPad: " ", startingAt: 0)
                if let descriptor = descriptors.first(where: { $0.id == id }) {
                    lines.append("  \(name)\(descriptor.summary)  (cfa-gate explain \(id))")
                } else {
                    lines.append("  \(name)not a rule of this cfa-gate's catalogue")
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func listText(_ checklist: Checklist) -> String {
        let rules = HelpText.columns(RuleCatalog.referenceDescriptors.map { ($0.id, $0.summary) })
        let probes = ProbeKind.summaries.map(\.name).joined(separator: ", ")
        let numbers = checklist.items.map(\.number)
        let items = numbers.isEmpty ? "none" : "\(numbers.min() ?? 0)–\(numbers.max() ?? 0), \(checklist.items.count) items (`cfa-gate list` shows them)"
        return "Rules:\n\(rules)\n\nProbes: \(probes) (also as \(Topic.builtInPrefix)NAME)\n\nItems of \(checklist.path): \(items)"
    }

    /// One line for a name `explain` does not know: the nearest known name, and how to list them all.
    static func unknownLine(_ name: String) -> String {
        let guess = nearest(to: name, among: Topic.names)
        return "no rule, item or probe is named '\(name)'" + (guess.map { " — did you mean \($0)?" } ?? "")
            + " (`cfa-gate explain --list` names them all)"
    }

    /// The known name with the fewest edits from `name`, ignoring case and the `CFA-` prefix, when it is close enough
    /// to be a typo (at most a third of the name's letters).
    static func nearest(to name: String, among names: [String]) -> String? {
        let typed = Array(name.uppercased())
        let scored = names.map { candidate -> (String, Int) in
            let upper = candidate.uppercased()
            let bare = upper.hasPrefix("CFA-") ? String(upper.dropFirst(4)) : upper
            return (candidate, min(distance(typed, Array(upper)), distance(typed, Array(bare))))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, typed.count / 3) else { return nil }
        return best.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
