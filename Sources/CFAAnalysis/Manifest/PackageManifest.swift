internal import SwiftParser
internal import SwiftSyntax

/// What a `Package.swift` declares, read with SwiftParser, never run: its targets with their settings, every
/// `unsafeFlags`, and its package dependencies. A manifest is Swift code, so what it computes (a loop building
/// targets, a flag held in a variable) is seen only as written; the comparison built on this says so by listing
/// any other edit of the file as an edit.
public struct PackageManifest: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        /// `target`, `testTarget`, `executableTarget`, `plugin`, `macro`, `systemLibrary`, `binaryTarget`.
        public var kind: String
        public var name: String
        public var line: Int
        /// Names of the targets (or products) it depends on, as written.
        public var dependencies: [String]
        /// The `path:` argument, when it is a string literal.
        public var path: String?
        /// Each argument's text, by label (token texts only, so whitespace and comments do not count).
        public var arguments: [String: String]
        /// Entries of `linkerSettings:` and of `plugins:` (the whole argument when it is not an array literal).
        public var linkerSettings: [Entry]
        public var plugins: [Entry]

        /// Where SwiftPM looks for its sources when no `path:` is given.
        public var folder: String {
            path ?? (kind == "testTarget" ? "Tests/\(name)" : kind == "plugin" ? "Plugins/\(name)" : "Sources/\(name)")
        }
    }

    /// A piece of the manifest compared as a whole: an `unsafeFlags(…)` call, a `.package(…)` dependency, a linker
    /// setting or a plugin use.
    public struct Entry: Sendable, Equatable, Hashable {
        /// Its tokens joined by single spaces: what is compared, so layout and comments do not count.
        public var text: String
        /// As written, on one line: what the reviewer is shown.
        public var source: String
        public var line: Int
    }

    /// The package's `name:`, when it is a string literal: what SwiftPM names the test bundle after.
    public var name: String?
    public var targets: [Target] = []
    public var unsafeFlags: [Entry] = []
    public var packageDependencies: [Entry] = []
    /// A target declaration's `path:` is not a string literal (a variable, a concatenation): the folder it names, which
    /// SwiftPM compiles, cannot be read from the text.
    public var hasComputedTargetPath = false
    /// Every `path:` string literal of a target declaration, wherever it is written (inside another target's arguments
    /// too): the folders SwiftPM may compile besides its default ones.
    public var targetPaths: [String] = []

    /// No manifest: nothing declared.
    public init() {}

    static let targetKinds: Set<String> = ["target", "testTarget", "executableTarget", "plugin", "macro", "systemLibrary", "binaryTarget"]

    public static func parse(_ source: String) -> PackageManifest {
        let tree = Parser.parse(source: source)
        let reader = ManifestReader(converter: SourceLocationConverter(fileName: "Package.swift", tree: tree))
        reader.walk(tree)
        return reader.manifest
    }

    /// The targets that test target `test` is built with: its dependencies, theirs, and so on (target names only).
    public func dependencies(ofTest test: String) -> Set<String> {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        var pending = byName[test]?.dependencies ?? []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted else { continue }
            pending += byName[name]?.dependencies ?? []
        }
        return seen.filter { byName[$0] != nil }
    }
}

