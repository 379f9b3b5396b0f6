/// What the analyser keeps of one Swift file after parsing it once.
///
/// Rules run on these facts and the cross-file index, not on syntax trees: a tree costs many times the
/// file's size in memory, while facts are small, `Sendable` and `Codable` — so a large app is analysed in
/// one parse per file, and facts can be reused for a file whose git blob did not change.
public struct FileFacts: Sendable, Codable, Equatable {
    /// Repository-relative, `/`-separated.
    public var path: String
    public var lineCount: Int
    public var imports: [ImportFact] = []
    /// Every type declaration and extension in the file, nested ones included (see `TypeFacts.enclosing`).
    public var types: [TypeFacts] = []
    /// Code outside any type: free functions, top-level `#Preview`s.
    public var fileScope = ScopeFacts()
    /// Attributes written anywhere in the file (`@Observable`, `@Model`), for the imports rule.
    public var attributeUses: [AttributeUse] = []
    /// Modifiers with a detail written anywhere in the file, at any level: `nonisolated(unsafe)`, `private(set)`.
    public var modifierUses: [AttributeUse] = []
    public var suppressions: [SuppressionFact] = []

    public init(path: String, lineCount: Int) {
        self.path = path
        self.lineCount = lineCount
    }

    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    public func imports(_ module: String) -> Bool { imports.contains { $0.module == module } }
}

public struct SourceLocation: Sendable, Codable, Hashable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

public struct ImportFact: Sendable, Codable, Equatable {
    public var module: String
    public var location: SourceLocation
}

public struct AttributeUse: Sendable, Codable, Equatable {
    public var name: String
    public var location: SourceLocation
}

/// `// cfa-gate:ignore RULE-ID -- reason`: at the end of a line it covers that line; on a line of its own,
/// the line after it.
public struct SuppressionFact: Sendable, Codable, Equatable {
    public var ruleIDs: [String]
    public var reason: String?
    public var location: SourceLocation
    /// The line whose findings it silences.
    public var coveredLine: Int

    public init(ruleIDs: [String], reason: String?, location: SourceLocation, coveredLine: Int) {
        self.ruleIDs = ruleIDs
        self.reason = reason
        self.location = location
        self.coveredLine = coveredLine
    }
}

public struct TypeFacts: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case `struct`, `class`, `actor`, `enum`, `protocol`, `extension`
    }

    public var name: String
    public var kind: Kind
    public var location: SourceLocation
    /// Names of the types this one is nested in, outermost first.
    public var enclosing: [String] = []
    public var attributes: [AttributeFact] = []
    public var modifiers: [String] = []
    /// As written: `View`, `Sendable`, `@unchecked Sendable`.
    public var inheritedTypes: [String] = []
    public var properties: [PropertyFact] = []
    public var functions: [FunctionFact] = []
    public var enumCases: [EnumCaseFact] = []
    /// Everything said inside the type's own members (not inside nested types).
    public var scope = ScopeFacts()
    /// Declared inside `#Preview`, a `PreviewProvider`, or code compiled only `#if DEBUG`.
    public var isPreviewOnly = false

    public init(name: String, kind: Kind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }

    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    public func inherits(_ name: String) -> Bool {
        inheritedTypes.contains { $0 == name || $0.hasSuffix(".\(name)") }
    }
    public var storedProperties: [PropertyFact] { properties.filter { $0.isStored && !$0.isStatic } }
    public var initializers: [FunctionFact] { functions.filter { $0.name == "init" } }
    public var methods: [FunctionFact] { functions.filter { $0.name != "init" } }
}

public struct AttributeFact: Sendable, Codable, Equatable {
    /// Without the `@`: `MainActor`, `State`, `Environment`.
    public var name: String
    /// The parenthesised arguments as written, without the parentheses: `AppModel.self`.
    public var arguments: String?
}

