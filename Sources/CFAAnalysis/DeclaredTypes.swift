internal import SwiftParser
internal import SwiftSyntax

/// A type declared in a Swift file: the first fact the analyser's cross-file index is built from.
public struct DeclaredType: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case `struct`, `class`, `actor`, `enum`, `protocol`
    }

    public var name: String
    public var kind: Kind
    public var line: Int
    /// Names in the inheritance clause, as written (`View`, `Sendable`).
    public var inheritedTypes: [String]

    public init(name: String, kind: Kind, line: Int, inheritedTypes: [String]) {
        self.name = name
        self.kind = kind
        self.line = line
        self.inheritedTypes = inheritedTypes
    }
}

public enum DeclaredTypes {
    /// Every type declaration in `source`, including those inside `#if` blocks, which the analyser treats
    /// as live code (a SwiftUI View behind `#if canImport(SwiftUI)` is still a View).
    public static func scan(source: String, fileName: String = "input.swift") -> [DeclaredType] {
        let tree = Parser.parse(source: source)
        let collector = Collector(converter: SourceLocationConverter(fileName: fileName, tree: tree))
        collector.walk(tree)
        return collector.types
    }

    private final class Collector: SyntaxVisitor {
        let converter: SourceLocationConverter
        var types: [DeclaredType] = []

        init(converter: SourceLocationConverter) {
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        private func record(_ name: TokenSyntax, _ kind: DeclaredType.Kind, _ inheritance: InheritanceClauseSyntax?, at node: some SyntaxProtocol) {
            let inherited = inheritance?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            let line = node.startLocation(converter: converter, afterLeadingTrivia: true).line
            types.append(DeclaredType(name: name.text, kind: kind, line: line, inheritedTypes: inherited))
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name, .struct, node.inheritanceClause, at: node)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name, .class, node.inheritanceClause, at: node)
            return .visitChildren
        }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name, .actor, node.inheritanceClause, at: node)
            return .visitChildren
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name, .enum, node.inheritanceClause, at: node)
            return .visitChildren
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            record(node.name, .protocol, node.inheritanceClause, at: node)
            return .visitChildren
        }
    }
}