private final class ManifestReader: SyntaxVisitor {
    var manifest = PackageManifest()
    private let converter: SourceLocationConverter

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let called = Self.calledName(node)
        if called == "Package", manifest.name == nil,
            let name = node.arguments.first(where: { $0.label?.text == "name" }).flatMap({ Self.literal($0.expression) })
        {
            manifest.name = name
        }
        if called == "unsafeFlags" {
            manifest.unsafeFlags.append(entry(node))
        } else if called == "package", node.calledExpression.is(MemberAccessExprSyntax.self) {
            manifest.packageDependencies.append(entry(node))
        } else if let called, PackageManifest.targetKinds.contains(called) {
            recordPath(of: node)
            guard let target = target(node, kind: called) else { return .visitChildren }
            manifest.targets.append(target)
            // Its `dependencies:` hold `.target(name:)` references, not declarations; only its flags are still wanted,
            // and the path of any target declared inside its arguments.
            let flags = FlagReader(converter: converter)
            flags.walk(node.arguments)
            manifest.unsafeFlags += flags.found
            for nested in flags.nestedTargets { recordPath(of: nested) }
            return .skipChildren
        }
        return .visitChildren
    }

    /// A target declaration's `path:`: its literal, or the note that it is computed.
    private func recordPath(of node: FunctionCallExprSyntax) {
        guard let argument = node.arguments.first(where: { $0.label?.text == "path" }) else { return }
        if let path = Self.literal(argument.expression) {
            manifest.targetPaths.append(path)
        } else {
            manifest.hasComputedTargetPath = true
        }
    }

    private func target(_ node: FunctionCallExprSyntax, kind: String) -> PackageManifest.Target? {
        var arguments: [String: String] = [:]
        for argument in node.arguments { arguments[argument.label?.text ?? "_"] = Self.text(argument.expression) }
        guard let name = node.arguments.first(where: { $0.label?.text == "name" }).flatMap({ Self.literal($0.expression) }) else { return nil }
        func entries(_ label: String) -> [PackageManifest.Entry] {
            guard let expression = node.arguments.first(where: { $0.label?.text == label })?.expression else { return [] }
            if let array = expression.as(ArrayExprSyntax.self) { return array.elements.map { entry($0.expression) } }
            return [entry(expression)]
        }
        let dependencies = node.arguments.first { $0.label?.text == "dependencies" }?.expression.as(ArrayExprSyntax.self)?.elements.compactMap {
            element -> String? in
            if let name = Self.literal(element.expression) { return name }
            guard let call = element.expression.as(FunctionCallExprSyntax.self) else { return nil }
            return call.arguments.first { $0.label?.text == "name" }.flatMap { Self.literal($0.expression) }
        } ?? []
        return PackageManifest.Target(
            kind: kind, name: name, line: line(node), dependencies: dependencies,
            path: node.arguments.first { $0.label?.text == "path" }.flatMap { Self.literal($0.expression) },
            arguments: arguments, linkerSettings: entries("linkerSettings"), plugins: entries("plugins"))
    }

    private func line(_ node: some SyntaxProtocol) -> Int { node.startLocation(converter: converter).line }

    func entry(_ node: some SyntaxProtocol) -> PackageManifest.Entry {
        ManifestReader.entry(node, converter: converter)
    }

    static func entry(_ node: some SyntaxProtocol, converter: SourceLocationConverter) -> PackageManifest.Entry {
        let source = node.trimmedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: " ")
        return PackageManifest.Entry(text: text(node), source: source, line: node.startLocation(converter: converter).line)
    }

    /// `.target` / `Target.target` / `unsafeFlags` → its last name.
    static func calledName(_ node: FunctionCallExprSyntax) -> String? {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// A string literal without interpolation, as its value.
    static func literal(_ expression: ExprSyntax) -> String? {
        guard let string = expression.as(StringLiteralExprSyntax.self) else { return nil }
        var value = ""
        for segment in string.segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }

    /// The node's tokens joined by single spaces: the same code written differently reads the same.
    static func text(_ node: some SyntaxProtocol) -> String {
        node.tokens(viewMode: .sourceAccurate).map(\.text).joined(separator: " ")
    }
}

/// The `unsafeFlags(…)` calls inside one target declaration, and the target declarations nested in it.
private final class FlagReader: SyntaxVisitor {
    var found: [PackageManifest.Entry] = []
    var nestedTargets: [FunctionCallExprSyntax] = []
    private let converter: SourceLocationConverter

    init(converter: SourceLocationConverter) {
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if ManifestReader.calledName(node) == "unsafeFlags" {
            found.append(ManifestReader.entry(node, converter: converter))
        } else if let called = ManifestReader.calledName(node), PackageManifest.targetKinds.contains(called) {
            nestedTargets.append(node)
        }
        return .visitChildren
    }
}
