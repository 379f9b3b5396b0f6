import Foundation
internal import SwiftParser
internal import SwiftSyntax

/// Test code that disarms the test frameworks: a declaration every assertion of its module binds to instead of
/// XCTest's or Swift Testing's (a no-op `XCTAssertEqual` with XCTest's signature, a `macro expect`, an `Issue.record`
/// of its own), or code that hears of every failure and can drop it (an override of `XCTestCase.record(_:)`, an
/// `XCTestObservation` that watches failures). The diff shows only a "helper", and the tests it disarms pass; so such
/// code fails the `test` item, naming its file and line. Not a catalogue rule: it judges what the `test` item runs,
/// so no configuration turns it off and no suppression comment or baseline silences it.
public enum TestFrameworkShadowing {
    public static let id = "CFA-TEST-FRAMEWORK-INTACT"

    /// XCTest's assertion, failure and skip functions: a declaration of one of these names, in a module that imports
    /// XCTest, is what its calls bind to (the module's own declarations shadow imported ones).
    static let xcTestNames: Set<String> = [
        "XCTAssert", "XCTAssertTrue", "XCTAssertFalse", "XCTAssertNil", "XCTAssertNotNil", "XCTAssertEqual", "XCTAssertNotEqual",
        "XCTAssertIdentical", "XCTAssertNotIdentical", "XCTAssertGreaterThan", "XCTAssertGreaterThanOrEqual", "XCTAssertLessThan",
        "XCTAssertLessThanOrEqual", "XCTAssertThrowsError", "XCTAssertNoThrow", "XCTAssertEqualWithAccuracy",
        "XCTAssertNotEqualWithAccuracy", "XCTFail", "XCTUnwrap", "XCTExpectFailure", "XCTSkip", "XCTSkipIf", "XCTSkipUnless",
    ]
    /// Swift Testing's expression macros: only a macro declaration can take `#expect`'s place (a function `expect`, as
    /// Nimble has, is another name).
    static let testingMacroNames: Set<String> = ["expect", "require"]
    /// The frameworks' own types: one declared in test code takes the framework's place for the whole module.
    static let frameworkTypeNames: Set<String> = ["XCTestCase", "XCTest", "XCTestSuite", "XCTestObservationCenter"]
    /// Words one of which every reported shape contains: a file without any is not parsed.
    static let triggerWords = ["XCT", "macro", "record", "_silgen_name", "_cdecl"]

    /// The findings in `sources` (the package's test code, see `TestCodeSources`), sorted by file and line. A file the
    /// analyser's limits refuse (`SourceUnreadable`) cannot be checked, so it is a finding too.
    public static func findings(
        in sources: [SourceInput], workers: Int = ProcessInfo.processInfo.activeProcessorCount
    ) async -> [Finding] {
        // A link that cannot be followed names code SwiftPM would compile and the gate cannot read (see `SourceLink`).
        let linkFindings = sources.compactMap(\.linkFinding)
        let candidates = sources.filter { input in
            guard input.unresolvedLink == nil else { return false }
            guard let text = Analyzer.text(of: input) else { return true }
            return triggerWords.contains { text.contains($0) }
        }
        guard !candidates.isEmpty else { return linkFindings }
        var perFile: [FileScan] = []
        await withTaskGroup(of: [FileScan].self) { group in
            // On threads with a large stack, as every parse of the change's code (see `ParserThread`).
            for batch in Analyzer.batches(candidates, workers: workers) {
                group.addTask { await ParserThread.run { batch.map(scan) } }
            }
            for await part in group { perFile += part }
        }
        var findings = linkFindings + perFile.flatMap(\.findings)
        let observers = Set(perFile.flatMap(\.observerTypes))
        for callback in perFile.flatMap(\.failureCallbacks) where observers.contains(callback.type) {
            findings.append(callback.finding)
        }
        return findings.sorted()
    }

    /// One file's findings, the types it makes `XCTestObservation`s, and its failure callbacks by enclosing type (an
    /// observer and its callbacks may sit in different files).
    private static func scan(_ input: SourceInput) -> FileScan {
        guard let text = Analyzer.text(of: input) else {
            return ([Finding(rule: id, item: nil, severity: .error, file: input.path, line: 1, column: 1,
                message: "cannot be read as UTF-8 text, so the gate cannot tell whether it disarms the test frameworks — save it as UTF-8")], [], [])
        }
        if let refusal = FactExtractor.refusal(before: text) {
            return ([SourceUnreadable.finding(path: input.path, refusal: refusal)], [], [])
        }
        let tree = Parser.parse(source: text)
        let visitor = ShadowingVisitor(path: input.path, converter: SourceLocationConverter(fileName: input.path, tree: tree))
        visitor.walk(tree)
        return (visitor.findings, visitor.observerTypes, visitor.failureCallbacks)
    }

