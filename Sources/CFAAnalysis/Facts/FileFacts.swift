/// What the analyser keeps of one Swift file after parsing it once.
///
/// Rules run on these facts and the cross-file index, not on syntax trees: a tree costs many times the
/// file's size in memory, while facts are small, `Sendable` and `Codable` — so a large app is analysed in
/// one parse per file, and facts can be reused for a file whose git blob did not change.
public struct FileFacts: Sendable, Codable, Equatable {
    /// Repository-relative, `/`-separated.
    public var path: String
    var lineCount: Int
    var imports: [ImportFact] = []
    /// Every type declaration and extension in the file, nested ones included (see `TypeFacts.enclosing`).
    var types: [TypeFacts] = []
    /// Code outside any type: free functions, top-level `#Preview`s.
    var fileScope = ScopeFacts()
    /// Attributes written anywhere in the file (`@Observable`, `@Model`), for the imports rule.
    var attributeUses: [AttributeUse] = []
    /// Modifiers with a detail written anywhere in the file, at any level: `nonisolated(unsafe)`, `private(set)`.
    var modifierUses: [AttributeUse] = []
    public var suppressions: [SuppressionFact] = []
    /// Every `#if` / `#elseif` / `#else` clause, in source order, for the model build, which decides each as the Linux
    /// compiler will; the rules read every branch.
    var compilationClauses: [CompilationClause] = []
    /// Set when the file was not parsed (see `SourceLimits`): every other fact is empty.
    var refusal: SourceRefusal?

    init(path: String, lineCount: Int) {
        self.path = path
        self.lineCount = lineCount
    }

    var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
    var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    func imports(_ module: String) -> Bool { imports.contains { $0.module == module } }
}

public struct SourceLocation: Sendable, Codable, Hashable, Comparable {
    public var line: Int
    var column: Int

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

struct ImportFact: Sendable, Codable, Equatable {
    var module: String
    var location: SourceLocation
    /// Inside `#if canImport(M)` for its own module: where the module is missing the import is not compiled.
    var guardedByCanImport = false
}

/// One clause of an `#if` block: the code between its `#if`, `#elseif` or `#else` and the next, from `start` (its
/// keyword) up to `end`.
struct CompilationClause: Sendable, Codable, Equatable {
    /// The `#if` block it belongs to, numbered in the file in source order.
    var block: Int
    /// As written; nil for `#else`.
    var condition: String?
    var start: SourceLocation
    var end: SourceLocation
}

struct AttributeUse: Sendable, Codable, Equatable {
    var name: String
    var location: SourceLocation
}

/// `// cfa-gate:ignore RULE-ID -- reason`: at the end of a line it covers that line; on a line of its own,
/// the line after it.
public struct SuppressionFact: Sendable, Codable, Equatable {
    public var ruleIDs: [String]
    public var reason: String?
    public var location: SourceLocation
    /// The line whose findings it silences.
    var coveredLine: Int

    init(ruleIDs: [String], reason: String?, location: SourceLocation, coveredLine: Int) {
        self.ruleIDs = ruleIDs
        self.reason = reason
        self.location = location
        self.coveredLine = coveredLine
    }
}

struct TypeFacts: Sendable, Codable, Equatable {
    enum Kind: String, Sendable, Codable {
        case `struct`, `class`, `actor`, `enum`, `protocol`, `extension`
    }

    var name: String
    var kind: Kind
    var location: SourceLocation
    /// Names of the types this one is nested in, outermost first.
    var enclosing: [String] = []
    var attributes: [AttributeFact] = []
    var modifiers: [String] = []
    /// As written: `View`, `Sendable`, `@unchecked Sendable`.
    var inheritedTypes: [String] = []
    var properties: [PropertyFact] = []
    var functions: [FunctionFact] = []
    var enumCases: [EnumCaseFact] = []
    /// Everything said inside the type's own members (not inside nested types).
    var scope = ScopeFacts()
    /// Declared inside `#Preview`, a `PreviewProvider`, or code compiled only `#if DEBUG`.
    var isPreviewOnly = false

    init(name: String, kind: Kind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }

    func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    func inherits(_ name: String) -> Bool {
        inheritedTypes.contains { $0 == name || $0.hasSuffix(".\(name)") }
    }
    var storedProperties: [PropertyFact] { properties.filter { $0.isStored && !$0.isStatic } }
    var initializers: [FunctionFact] { functions.filter { $0.name == "init" } }
    var methods: [FunctionFact] { functions.filter { $0.name != "init" } }
}

struct AttributeFact: Sendable, Codable, Equatable {
    /// Without the `@`: `MainActor`, `State`, `Environment`.
    var name: String
    /// The parenthesised arguments as written, without the parentheses: `AppModel.self`.
    var arguments: String?
}

struct PropertyFact: Sendable, Codable, Equatable {
    var name: String
    var location: SourceLocation
    var attributes: [AttributeFact] = []
    var modifiers: [String] = []
    var isStatic: Bool
    var isLet: Bool
    /// False for computed properties (a getter); properties with only observers are stored.
    var isStored: Bool
    var typeText: String?
    var initializer: ExpressionFact?

