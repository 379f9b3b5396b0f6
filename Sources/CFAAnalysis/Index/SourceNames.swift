/// What one Swift file needs and offers, as far as its syntax tells: the modules it imports, the types it declares, and
/// every identifier its code and signatures use. The model build chooses the files of a Linux package by it.
///
/// Syntax cannot resolve a name: `namedIdentifiers` holds every identifier written, types and values alike, so a caller
/// can only ask whether a name it knows (a type the app declares) is among them. Members added by an extension, global
/// functions and constants are not declarations here; a file that needs one from a left-out file fails to compile, and
/// the compiler's error names it.
public struct SourceNames: Sendable, Equatable {
    /// Repository-relative.
    public var path: String
    /// Module names, first path component (`import struct Foundation.URL` → Foundation), in order, once each. An import of
    /// `M` inside `#if canImport(M)` is not among them: it is compiled only where `M` exists. Any other `#if` counts as
    /// taken (syntax cannot evaluate `os(iOS)`), which can only leave a file out.
    public var imports: [String]
    /// Types the file declares (not extensions), nested ones by their own name.
    public var declaredTypes: Set<String>
    /// Identifiers the file writes: references, each part of a member chain, type annotations, inherited and extended types.
    public var namedIdentifiers: Set<String>
    /// A type of the file carries `@main`, or the file is `main.swift`: an app's entry point.
    public var isEntryPoint: Bool
    /// Under a `Tests` folder, or importing XCTest or Testing.
    public var isTest: Bool
    /// The tests the file declares, by the id the test frameworks give them without the module: `Suite/test()` and
    /// `Suite/add(name:)` for Swift Testing's `@Test` methods, `Class/testName` for an `XCTestCase` subclass's `test…`
    /// methods. `@Test` functions at file scope are not listed (the facts keep no free functions).
    public var declaredTests: [String]
}

extension FileFacts {
    public var sourceNames: SourceNames {
        var imports: [String] = []
        for fact in self.imports where !fact.guardedByCanImport {
            let module = fact.module.split(separator: ".").first.map(String.init) ?? fact.module
            if !imports.contains(module) { imports.append(module) }
        }
        var named: Set<String> = []
        func add(_ text: String?) { if let text { named.formUnion(TypeText.names(in: text)) } }
        func add(_ scope: ScopeFacts) {
            for reference in scope.references { add(reference.name) }
            for call in scope.calls { add(call.shape.fullName) }
        }
        add(fileScope)
        for type in types {
            if type.kind == .extension { add(type.name) }
            type.inheritedTypes.forEach { add($0) }
            type.attributes.forEach { add($0.name) }
            add(type.scope)
            for property in type.properties {
                add(property.typeText)
                add(property.initializer?.call?.fullName)
            }
            for function in type.functions {
                function.parameters.forEach { add($0.typeText) }
                add(function.returnType)
            }
            for enumCase in type.enumCases { enumCase.associatedTypes.forEach { add($0) } }
        }
        return SourceNames(
            path: path, imports: imports, declaredTypes: Set(types.filter { $0.kind != .extension }.map(\.name)), namedIdentifiers: named,
            isEntryPoint: fileName == "main.swift" || types.contains { $0.hasAttribute("main") },
            isTest: isTestFile, declaredTests: declaredTests)
    }

    private var declaredTests: [String] {
        let testAttributes = attributeUses.filter { $0.name == "Test" || $0.name == "Testing.Test" }.map(\.location)
        var tests: [String] = []
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
                    tests.append("\(type.kind == .extension ? type.name : suite)/\(function.name)(\(labels))")
                } else if isXCTestCase, function.name.hasPrefix("test"), function.parameters.isEmpty {
                    tests.append("\(suite)/\(function.name)")
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
