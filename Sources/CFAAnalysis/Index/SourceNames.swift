/// What one Swift file needs and offers, as far as its syntax tells: the modules it imports, the types it declares, and
/// every identifier its code and signatures use. The model build chooses the files of a Linux package by it.
///
/// Syntax cannot resolve a name: `namedIdentifiers` holds every identifier written, types and values alike, so a caller
/// can only ask whether a name it knows (a type the app declares) is among them. Members added by an extension, global
/// functions and constants are not declarations here; a file that needs one from a left-out file fails to compile, and
/// the compiler's error names it.
///
/// What stands under `#if` is kept apart, in `conditionalParts`, with the clauses it sits in: only the caller knows
/// which conditions hold where the file is compiled (`compiled(where:)`).
public struct SourceNames: Sendable, Equatable {
    /// Repository-relative.
    public var path: String
    /// Module names, first path component (`import struct Foundation.URL` → Foundation), in order, once each: the imports
    /// outside any `#if`.
    public var imports: [String]
    /// Types the file declares (not extensions), nested ones by their own name, outside any `#if`.
    public var declaredTypes: Set<String>
    /// Identifiers the file writes outside any `#if`: references, each part of a member chain, type annotations,
    /// inherited and extended types.
    public var namedIdentifiers: Set<String>
    /// A type of the file carries `@main`, or the file is `main.swift`: an app's entry point.
    public var isEntryPoint: Bool
    /// Under a `Tests` folder, or importing XCTest or Testing.
    public var isTest: Bool
    /// The tests the file declares, by the id the test frameworks give them without the module: `Suite/test()` and
    /// `Suite/add(name:)` for Swift Testing's `@Test` methods, `Class/testName` for an `XCTestCase` subclass's `test…`
    /// methods. `@Test` functions at file scope are not listed (the facts keep no free functions).
    public var declaredTests: [String]
    /// `Type/testName` for each parameterless `test…` method of an extension: a test when `Type` is an `XCTestCase`
    /// subclass, which another file may declare (`xcTestCaseClasses` of all the files tell).
    public var extensionTestCandidates: [String] = []
    /// The classes the file declares that inherit `XCTestCase` directly.
    public var xcTestCaseClasses: Set<String> = []
    /// What stands under `#if`, one part per distinct nesting of clauses, in source order of the first of each.
    public var conditionalParts: [ConditionalPart] = []

    /// The file as a compiler sees it whose answer to each `#if` condition is `isTrue` (nil: cannot tell): a part joins
    /// the file's imports and names unless one of its clauses is certainly not compiled, so a condition nobody can decide
    /// counts every branch. The result has no conditional parts left.
    public func compiled(where isTrue: (String) -> Bool?) -> SourceNames {
        var result = self
        result.conditionalParts = []
        for part in conditionalParts where !part.clauses.contains(where: { $0.isCertainlySkipped(isTrue) }) {
            for module in part.imports where !result.imports.contains(module) { result.imports.append(module) }
            result.declaredTypes.formUnion(part.declaredTypes)
            result.namedIdentifiers.formUnion(part.namedIdentifiers)
        }
        return result
    }

    /// Every condition the file's `#if` clauses write, once each.
    public var conditions: [String] {
        var found: [String] = []
        for part in conditionalParts {
            for clause in part.clauses {
                for condition in clause.earlierConditions + [clause.condition].compactMap({ $0 }) where !found.contains(condition) {
                    found.append(condition)
                }
            }
        }
        return found
    }
}

/// What a file holds in one nesting of `#if` clauses.
public struct ConditionalPart: Sendable, Equatable {
    /// The clauses it sits in, outermost first.
    public var clauses: [ConditionalClause]
    public var imports: [String] = []
    public var declaredTypes: Set<String> = []
    public var namedIdentifiers: Set<String> = []
}

/// One clause of an `#if` block, as the compiler decides it: compiled when every earlier clause's condition is false and
/// its own is true (`#else` has none).
public struct ConditionalClause: Sendable, Hashable {
    public var earlierConditions: [String]
    /// Nil for `#else`.
    public var condition: String?

    public init(earlierConditions: [String], condition: String?) {
        self.earlierConditions = earlierConditions
        self.condition = condition
    }

    /// An earlier condition is certainly true, or its own certainly false.
    func isCertainlySkipped(_ isTrue: (String) -> Bool?) -> Bool {
        if earlierConditions.contains(where: { isTrue($0) == true }) { return true }
        return condition.map { isTrue($0) == false } ?? false
    }
}