    func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    var isPrivate: Bool { modifiers.contains("private") || modifiers.contains("fileprivate") }
}

/// An expression kept as bounded text, and its shape when it is a call.
struct ExpressionFact: Sendable, Codable, Equatable {
    var text: String
    var call: CallShape?
}

struct CallShape: Sendable, Codable, Equatable {
    /// The called name: `HabitsViewModel`, `live`, `Task`, `detached`, `environment`.
    var name: String
    /// The expression before the name, when there is one: `AppModel.shared`, `Task`, `loadTask`.
    var base: String?
    /// One entry per argument; nil for an unlabelled one.
    var labels: [String?]
    var arguments: [String]
    var hasTrailingClosure: Bool

    var isArgumentless: Bool { labels.isEmpty && !hasTrailingClosure }
    /// `base.name` or `name`.
    var fullName: String { base.map { "\($0).\(name)" } ?? name }
}

struct ParameterFact: Sendable, Codable, Equatable {
    var label: String?
    var name: String
    var typeText: String
    var defaultValue: String?
    var location: SourceLocation

    init(label: String?, name: String, typeText: String, defaultValue: String?, location: SourceLocation) {
        self.label = label
        self.name = name
        self.typeText = typeText
        self.defaultValue = defaultValue
        self.location = location
    }
}

struct FunctionFact: Sendable, Codable, Equatable {
    /// `init` for initialisers.
    var name: String
    var location: SourceLocation
    var modifiers: [String] = []
    var isStatic: Bool
    var isAsync: Bool
    var parameters: [ParameterFact] = []
    var returnType: String?
    /// Where the body's `{` stands, so code in the body can be told from parameter defaults in the signature.
    var bodyLocation: SourceLocation?
}

struct EnumCaseFact: Sendable, Codable, Equatable {
    var name: String
    var associatedTypes: [String]
    var location: SourceLocation
}

/// What code inside a scope names and does. Each fact records the member it sits in (`body`, `init`,
/// `applicationDidFinishLaunching`, a property name), so rules can ask about one method.
struct ScopeFacts: Sendable, Codable, Equatable {
    var references: [ReferenceFact] = []
    var calls: [CallFact] = []
    var assignments: [AssignmentFact] = []
    /// `if`, `guard` and `while` conditions, as written.
    var conditions: [StatementFact] = []
    var awaits: [StatementFact] = []

    init() {}

    func references(in member: String) -> [ReferenceFact] { references.filter { $0.member == member } }
    func calls(in member: String) -> [CallFact] { calls.filter { $0.member == member } }
}

/// A name used in code: an identifier (`AppModel`), a member chain on one (`AppModel.shared`), or a type
/// named in an annotation or generic argument.
struct ReferenceFact: Sendable, Codable, Equatable {
    var name: String
    var location: SourceLocation
    var member: String?
    var inPreview: Bool
}

struct CallFact: Sendable, Codable, Equatable {
    var shape: CallShape
    var location: SourceLocation
    var member: String?
    var inPreview: Bool
    /// The left-hand side when the call's value is assigned (`loadTask = Task { … }`, `let task = Task { … }`),
    /// without a leading `self.`.
    var assignedTo: String?
    /// The call's value is returned from the member.
    var isReturned: Bool
    /// The innermost closure holding the call that runs later, named by the call it is passed to: a user action
    /// (`Button`, `onTapGesture`, `onSubmit`…), a Task (`Task`, `detached`) or a view's appearing (`task`, `onAppear`);
    /// see `FactCollector.laterNames`. Nil outside any.
    var runsIn: String?
    /// The call is a statement of its own (through `try`/`await`), so whatever it returns is not used.
    var isStatement = false
}

struct AssignmentFact: Sendable, Codable, Equatable {
    /// Without a leading `self.`: `hasLaunched`, `_viewModel`.
    var target: String
    var value: String
    var location: SourceLocation
    var member: String?
    /// `=`, or a compound assignment such as `+=` (whose `value` is the right-hand side).
    var operatorText = "="
}

struct StatementFact: Sendable, Codable, Equatable {
    var text: String
    var location: SourceLocation
    var member: String?
}