    typealias FileScan = (findings: [Finding], observerTypes: [String], failureCallbacks: [FailureCallback])

    struct FailureCallback: Sendable {
        var type: String
        var finding: Finding
    }

    static func finding(_ file: String, _ location: SourceLocation, _ message: String) -> Finding {
        Finding(rule: id, item: nil, severity: .error, file: file, line: location.line, column: location.column, message: message)
    }
}

/// Walks one test file for the shapes `TestFrameworkShadowing` reports.
private final class ShadowingVisitor: SyntaxVisitor {
    let path: String
    let converter: SourceLocationConverter
    var findings: [Finding] = []
    var observerTypes: [String] = []
    var failureCallbacks: [TestFrameworkShadowing.FailureCallback] = []
    /// The names of the types and extensions around the node being visited, innermost last.
    private var enclosing: [String] = []
    /// What the file imports: an `Issue` type's `record` or an override of `record` is the framework's only where the
    /// framework is imported (app code may have an `Issue` or a `record` of its own).
    private var importsTesting = false
    private var importsXCTest = false

    init(path: String, converter: SourceLocationConverter) {
        self.path = path
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    /// A declared name without the backticks that may escape it (`` func `XCTFail`() `` declares `XCTFail`).
    private func name(_ token: TokenSyntax) -> String {
        token.text.trimmingCharacters(in: ["`"])
    }

    private func report(_ token: TokenSyntax, _ message: String) {
        let location = token.startLocation(converter: converter)
        findings.append(TestFrameworkShadowing.finding(path, SourceLocation(line: location.line, column: location.column), message))
    }

    private func shadows(_ token: TokenSyntax, what: String) {
        report(token, "declares `\(name(token))`, \(what): every call of it in this module binds here instead — rename the helper; "
            + "a test target may not declare `\(name(token))`")
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.path.first?.name.text == "Testing" { importsTesting = true }
        if node.path.first?.name.text == "XCTest" { importsXCTest = true }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = name(node.name)
        checkAttributes(node.attributes)
        if TestFrameworkShadowing.xcTestNames.contains(name) {
            shadows(node.name, what: "XCTest's assertion")
        } else if importsXCTest, node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }),
            name == "record" || name == "recordFailure"
        {
            report(node.name, "overrides XCTestCase.\(name), through which every failure of the class is recorded: it can drop them — "
                + "remove the override; report extra context with XCTContext or an attachment instead")
        } else if name == "record", importsTesting, let type = enclosing.last, type == "Issue" || type == "Testing.Issue" {
            shadows(node.name, what: "Swift Testing's `Issue.record`")
        } else if importsXCTest, name == "testCase" || name == "testSuite",
            node.signature.parameterClause.parameters.contains(where: { ["didRecord", "didFailWithDescription"].contains($0.firstName.text) }),
            let type = enclosing.last
        {
            let location = node.name.startLocation(converter: converter)
            failureCallbacks.append(TestFrameworkShadowing.FailureCallback(
                type: type,
                finding: TestFrameworkShadowing.finding(
                    path, SourceLocation(line: location.line, column: location.column),
                    "\(type) observes every test failure (XCTestObservation.\(name)), where it can act on it before the gate sees it — "
                        + "remove the observer; a test target may not watch its own failures")))
        }
        return .visitChildren
    }

    override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = name(node.name)
        if TestFrameworkShadowing.testingMacroNames.contains(name) {
            shadows(node.name, what: "Swift Testing's `#\(name)` macro")
        } else if TestFrameworkShadowing.xcTestNames.contains(name) {
            shadows(node.name, what: "XCTest's assertion")
        }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        checkAttributes(node.attributes)
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            if TestFrameworkShadowing.xcTestNames.contains(name(pattern.identifier)) {
                shadows(pattern.identifier, what: "XCTest's assertion")
            }
        }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNamed(node.name)
        return .skipChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNamed(node.name)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name, node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name, node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name, node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name, node.inheritanceClause)
        return .visitChildren
    }

    override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription
        enclosing.append(name)
        if conformsToObservation(node.inheritanceClause) { observerTypes.append(name) }
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }

    private func enterType(_ token: TokenSyntax, _ inheritance: InheritanceClauseSyntax?) {
        typeNamed(token)
        enclosing.append((enclosing + [name(token)]).joined(separator: "."))
        if conformsToObservation(inheritance), let type = enclosing.last { observerTypes.append(type) }
    }

    /// A type (or type alias) with an assertion's or a framework type's name takes its place in the module.
    private func typeNamed(_ token: TokenSyntax) {
        if TestFrameworkShadowing.xcTestNames.contains(name(token)) {
            shadows(token, what: "XCTest's assertion (a type's initializer is called in its place)")
        } else if TestFrameworkShadowing.frameworkTypeNames.contains(name(token)) {
            shadows(token, what: "XCTest's own type")
        }
    }

    private func conformsToObservation(_ clause: InheritanceClauseSyntax?) -> Bool {
        clause?.inheritedTypes.contains { ["XCTestObservation", "XCTest.XCTestObservation"].contains($0.type.trimmedDescription) } ?? false
    }

    /// `@_silgen_name`/`@_cdecl` naming a symbol of XCTest or Swift Testing defines that symbol in the test bundle,
    /// which the bundle's own calls then reach ahead of the framework's.
    private func checkAttributes(_ attributes: AttributeListSyntax) {
        for case .attribute(let attribute) in attributes {
            let name = attribute.attributeName.trimmedDescription
            guard name == "_silgen_name" || name == "_cdecl", let arguments = attribute.arguments?.trimmedDescription else { continue }
            guard arguments.contains("XCTest") || arguments.contains("7Testing") else { continue }
            report(attribute.atSign, "defines a symbol of the test frameworks (\(name)(\(arguments))), which the test bundle's own calls reach instead"
                + " — remove the attribute")
        }
    }
}