extension FileFacts {
    public var sourceNames: SourceNames {
        // What stands outside any `#if` is a part with no clauses.
        var unconditional = ConditionalPart(clauses: [])
        var parts: [ConditionalPart] = []
        let placement = ClausePlacement(compilationClauses)
        // Part index by the clauses (indices into `compilationClauses`) a fact sits in.
        var partIndex: [[Int]: Int] = [:]
        func update(at location: SourceLocation, _ change: (inout ConditionalPart) -> Void) {
            let clauses = placement.clauses(containing: location)
            if clauses.isEmpty { return change(&unconditional) }
            let index: Int
            if let known = partIndex[clauses] {
                index = known
            } else {
                index = parts.count
                partIndex[clauses] = index
                parts.append(ConditionalPart(clauses: clauses.map(placement.clause)))
            }
            change(&parts[index])
        }
        func add(_ text: String?, at location: SourceLocation) {
            guard let text else { return }
            update(at: location) { $0.namedIdentifiers.formUnion(TypeText.names(in: text)) }
        }
        func add(_ scope: ScopeFacts) {
            for reference in scope.references { add(reference.name, at: reference.location) }
            for call in scope.calls { add(call.shape.fullName, at: call.location) }
        }
        for fact in imports {
            let module = fact.module.split(separator: ".").first.map(String.init) ?? fact.module
            update(at: fact.location) { if !$0.imports.contains(module) { $0.imports.append(module) } }
        }
        add(fileScope)
        for type in types {
            if type.kind == .extension {
                add(type.name, at: type.location)
            } else {
                update(at: type.location) { $0.declaredTypes.insert(type.name) }
            }
            type.inheritedTypes.forEach { add($0, at: type.location) }
            type.attributes.forEach { add($0.name, at: type.location) }
            add(type.scope)
            for property in type.properties {
                add(property.typeText, at: property.location)
                add(property.initializer?.call?.fullName, at: property.location)
            }
            for function in type.functions {
                function.parameters.forEach { add($0.typeText, at: $0.location) }
                add(function.returnType, at: function.location)
            }
            for enumCase in type.enumCases { enumCase.associatedTypes.forEach { add($0, at: enumCase.location) } }
        }
        return SourceNames(
            path: path, imports: unconditional.imports, declaredTypes: unconditional.declaredTypes, namedIdentifiers: unconditional.namedIdentifiers,
            isEntryPoint: fileName == "main.swift" || types.contains { $0.hasAttribute("main") },
            isTest: isTestFile, declaredTests: declaredTests, extensionTestCandidates: extensionTestCandidates,
            xcTestCaseClasses: Set(types.filter { $0.kind == .class && $0.inherits("XCTestCase") }.map(\.name)), conditionalParts: parts)
    }

    /// `Type/testName` of each parameterless `test…` method of an extension, with its line.
    var extensionTestLines: [(test: String, line: Int)] {
        types.filter { $0.kind == .extension }.flatMap { type in
            type.functions.filter { !$0.isStatic && $0.name.hasPrefix("test") && $0.parameters.isEmpty }
                .map { ("\(type.name)/\($0.name)", $0.location.line) }
        }
    }

    private var extensionTestCandidates: [String] {
        types.filter { $0.kind == .extension }.flatMap { type in
            type.functions.filter { !$0.isStatic && $0.name.hasPrefix("test") && $0.parameters.isEmpty }.map { "\(type.name)/\($0.name)" }
        }
    }

    private var declaredTests: [String] { testDeclarations.map(\.test) }

    /// The tests `SourceNames.declaredTests` lists, each with the line its declaration starts on.
    public var testDeclarations: [(test: String, line: Int)] {
        let testAttributes = attributeUses.filter { $0.name == "Test" || $0.name == "Testing.Test" }.map(\.location)
        var tests: [(test: String, line: Int)] = []
        for type in types {
            let suite = (type.kind == .extension ? [] : type.enclosing + [type.name]).joined(separator: "/")
            let isXCTestCase = type.inherits("XCTestCase")
            for function in type.functions where !function.isStatic && function.name != "init" {
                // An attribute stands before the body, at or after where the declaration starts.
                let marked = testAttributes.contains { attribute in
                    attribute >= function.location && function.bodyLocation.map { attribute < $0 } ?? false
                }
                if marked {
                    let labels = function.parameters.map { "\($0.label ?? "_"):" }.joined()
                    tests.append(("\(type.kind == .extension ? type.name : suite)/\(function.name)(\(labels))", function.location.line))
                } else if isXCTestCase, function.name.hasPrefix("test"), function.parameters.isEmpty {
                    tests.append(("\(suite)/\(function.name)", function.location.line))
                }
            }
        }
        return tests
    }

    /// Under a `Tests` folder (or one ending in `Tests`), or importing XCTest or Testing.
    var isTestFile: Bool {
        let folders = path.split(separator: "/").dropLast()
        return folders.contains { $0 == "Tests" || $0.hasSuffix("Tests") } || imports("XCTest") || imports("Testing")
    }
}

/// Which `#if` clauses hold a location: a file's clauses nest, so those holding it, by where they start, run outermost
/// first.
private struct ClausePlacement {
    let facts: [CompilationClause]

    init(_ facts: [CompilationClause]) { self.facts = facts }

    func clauses(containing location: SourceLocation) -> [Int] {
        guard !facts.isEmpty else { return [] }
        return facts.indices.filter { facts[$0].start <= location && location < facts[$0].end }
    }

    /// The clause at `index`, with the conditions of the clauses before it in its block.
    func clause(_ index: Int) -> ConditionalClause {
        let fact = facts[index]
        let earlier = facts[..<index].filter { $0.block == fact.block }.compactMap(\.condition)
        return ConditionalClause(earlierConditions: earlier, condition: fact.condition)
    }
}
