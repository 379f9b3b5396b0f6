/// Reads the text after `<!-- probe:` into a `ProbeBinding` of a kind this version of cfa-gate runs.
struct ProbeBindingParser {
    let path: String

    func parse(_ text: String, line: Int) throws(ChecklistError) -> ProbeBinding {
        let trimmed = text.trimmingWhitespace()
        // `command:` keeps the rest of its line whole: it is a shell command, not an argument list.
        let commandPrefix = "command:"
        if trimmed.hasPrefix(commandPrefix) {
            let command = trimmed.dropFirst(commandPrefix.count).trimmingWhitespace()
            guard !command.isEmpty else { throw .emptyCommand(path: path, line: line) }
            guard !command.contains(where: \.isNewline) else { throw .multilineCommand(path: path, line: line) }
            return ProbeBinding(.command(command), line: line)
        }
        guard let words = ArgumentSplitter.split(trimmed) else { throw .unterminatedQuote(path: path, line: line) }
        guard let name = words.first, !name.isEmpty else { throw .emptyProbeName(path: path, line: line) }
        let arguments = Array(words.dropFirst())
        return ProbeBinding(try kind(named: name, arguments: arguments, line: line), line: line)
    }

    private func kind(named text: String, arguments: [String], line: Int) throws(ChecklistError) -> ProbeKind {
        guard let name = ProbeKind.Name(rawValue: text) else {
            throw .unknownProbe(path: path, line: line, name: text, knownProbes: ProbeKind.names)
        }
        switch name {
        case .build: return .build(arguments: arguments)
        case .test: return .test(arguments: arguments)
        case .cfa: return .cfa(rules: arguments)
        case .command: throw .commandWithoutColon(path: path, line: line)
        case .manual:
            guard arguments.isEmpty else { throw .manualWithArguments(path: path, line: line) }
            return .manual
        case .gitClean:
            guard arguments.isEmpty else { throw .probeWithArguments(path: path, line: line, name: text) }
            return .gitClean
        case .inventory:
            guard arguments.isEmpty else { throw .probeWithArguments(path: path, line: line, name: text) }
            return .inventory
        }
    }
}
