/// Which probe decides an item, bound in the item by `<!-- probe: NAME ARGS… -->`.
public struct ProbeBinding: Sendable, Equatable {
    /// The probe's name; `manual` means a person decides.
    public var name: String
    /// For `command`, the single raw shell command; otherwise the whitespace-split, unquoted arguments.
    public var arguments: [String]
    /// The line of the binding comment; nil when the item has no binding (manual by default).
    public var line: Int?

    public init(name: String, arguments: [String] = [], line: Int? = nil) {
        self.name = name
        self.arguments = arguments
        self.line = line
    }

    public var isManual: Bool { name == "manual" }

    /// The binding of an item that has none.
    public static let manual = ProbeBinding(name: "manual")

    /// The binding as it reads in a report: `build -Xswiftc -warnings-as-errors`, `command: swift run lint`.
    public var displayText: String {
        if name == ProbeBindingParser.commandProbe {
            return "\(name): \(arguments.joined(separator: " "))"
        }
        return ([name] + arguments.map(Self.quotedIfNeeded)).joined(separator: " ")
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
