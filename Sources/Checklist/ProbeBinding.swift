/// Which probe decides an item, bound in the item by `<!-- probe: NAME ARGS… -->`.
public struct ProbeBinding: Sendable, Equatable {
    public var kind: ProbeKind
    /// The line of the binding comment; nil when the item has no binding (manual by default).
    public var line: Int?

    init(_ kind: ProbeKind, line: Int? = nil) {
        self.kind = kind
        self.line = line
    }

    /// The kind's name as the checklist writes it: `build`, `git-clean`, `manual`…
    public var name: String { kind.name.rawValue }

    public var isManual: Bool { kind == .manual }

    /// The binding of an item that has none.
    static let manual = ProbeBinding(.manual)

    /// The binding as it reads in a report: `build -Xswiftc -warnings-as-errors`, `command: swift run lint`.
    public var displayText: String {
        if case .command(let command) = kind { return "\(name): \(command)" }
        return ([name] + kind.arguments.map(Self.quotedIfNeeded)).joined(separator: " ")
    }

    /// Quotes an argument the way `ArgumentSplitter` would read it back as one argument.
    private static func quotedIfNeeded(_ argument: String) -> String {
        let needsQuotes = argument.isEmpty || argument.contains { $0.isWhitespace || $0 == "\"" || $0 == "'" }
        guard needsQuotes else { return argument }
        if !argument.contains("'") { return "'\(argument)'" }
        let escaped = argument.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
        return "\"\(escaped)\""
    }
}
