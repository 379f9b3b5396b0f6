/// What decides an item, with the arguments that kind takes. Every place that must treat kinds differently
/// `switch`es over this enum, so a new kind is a compile error at each of them.
public enum ProbeKind: Sendable, Equatable {
    /// `swift build` with extra arguments.
    case build(arguments: [String])
    /// The package's tests, with extra `swift test` arguments.
    case test(arguments: [String])
    /// The working tree is clean before and after every other probe.
    case gitClean
    /// One shell command, kept whole.
    case command(String)
    /// The CFA rules the analyser judges the item by.
    case cfa(rules: [String])
    /// The inventory diff from the base to the final commit.
    case inventory
    /// A person decides.
    case manual

    /// The names a checklist binds kinds with. The parser switches over these, so a new kind needs a name and a
    /// way to read it before anything compiles.
    enum Name: String, CaseIterable, Sendable {
        case build, test
        case gitClean = "git-clean"
        case command, cfa, inventory, manual
    }

    var name: Name {
        switch self {
        case .build: .build
        case .test: .test
        case .gitClean: .gitClean
        case .command: .command
        case .cfa: .cfa
        case .inventory: .inventory
        case .manual: .manual
        }
    }

    /// Every name a checklist may bind, sorted, for the "use one of" part of an error.
    static var names: [String] { Name.allCases.map(\.rawValue).sorted() }

    /// The arguments as written after the name (for `command`, the command itself).
    var arguments: [String] {
        switch self {
        case .build(let arguments), .test(let arguments): arguments
        case .cfa(let rules): rules
        case .command(let command): [command]
        case .gitClean, .inventory, .manual: []
        }
    }

    /// True for the kinds that run SwiftPM on the package, so the package must exist before the run starts.
    public var needsSwiftPackage: Bool {
        switch self {
        case .build, .test: true
        case .gitClean, .command, .cfa, .inventory, .manual: false
        }
    }
}