public struct PropertyFact: Sendable, Codable, Equatable {
    public var name: String
    public var location: SourceLocation
    public var attributes: [AttributeFact] = []
    public var modifiers: [String] = []
    public var isStatic: Bool
    public var isLet: Bool
    /// False for computed properties (a getter); properties with only observers are stored.
    public var isStored: Bool
    public var typeText: String?
    public var initializer: ExpressionFact?

    public func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    public var isPrivate: Bool { modifiers.contains("private") || modifiers.contains("fileprivate") }
}

/// An expression kept as bounded text, and its shape when it is a call.
public struct ExpressionFact: Sendable, Codable, Equatable {
    public var text: String
    public var call: CallShape?
}

public struct CallShape: Sendable, Codable, Equatable {
    /// The called name: `HabitsViewModel`, `live`, `Task`, `detached`, `environment`.
    public var name: String
    /// The expression before the name, when there is one: `AppModel.shared`, `Task`, `loadTask`.
    public var base: String?
    /// One entry per argument; nil for an unlabelled one.
    public var labels: [String?]
    public var arguments: [String]
    public var hasTrailingClosure: Bool

    public var isArgumentless: Bool { labels.isEmpty && !hasTrailingClosure }
    /// `base.name` or `name`.
    public var fullName: String { base.map { "\($0).\(name)" } ?? name }
}

public struct ParameterFact: Sendable, Codable, Equatable {
    public var label: String?
    public var name: String
    public var typeText: String
    public var defaultValue: String?
    public var location: SourceLocation

    public init(label: String?, name: String, typeText: String, defaultValue: String?, location: SourceLocation) {
        self.label = label
        self.name = name
        self.typeText = typeText
        self.defaultValue = defaultValue
        self.location = location
    }
}

public struct FunctionFact: Sendable, Codable, Equatable {
    /// `init` for initialisers.
    public var name: String
    public var location: SourceLocation
    public var modifiers: [String] = []
    public var isStatic: Bool
    public var isAsync: Bool
    public var parameters: [ParameterFact] = []
    public var returnType: String?
}

public struct EnumCaseFact: Sendable, Codable, Equatable {
    public var name: String
    public var associatedTypes: [String]
    public var location: SourceLocation
}

/// What code inside a scope names and does. Each fact records the member it sits in (`body`, `init`,
/// `applicationDidFinishLaunching`, a property name), so rules can ask about one method.
public struct ScopeFacts: Sendable, Codable, Equatable {
    public var references: [ReferenceFact] = []
    public var calls: [CallFact] = []
    public var assignments: [AssignmentFact] = []
    /// `if`, `guard` and `while` conditions, as written.
    public var conditions: [StatementFact] = []
    public var awaits: [StatementFact] = []

    public init() {}

    public func references(in member: String) -> [ReferenceFact] { references.filter { $0.member == member } }
    public func calls(in member: String) -> [CallFact] { calls.filter { $0.member == member } }
}

/// A name used in code: an identifier (`AppModel`), a member chain on one (`AppModel.shared`), or a type
/// named in an annotation or generic argument.
public struct ReferenceFact: Sendable, Codable, Equatable {
    public var name: String
    public var location: SourceLocation
    public var member: String?
    public var inPreview: Bool
}

public struct CallFact: Sendable, Codable, Equatable {
    public var shape: CallShape
    public var location: SourceLocation
    public var member: String?
    public var inPreview: Bool
    /// The left-hand side when the call's value is assigned (`loadTask = Task { … }`, `let task = Task { … }`),
    /// without a leading `self.`.
    public var assignedTo: String?
    /// The call's value is returned from the member.
    public var isReturned: Bool
}

public struct AssignmentFact: Sendable, Codable, Equatable {
    /// Without a leading `self.`: `hasLaunched`, `_viewModel`.
    public var target: String
    public var value: String
    public var location: SourceLocation
    public var member: String?
}

public struct StatementFact: Sendable, Codable, Equatable {
    public var text: String
    public var location: SourceLocation
    public var member: String?
}