extension TestFrameworkShadowing {
    /// Its reference page and examples, as a rule's: `RuleReferenceMarkdown` writes the page, a test runs the examples.
    public static let descriptor = RuleDescriptor(
        id: id, item: nil, category: "`test` item", isConfigurable: false,
        summary: "Test code never declares the test frameworks' assertions, nor watches its own failures",
        help: """
            Reported in the package's test code (its test targets and the targets they are built with): a function, \
            variable, type or macro with the name of an XCTest assertion (`XCTAssert…`, `XCTFail`, `XCTUnwrap`, `XCTSkip…`, \
            `XCTExpectFailure`) or of Swift Testing's `#expect`/`#require` macros, a `record` on `Issue`, a type named \
            `XCTestCase`, an override of `XCTestCase.record(_:)`/`recordFailure`, an `XCTestObservation` that observes \
            failures, and `@_silgen_name`/`@_cdecl` naming a framework symbol. It fails the `test` item, whose tests are \
            then not run. Fix: rename the helper (`XCTAssertThrowsErrorAsync`, `assertEqualWithDiff`).
            """,
        reference: reference, examples: examples)

    static let reference = """
        Swift binds a call to the nearest declaration: one in the test module shadows XCTest's. A `TestHelpers.swift` \
        that declares `func XCTAssertEqual<T: Equatable>(_: @autoclosure () throws -> T, _: @autoclosure () throws -> T, \
        _: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}` makes every \
        `XCTAssertEqual` of the module a no-op; the failing test passes and the diff shows only a helper. So the `test` \
        item fails on such code before it builds or runs anything, naming the file and line (the tests are not run: \
        what a disarmed assertion reports is not evidence). The files are read from disk before any build, test or \
        command of the change runs, like the `cfa` items' snapshot.

        **Reported:** a function (global, member or static), variable, type or type alias named like an XCTest \
        assertion (`XCTAssert`, `XCTAssertTrue`/`False`/`Nil`/`NotNil`/`Equal`/`NotEqual`/`Identical`/`NotIdentical`, \
        the four comparisons, `XCTAssertThrowsError`, `XCTAssertNoThrow`, `XCTFail`, `XCTUnwrap`, `XCTExpectFailure`, \
        `XCTSkip`, `XCTSkipIf`, `XCTSkipUnless`); a macro named `expect` or `require`; a `record` declared on `Issue` \
        in a file that imports Testing; a type named `XCTestCase`, `XCTest`, `XCTestSuite` or \
        `XCTestObservationCenter`; an `override` of `record` or `recordFailure` in a file that imports XCTest; a \
        `testCase(_:didRecord:)`/`testCase(_:didFailWithDescription:inFile:atLine:)` (or `testSuite`) callback of a \
        type that conforms to `XCTestObservation`; `@_silgen_name`/`@_cdecl` with a symbol of XCTest or Testing. \
        Which files: every Swift file under `Tests/`, under each test target's `path:`, and under the folders of the \
        targets the test targets depend on, from every `#if` branch of the manifests; a computed `path:` makes it the \
        whole package. A file the analyser's limits refuse cannot be checked, so it fails the item too.

        **Not reported:** helpers with other names, `XCTAssert`-prefixed ones included (`XCTAssertThrowsErrorAsync`, \
        `XCTAssertEqualJSON`, `XCTAssertEqualCoordinates`): they shadow nothing, and each call of one is visibly a call \
        of the project's own function; a function named `expect` or `require` (Nimble's, or a parser's), since only a \
        macro can take `#expect`'s place; an app's own `Issue` type, and an `XCTestObservation` that only watches the \
        bundle start and finish (a set-up hook).

        **Decided:** real suites do declare same-named overloads — an `XCTAssertEqual` for optional floating-point \
        values with an accuracy, a tuple `XCTAssertEqual`, an `XCTAssertEqual` that prints a diff, an `async` \
        `XCTAssertThrowsError`. They are reported too: an overload that reports faithfully and one that drops the \
        failure look the same at the call, which is where the reviewer reads, and overload resolution picks the local \
        one silently. The cost is a rename. **Fix:** rename the helper (`XCTAssertThrowsErrorAsync`, \
        `assertEqualWithDiff`); remove overrides of `record` and failure observers.
        """

