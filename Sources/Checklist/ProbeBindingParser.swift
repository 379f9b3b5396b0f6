/// Reads the text after `<!-- probe:` into a `ProbeBinding`, checking the name against the probes
/// this version of cfa-gate can run.
struct ProbeBindingParser {
    static let manualProbe = "manual"
    static let commandProbe = "command"
    /// Probes planned for later versions; naming one gets a "not available yet" message rather than "unknown".
    static let reservedProbes: Set<String> = ["cfa", "inventory"]

    let knownProbes: Set<String>
    let path: String

    func parse(_ text: String, line: Int) throws(ChecklistError) -> ProbeBinding {
        let trimmed = text.trimmingWhitespace()
        // `command:` keeps the rest of its line whole: it is a shell command, not an argument list.
        if trimmed.hasPrefix(Self.commandProbe + ":") {
            try requireKnown(Self.commandProbe, line: line)
            let command = trimmed.dropFirst(Self.commandProbe.count + 1).trimmingWhitespace()
            guard !command.isEmpty else { throw .emptyCommand(path: path, line: line) }
            guard !command.contains(where: \.isNewline) else { throw .multilineCommand(path: path, line: line) }
            return ProbeBinding(name: Self.commandProbe, arguments: [command], line: line)
        }
        guard let words = ArgumentSplitter.split(trimmed) else { throw .unterminatedQuote(path: path, line: line) }
        guard let name = words.first, !name.isEmpty else { throw .emptyProbeName(path: path, line: line) }
        let arguments = Array(words.dropFirst())
        if name == Self.commandProbe {
            throw .commandWithoutColon(path: path, line: line)
        }
        if name == Self.manualProbe {
            guard arguments.isEmpty else { throw .manualWithArguments(path: path, line: line) }
            return ProbeBinding(name: name, line: line)
        }
        try requireKnown(name, line: line)
        return ProbeBinding(name: name, arguments: arguments, line: line)
    }

    private func requireKnown(_ name: String, line: Int) throws(ChecklistError) {
        guard !knownProbes.contains(name) else { return }
        if Self.reservedProbes.contains(name) {
            throw .probeNotAvailable(path: path, line: line, name: name)
        }
        let known = knownProbes.union([Self.manualProbe]).sorted()
        throw .unknownProbe(path: path, line: line, name: name, knownProbes: known)
    }
}