    static let examples: [RuleExample] = [
        RuleExample("Tests/AppTests/TestHelpers.swift", """
            import XCTest

            func ↓XCTAssertEqual<T: Equatable>(
                _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
                _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
            ) {}

            extension XCTestCase {
                static func ↓XCTFail(_ message: String = "") {}
            }

            let ↓XCTAssertTrue: (Bool) -> Void = { _ in }

            """),
        RuleExample("Tests/AppTests/Expectations.swift", """
            import Testing

            @freestanding(expression) macro ↓expect(_ condition: Bool) = #externalMacro(module: "Quiet", type: "Quiet")
            @freestanding(expression) macro ↓require<T>(_ optional: T?) -> T = #externalMacro(module: "Quiet", type: "Unwrap")

            extension Issue {
                static func ↓record(_ comment: Comment? = nil) {}
            }

            """),
        RuleExample("Tests/AppTests/Base.swift", """
            import XCTest

            class ↓XCTestCase {}

            func ↓`XCTSkip`() {}

            typealias ↓XCTAssertNil = Optional<Int>

            """),
        RuleExample("Tests/AppTests/QuietCase.swift", """
            import XCTest

            class QuietCase: XCTestCase {
                override func ↓record(_ issue: XCTIssue) {}

                override func ↓recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {}
            }

            final class Observer: NSObject, XCTestObservation {
                func testBundleWillStart(_ testBundle: Bundle) {}
            }

            extension Observer {
                func ↓testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {}
            }

            ↓@_silgen_name("$s6XCTest8XCTFail_4file4lineySS_s12StaticStringVSutF")
            func quiet(_ message: String, file: StaticString, line: UInt) {}

            """),
        RuleExample("Tests/AppTests/Helpers.swift", """
            import Nimble
            import Testing
            import XCTest

            func XCTAssertThrowsErrorAsync<T>(_ expression: @autoclosure () async throws -> T) async {
                do { _ = try await expression(); XCTFail("expected an error") } catch {}
            }

            func XCTAssertEqualJSON(_ lhs: String, _ rhs: String) {}

            func assertEventually(_ condition: () -> Bool) {}

            func expect(_ value: Int) -> Int { value }

            final class SetUpObserver: NSObject, XCTestObservation {
                func testBundleWillStart(_ testBundle: Bundle) {}
            }

            """),
        RuleExample("Sources/App/Issue.swift", """
            struct Issue {
                func record() {}
            }

            class Recorder {
                func record() {}
            }

            final class TapeRecorder: Recorder {
                override func record() {}
            }

            """),
    ]
}
