import Foundation
// The raw tree (SPI): a `SyntaxVisitor` makes an object for every node of every file, which cost the analysis an
// eighth of a parse; this walk reads the parser's own nodes and makes none.
@_spi(RawSyntax) internal import SwiftSyntax

/// A raw syntax node and the UTF-8 offset of its first byte (leading trivia included). Raw nodes do not know where
/// they are; the walk does, and hands it down.
struct PlacedSyntax {
    let raw: RawSyntax
    let offset: Int

    var end: Int { offset + raw.byteLength }

    /// `child`, one of this node's children (from a typed raw view), placed.
    func place(_ child: RawSyntax) -> PlacedSyntax {
        var position = offset
        if let layout = raw.layoutView {
            for case let candidate? in layout.children {
                if candidate.id == child.id { break }
                position += candidate.byteLength
            }
        }
        return PlacedSyntax(raw: child, offset: position)
    }

    func place(_ child: some RawSyntaxNodeProtocol) -> PlacedSyntax { place(child.raw) }
    func placeIfPresent(_ child: (some RawSyntaxNodeProtocol)?) -> PlacedSyntax? { child.map { place($0.raw) } }

    /// The child `field` picks from this node seen as a `Node`, placed; nil when this node is no `Node` or has no such
    /// child.
    func child<Node: RawSyntaxNodeProtocol, Child: RawSyntaxNodeProtocol>(_ type: Node.Type, _ field: (Node) -> Child?) -> PlacedSyntax? {
        `as`(type).flatMap(field).map { place($0.raw) }
    }

    /// The children that are nodes, each placed: for a collection, its elements.
    var nodes: [PlacedSyntax] {
        var result: [PlacedSyntax] = []
        guard let layout = raw.layoutView else { return [] }
        var position = offset
        for case let child? in layout.children {
            if !child.isToken { result.append(PlacedSyntax(raw: child, offset: position)) }
            position += child.byteLength
        }
        return result
    }

    func `as`<Node: RawSyntaxNodeProtocol>(_ type: Node.Type) -> Node? { raw.as(type) }
}

/// Records a file's facts from the nodes its `TreeScan` listed. Code inside `#if` blocks is visited like any other
/// code: a SwiftUI view behind `#if canImport(SwiftUI)` is still a view.
///
/// Nodes are visited in source order, before their children, as a `SyntaxVisitor` visits them, and left (see
/// `Leave`) when the walk moves past their last descendant; token texts and positions come from the scan.
struct FactCollector {
    private(set) var facts: FileFacts
    private let lines: LineTable
    private let scan: TreeScan
    /// Indices into `facts.types` of the types being walked, innermost last.
    private var typeStack: [Int] = []
    /// The member being walked (a property, function or initialiser), per type level.
    private var memberStack: [String?] = [nil]
    private var previewDepth = 0
    /// The modules of the `#if canImport(M)` / `#elseif canImport(M)` clauses being walked, innermost last.
    private var canImportGuards: [String] = []
    /// The `#if` blocks being walked (their numbers in `CompilationClause.block`), innermost last, and how many began.
    private var compilationBlocks: [Int] = []
    private var compilationBlockCount = 0
    private var assignmentTargets: [RawSyntax.ID: String] = [:]
    private var returnedCalls: Set<RawSyntax.ID> = []
    /// The names of the calls whose later-running closures are being walked, innermost last.
    private var laterClosures: [String] = []
    /// Calls standing as statements (`feature.save()`, `try await feature.save()`), marked by their code block item.
    private var statementCalls: Set<RawSyntax.ID> = []
    /// Closures that run later, marked by the call they are an argument of, with its name.
    private var laterClosureOwners: [RawSyntax.ID: String] = [:]
    /// Member accesses that are the base of another (`A.b` in `A.b.c`), marked by the outer one.
    private var innerMembers: Set<RawSyntax.ID> = []

    init(facts: FileFacts, lines: LineTable, scan: TreeScan) {
        self.facts = facts
        self.lines = lines
        self.scan = scan
    }

    // MARK: The walk

    /// What to undo when a node's children have been walked.
    private enum Leave {
        case nothing, type, member, laterClosure, preview, skipChildren, canImportClause, compilationBlock
    }

    /// Visits the nodes the scan recorded, in its order, undoing a node's `Leave` when the first node outside it comes, as
    /// a visitor's `visitPost` would.
    mutating func walk() {
        var open: [(lastDescendant: Int, leave: Leave)] = []
        var skippingThrough = -1
        for entry in scan.nodes {
            if entry.order <= skippingThrough { continue }
            while let last = open.last, entry.order > last.lastDescendant {
                undo(last.leave)
                open.removeLast()
            }
            switch Self.visitors[entry.kind].visit(&self, entry.node) {
            case .nothing: break
            case .skipChildren: skippingThrough = entry.lastDescendant
            case let leave: open.append((entry.lastDescendant, leave))
            }
        }
        while let last = open.popLast() { undo(last.leave) }
    }

    private mutating func undo(_ leave: Leave) {
        switch leave {
        case .nothing, .skipChildren: break
        case .type: leaveType()
        case .member: memberStack[memberStack.count - 1] = nil
        case .laterClosure: laterClosures.removeLast()
        case .preview: previewDepth -= 1
        case .canImportClause: canImportGuards.removeLast()
        case .compilationBlock: compilationBlocks.removeLast()
        }
    }

    /// The kinds the scan records for the walk: each syntax node type's index in `visitors`.
    static let recordedKinds: [ObjectIdentifier: Int] = Dictionary(
        uniqueKeysWithValues: visitors.enumerated().map { (ObjectIdentifier($0.element.type), $0.offset) })

    private typealias Visitor = @Sendable (inout FactCollector, PlacedSyntax) -> Leave

    /// What the walk records at a node, by the node's kind; every other node is only walked through.
    ///
    /// A function per kind rather than one `switch`: each raw node type comes from a library built for evolution, so a
    /// function that names many of them looks up all their metadata on every call, which in one large `switch` cost more
    /// than the walk's own work.
    private static let visitors: [(type: any SyntaxProtocol.Type, visit: Visitor)] = [
        (StructDeclSyntax.self, { $0.visitNamedType($1, RawStructDeclSyntax.self, .struct) }),
        (ClassDeclSyntax.self, { $0.visitNamedType($1, RawClassDeclSyntax.self, .class) }),
        (ActorDeclSyntax.self, { $0.visitNamedType($1, RawActorDeclSyntax.self, .actor) }),
        (EnumDeclSyntax.self, { $0.visitNamedType($1, RawEnumDeclSyntax.self, .enum) }),
        (ProtocolDeclSyntax.self, { $0.visitNamedType($1, RawProtocolDeclSyntax.self, .protocol) }),
        (ExtensionDeclSyntax.self, { collector, node in
            guard let decl = node.as(RawExtensionDeclSyntax.self) else { return .nothing }
            let name = collector.text(node.place(decl.extendedType), limit: 500)
            return collector.enterType(name, .extension, node, decl.attributes, decl.modifiers, decl.inheritanceClause)
        }),
        (VariableDeclSyntax.self, { $0.visitVariable($1) }),
        (FunctionDeclSyntax.self, { collector, node in
            guard let decl = node.as(RawFunctionDeclSyntax.self) else { return .nothing }
            return collector.enterFunction(string(decl.name), node, decl.modifiers, signature: decl.signature, body: decl.body)
        }),
        (InitializerDeclSyntax.self, { collector, node in
            guard let decl = node.as(RawInitializerDeclSyntax.self) else { return .nothing }
            return collector.enterFunction("init", node, decl.modifiers, signature: decl.signature, body: decl.body)
        }),
        (DeinitializerDeclSyntax.self, { collector, node in
            guard let decl = node.as(RawDeinitializerDeclSyntax.self) else { return .nothing }
            return collector.enterFunction("deinit", node, decl.modifiers, signature: nil, body: decl.body)
        }),
        (EnumCaseDeclSyntax.self, { collector, node in
            collector.visitEnumCases(node)
            return .nothing
        }),
        (MacroExpansionExprSyntax.self, { collector, node in
            guard let macro = node.as(RawMacroExpansionExprSyntax.self), string(macro.macroName) == "Preview" else { return .nothing }
            return collector.enterPreview()
        }),
        (MacroExpansionDeclSyntax.self, { collector, node in
            guard let macro = node.as(RawMacroExpansionDeclSyntax.self), string(macro.macroName) == "Preview" else { return .nothing }
            return collector.enterPreview()
        }),
        (IfConfigDeclSyntax.self, { collector, _ in
            collector.compilationBlocks.append(collector.compilationBlockCount)
            collector.compilationBlockCount += 1
            return .compilationBlock
        }),
        (IfConfigClauseSyntax.self, { collector, node in
            collector.recordClause(node)
            if collector.isDebugOnly(node) { return collector.enterPreview() }
            guard let module = collector.canImportCondition(node) else { return .nothing }
            collector.canImportGuards.append(module)
            return .canImportClause
        }),
        (FunctionCallExprSyntax.self, { collector, node in
            collector.visitCall(node)
            return .nothing
        }),
        (ClosureExprSyntax.self, { collector, node in
            guard !collector.laterClosureOwners.isEmpty, let name = collector.laterClosureOwners.removeValue(forKey: node.raw.id) else {
                return .nothing
            }
            collector.laterClosures.append(name)
            return .laterClosure
        }),
        (PatternBindingSyntax.self, { collector, node in
            collector.visitBinding(node)
            return .nothing
        }),
        (CodeBlockItemSyntax.self, { collector, node in
            if let call = node.child(RawCodeBlockItemSyntax.self, { $0.item }).flatMap(call(in:)) { collector.statementCalls.insert(call.raw.id) }
            return .nothing
        }),
        (SequenceExprSyntax.self, { collector, node in
            collector.visitSequence(node)
            return .nothing
        }),
        (ReturnStmtSyntax.self, { collector, node in
            if let call = node.child(RawReturnStmtSyntax.self, { $0.expression }).flatMap(call(in:)) { collector.returnedCalls.insert(call.raw.id) }
            return .nothing
        }),
        (IfExprSyntax.self, { collector, node in
            collector.recordCondition(node.child(RawIfExprSyntax.self) { $0.conditions })
            return .nothing
        }),
        (GuardStmtSyntax.self, { collector, node in
            collector.recordCondition(node.child(RawGuardStmtSyntax.self) { $0.conditions })
            return .nothing
        }),
        (WhileStmtSyntax.self, { collector, node in
            collector.recordCondition(node.child(RawWhileStmtSyntax.self) { $0.conditions })
            return .nothing
        }),
        (AwaitExprSyntax.self, { collector, node in
            let fact = StatementFact(text: collector.text(node), location: collector.location(node), member: collector.member)
            collector.updateScope { $0.awaits.append(fact) }
            return .nothing
        }),
        (DeclReferenceExprSyntax.self, { collector, node in
            if let reference = node.as(RawDeclReferenceExprSyntax.self) { collector.addReference(string(reference.baseName), node) }
            return .nothing
        }),
        (MemberAccessExprSyntax.self, { collector, node in
            collector.visitMemberAccess(node)
            return .nothing
        }),
        (IdentifierTypeSyntax.self, { collector, node in
            if let type = node.as(RawIdentifierTypeSyntax.self) { collector.addReference(string(type.name), node) }
            return .nothing
        }),
        (MemberTypeSyntax.self, { collector, node in
            collector.addReference(collector.text(node, limit: 500), node)
            return .nothing
        }),
        (AttributeSyntax.self, { collector, node in
            guard let attribute = node.as(RawAttributeSyntax.self) else { return .nothing }
            let use = AttributeUse(name: collector.text(node.place(attribute.attributeName), limit: 500), location: collector.location(node))
            collector.facts.attributeUses.append(use)
            return .nothing
        }),
        (DeclModifierSyntax.self, { collector, node in
            guard let modifier = node.as(RawDeclModifierSyntax.self), modifier.detail != nil else { return .nothing }
            let use = AttributeUse(name: modifierText(modifier), location: collector.location(node))
            collector.facts.modifierUses.append(use)
            return .nothing
        }),
        (ImportDeclSyntax.self, { collector, node in
            if let declaration = node.as(RawImportDeclSyntax.self) {
                let module = collector.text(node.place(declaration.path), limit: 500)
                let root = module.split(separator: ".").first.map(String.init) ?? module
                let fact = ImportFact(
                    module: module, location: collector.location(node), guardedByCanImport: collector.canImportGuards.contains(root))
                collector.facts.imports.append(fact)
            }
            return .skipChildren
        }),
    ]

    // MARK: Where we are

    private var member: String? { memberStack.last ?? nil }
    private var inPreview: Bool { previewDepth > 0 }
    private var atTypeMemberLevel: Bool { !typeStack.isEmpty && member == nil }

    private func location(_ node: PlacedSyntax) -> SourceLocation {
        let place = lines.location(of: scan.textStart(ofNodeAt: node.offset, length: node.raw.byteLength))
        return SourceLocation(line: place.line, column: place.column)
    }

    /// A node's text, on one line, at most `limit` characters: built from its tokens and stopped at the limit, so a
    /// call whose argument is a large closure costs no more than its first words.
    private func text(_ node: PlacedSyntax?, limit: Int = 200) -> String {
        guard let node else { return "" }
        return scan.text(from: node.offset, to: node.end, limit: limit)
    }

    private static func string(_ token: RawTokenSyntax) -> String { String(syntaxText: token.tokenText) }

    private mutating func updateScope(_ change: (inout ScopeFacts) -> Void) {
        if let index = typeStack.last { change(&facts.types[index].scope) } else { change(&facts.fileScope) }
    }

    // MARK: Types

    private mutating func visitNamedType<Declaration: RawTypeDeclaration>(
        _ node: PlacedSyntax, _ type: Declaration.Type, _ kind: TypeFacts.Kind
    ) -> Leave {
        guard let decl = node.as(type) else { return .nothing }
        return enterType(Self.string(decl.name), kind, node, decl.attributes, decl.modifiers, decl.inheritanceClause)
    }

    private mutating func enterType(
        _ name: String, _ kind: TypeFacts.Kind, _ node: PlacedSyntax, _ attributes: RawAttributeListSyntax,
        _ modifiers: RawDeclModifierListSyntax, _ inheritance: RawInheritanceClauseSyntax?
    ) -> Leave {
        var type = TypeFacts(name: name, kind: kind, location: location(node))
        type.enclosing = typeStack.map { facts.types[$0].name }
        type.attributes = attributeFacts(node.place(attributes))
        type.modifiers = modifierNames(node.place(modifiers))
        if let inherited = node.placeIfPresent(inheritance)?.child(RawInheritanceClauseSyntax.self, { $0.inheritedTypes }) {
            type.inheritedTypes = inherited.nodes.map { inherited in
                text(inherited.child(RawInheritedTypeSyntax.self) { $0.type }, limit: 500)
            }
        }
        let isPreviewProvider = type.inherits("PreviewProvider")
        type.isPreviewOnly = inPreview || isPreviewProvider
        facts.types.append(type)
        typeStack.append(facts.types.count - 1)
        memberStack.append(nil)
        if isPreviewProvider { previewDepth += 1 }
        return .type
    }

    private mutating func leaveType() {
        if let index = typeStack.last, facts.types[index].inherits("PreviewProvider") { previewDepth -= 1 }
        typeStack.removeLast()
        memberStack.removeLast()
    }

    // MARK: Members

    private mutating func visitVariable(_ node: PlacedSyntax) -> Leave {
        guard atTypeMemberLevel, let typeIndex = typeStack.last, let variable = node.as(RawVariableDeclSyntax.self) else { return .nothing }
        let attributes = attributeFacts(node.place(variable.attributes))
        let modifiers = node.place(variable.modifiers).nodes.compactMap { $0.as(RawDeclModifierSyntax.self).map(Self.modifierText) }
        let isStatic = modifiers.contains("static") || modifiers.contains("class")
        let isLet = variable.bindingSpecifier.tokenText == "let"
        let bindings = node.place(variable.bindings).nodes
        for placed in bindings {
            guard let binding = placed.as(RawPatternBindingSyntax.self) else { continue }
            let isStored = binding.accessorBlock.map(Self.hasOnlyObservers) ?? true
            facts.types[typeIndex].properties.append(
                PropertyFact(
                    name: name(of: placed.place(binding.pattern)), location: location(placed), attributes: attributes,
                    modifiers: modifiers, isStatic: isStatic, isLet: isLet, isStored: isStored,
                    typeText: placed.placeIfPresent(binding.typeAnnotation).map { annotation in
                        text(annotation.child(RawTypeAnnotationSyntax.self) { $0.type }, limit: 500)
                    },
                    initializer: placed.placeIfPresent(binding.initializer).flatMap { clause in
                        clause.child(RawInitializerClauseSyntax.self) { $0.value }.map(expressionFact)
                    }))
        }
        guard let first = bindings.first, let binding = first.as(RawPatternBindingSyntax.self) else { return .nothing }
        memberStack[memberStack.count - 1] = name(of: first.place(binding.pattern))
        return .member
    }

    /// `name` for the common `let name` pattern, the pattern's text otherwise.
    private func name(of pattern: PlacedSyntax) -> String {
        pattern.as(RawIdentifierPatternSyntax.self).map { Self.string($0.identifier) } ?? text(pattern)
    }

    private static func hasOnlyObservers(_ block: RawAccessorBlockSyntax) -> Bool {
        guard let accessors = block.accessors.as(RawAccessorDeclListSyntax.self) else { return false }
        return accessors.elements.allSatisfy { accessor in
            guard let text = accessor.as(RawAccessorDeclSyntax.self)?.accessorSpecifier.tokenText else { return false }
            return text == "willSet" || text == "didSet"
        }
    }

    private mutating func enterFunction(
        _ name: String, _ node: PlacedSyntax, _ modifiers: RawDeclModifierListSyntax, signature: RawFunctionSignatureSyntax?,
        body: RawCodeBlockSyntax?
    ) -> Leave {
        guard member == nil else { return .nothing }
        let modifierNames = modifierNames(node.place(modifiers))
        let placedSignature = node.placeIfPresent(signature)
        let function = FunctionFact(
            name: name, location: location(node), modifiers: modifierNames,
            isStatic: modifierNames.contains("static") || modifierNames.contains("class"),
            isAsync: signature?.effectSpecifiers?.asyncSpecifier != nil,
            parameters: placedSignature.map { parameterFacts($0) } ?? [],
            returnType: placedSignature?.child(RawFunctionSignatureSyntax.self, { $0.returnClause }).map { clause in
                text(clause.child(RawReturnClauseSyntax.self) { $0.type }, limit: 500)
            },
            bodyLocation: node.placeIfPresent(body).map(location))
        if let typeIndex = typeStack.last { facts.types[typeIndex].functions.append(function) }
        memberStack[memberStack.count - 1] = name
        return .member
    }

    private mutating func visitEnumCases(_ node: PlacedSyntax) {
        guard let typeIndex = typeStack.last, let declaration = node.as(RawEnumCaseDeclSyntax.self) else { return }
        for placed in node.place(declaration.elements).nodes {
            guard let element = placed.as(RawEnumCaseElementSyntax.self) else { continue }
            var associatedTypes: [String] = []
            if let parameters = placed.placeIfPresent(element.parameterClause)?.child(RawEnumCaseParameterClauseSyntax.self, { $0.parameters }) {
                associatedTypes = parameters.nodes.map { parameter in
                    text(parameter.child(RawEnumCaseParameterSyntax.self) { $0.type }, limit: 500)
                }
            }
            facts.types[typeIndex].enumCases.append(
                EnumCaseFact(name: Self.string(element.name), associatedTypes: associatedTypes, location: location(placed)))
        }
    }

    // MARK: Previews and debug-only code

    private mutating func enterPreview() -> Leave {
        previewDepth += 1
        return .preview
    }

    /// `M` for a clause `#if canImport(M)` or `#elseif canImport(M)` (a `_version:` argument aside); nil for any other.
    private func canImportCondition(_ node: PlacedSyntax) -> String? {
        guard let clause = node.as(RawIfConfigClauseSyntax.self), clause.poundKeyword.tokenKind != .poundElse,
            let condition = node.placeIfPresent(clause.condition).map({ text($0) }), condition.hasPrefix("canImport("), condition.hasSuffix(")")
        else { return nil }
        let inside = condition.dropFirst("canImport(".count).dropLast()
        let module = inside.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return module.isEmpty ? nil : module
    }

    private mutating func recordClause(_ node: PlacedSyntax) {
        guard let clause = node.as(RawIfConfigClauseSyntax.self), let block = compilationBlocks.last else { return }
        let condition = clause.poundKeyword.tokenKind == .poundElse ? nil : node.placeIfPresent(clause.condition).map { text($0, limit: 500) }
        let end = lines.location(of: node.end)
        facts.compilationClauses.append(
            CompilationClause(
                block: block, condition: condition, start: location(node), end: SourceLocation(line: end.line, column: end.column)))
    }

    /// `#if DEBUG` code is development scaffolding (previews, sample data); rules about who builds what skip it.
    private func isDebugOnly(_ node: PlacedSyntax) -> Bool {
        guard let clause = node.as(RawIfConfigClauseSyntax.self), clause.poundKeyword.tokenKind == .poundIf else { return false }
        return node.placeIfPresent(clause.condition).map { text($0) } == "DEBUG"
    }

    // MARK: Code inside members

    private mutating func visitCall(_ node: PlacedSyntax) {
        guard let shape = callShape(node) else { return }
        let call = CallFact(
            shape: shape, location: location(node), member: member, inPreview: inPreview,
            assignedTo: assignmentTargets[node.raw.id], isReturned: returnedCalls.contains(node.raw.id),
            runsIn: laterClosures.last, isStatement: statementCalls.remove(node.raw.id) != nil)
        updateScope { $0.calls.append(call) }
        if let call = node.as(RawFunctionCallExprSyntax.self) { markLaterClosures(of: call) }
    }

    /// Calls whose closure arguments run later: when the user acts (a Button's action, a gesture, a submitted field, a
    /// swipe-to-delete or move), as a Task, or when a view appears (`.task`, `.onAppear`). Code in them is recorded with
    /// the call's name (`CallFact.runsIn`).
    static let laterNames: Set<String> = [
        "Button", "onTapGesture", "onLongPressGesture", "onSubmit", "onDelete", "onMove", "onEnded", "Task", "detached",
        "task", "onAppear",
    ]
    /// The later closures a view's appearing runs, not a user's action.
    static let lifecycleNames: Set<String> = ["task", "onAppear"]

    /// Marks the closures of `call` that run later, when it is one of `laterNames`: its trailing closures and the
    /// closures written as its arguments. Their code is recorded with the call's name.
    private mutating func markLaterClosures(of call: RawFunctionCallExprSyntax) {
        let name = Self.calledName(call)
        guard Self.laterNames.contains(name) else { return }
        if let closure = call.trailingClosure { laterClosureOwners[closure.raw.id] = name }
        for argument in call.arguments.elements {
            if let expression = argument.as(RawLabeledExprSyntax.self)?.expression, expression.raw.kind == .closureExpr {
                laterClosureOwners[expression.raw.id] = name
            }
        }
        for element in call.additionalTrailingClosures.elements {
            if let closure = element.as(RawMultipleTrailingClosureElementSyntax.self)?.closure { laterClosureOwners[closure.raw.id] = name }
        }
    }

    /// `Button` for `Button("Add") { … }`, `onTapGesture` for `.onTapGesture { … }`.
    private static func calledName(_ call: RawFunctionCallExprSyntax) -> String {
        if let reference = call.calledExpression.as(RawDeclReferenceExprSyntax.self) { return string(reference.baseName) }
        if let access = call.calledExpression.as(RawMemberAccessExprSyntax.self) { return string(access.declName.baseName) }
        return ""
    }

    private mutating func visitBinding(_ node: PlacedSyntax) {
        guard let binding = node.as(RawPatternBindingSyntax.self),
            let call = node.placeIfPresent(binding.initializer)?.child(RawInitializerClauseSyntax.self, { $0.value }).flatMap(Self.call(in:))
        else { return }
        assignmentTargets[call.raw.id] = name(of: node.place(binding.pattern))
    }

    /// The parser leaves operators unfolded, so `a = b` arrives as the sequence `a`, `=`, `b`.
    private mutating func visitSequence(_ node: PlacedSyntax) {
        guard let sequence = node.as(RawSequenceExprSyntax.self) else { return }
        let elements = node.place(sequence.elements).nodes
        guard elements.count >= 3, let operatorText = Self.assignmentOperator(elements[1].raw) else { return }
        let target = Self.withoutSelf(text(elements[0], limit: 120))
        let valueText = elements[2...].map { text($0) }.joined(separator: " ")
        if operatorText == "=", elements.count == 3, let call = Self.call(in: elements[2]) { assignmentTargets[call.raw.id] = target }
        let assignment = AssignmentFact(
            target: target, value: Self.bounded(valueText), location: location(node), member: member, operatorText: operatorText)
        updateScope { $0.assignments.append(assignment) }
    }

    /// `=`, or a compound assignment operator (`+=`, `-=`, `??=`…): an operator ending in `=` that is no comparison.
    private static func assignmentOperator(_ element: RawSyntax) -> String? {
        if element.kind == .assignmentExpr { return "=" }
        guard let binary = element.as(RawBinaryOperatorExprSyntax.self) else { return nil }
        let text = string(binary.operator)
        guard text.count >= 2, text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) else { return nil }
        return text
    }

    private mutating func recordCondition(_ conditions: PlacedSyntax?) {
        guard let conditions else { return }
        let fact = StatementFact(text: text(conditions), location: location(conditions), member: member)
        updateScope { $0.conditions.append(fact) }
    }

    /// Chains of plain names (`AppModel.shared.habitsFeature`, `Bundle.main`) are kept whole as well, with each of their
    /// prefixes. The chain is read once, from its outermost member, without recursion: reading it again from every
    /// member inside it made a chain of n members cost n².
    private mutating func visitMemberAccess(_ node: PlacedSyntax) {
        // The base of a member access is walked after it: marked here, it is known to be inner when its turn comes.
        if let base = node.as(RawMemberAccessExprSyntax.self)?.base, base.raw.kind == .memberAccessExpr { innerMembers.insert(base.raw.id) }
        if innerMembers.remove(node.raw.id) != nil { return }
        guard let prefixes = Self.namePrefixes(node.raw) else { return }
        let place = location(node)
        for name in prefixes.reversed() {
            let reference = ReferenceFact(name: name, location: place, member: member, inPreview: inPreview)
            updateScope { $0.references.append(reference) }
        }
    }

    private mutating func addReference(_ name: String, _ node: PlacedSyntax) {
        let reference = ReferenceFact(name: name, location: location(node), member: member, inPreview: inPreview)
        updateScope { $0.references.append(reference) }
    }

    // MARK: Shapes

    private func attributeFacts(_ list: PlacedSyntax) -> [AttributeFact] {
        list.nodes.compactMap { element in
            guard let attribute = element.as(RawAttributeSyntax.self) else { return nil }
            return AttributeFact(
                name: text(element.place(attribute.attributeName), limit: 500),
                arguments: element.placeIfPresent(attribute.arguments).map { text($0) })
        }
    }

    /// `private(set)` for a modifier with a detail, `static` for one without.
    private static func modifierText(_ modifier: RawDeclModifierSyntax) -> String {
        modifier.detail.map { "\(string(modifier.name))(\(string($0.detail)))" } ?? string(modifier.name)
    }

    private func modifierNames(_ list: PlacedSyntax) -> [String] {
        list.nodes.compactMap { $0.as(RawDeclModifierSyntax.self).map { Self.string($0.name) } }
    }

    private func parameterFacts(_ signature: PlacedSyntax) -> [ParameterFact] {
        guard let clause = signature.child(RawFunctionSignatureSyntax.self, { $0.parameterClause }),
            let parameters = clause.child(RawFunctionParameterClauseSyntax.self, { $0.parameters })
        else { return [] }
        return parameters.nodes.compactMap { placed in
            guard let parameter = placed.as(RawFunctionParameterSyntax.self) else { return nil }
            let first = Self.string(parameter.firstName)
            return ParameterFact(
                label: first == "_" ? nil : first, name: parameter.secondName.map(Self.string) ?? first,
                typeText: text(placed.place(parameter.type), limit: 500),
                defaultValue: placed.placeIfPresent(parameter.defaultValue).map { clause in
                    text(clause.child(RawInitializerClauseSyntax.self) { $0.value })
                },
                location: location(placed))
        }
    }

    private func expressionFact(_ expression: PlacedSyntax) -> ExpressionFact {
        ExpressionFact(text: text(expression), call: Self.call(in: expression).flatMap(callShape))
    }

    private func callShape(_ node: PlacedSyntax) -> CallShape? {
        guard let call = node.as(RawFunctionCallExprSyntax.self) else { return nil }
        var called = node.place(call.calledExpression)
        if let specialised = called.as(RawGenericSpecializationExprSyntax.self) { called = called.place(specialised.expression) }
        let name: String
        var base: String?
        if let reference = called.as(RawDeclReferenceExprSyntax.self) {
            name = Self.string(reference.baseName)
        } else if let access = called.as(RawMemberAccessExprSyntax.self) {
            name = Self.string(access.declName.baseName)
            base = called.placeIfPresent(access.base).map { Self.withoutSelf(text($0, limit: 80)) }
        } else {
            name = text(called, limit: 80)
        }
        var labels: [String?] = []
        var arguments: [String] = []
        for argument in node.place(call.arguments).nodes {
            guard let labeled = argument.as(RawLabeledExprSyntax.self) else { continue }
            labels.append(labeled.label.map(Self.string))
            arguments.append(text(argument.place(labeled.expression)))
        }
        return CallShape(name: name, base: base, labels: labels, arguments: arguments, hasTrailingClosure: call.trailingClosure != nil)
    }

    /// The call an expression evaluates to, looking through `try`, `await` and `try?`.
    private static func call(in expression: PlacedSyntax) -> PlacedSyntax? {
        if expression.raw.kind == .functionCallExpr { return expression }
        let inner = expression.child(RawTryExprSyntax.self, { $0.expression }) ?? expression.child(RawAwaitExprSyntax.self, { $0.expression })
        return inner.flatMap(call(in:))
    }

    /// `["A.b", "A.b.c"]` for `A.b.c`: the prefixes of a chain of plain names of at least two parts, shortest first; nil
    /// when the chain is not one of plain names (a call, a subscript or `?` inside it).
    static func namePrefixes(_ outermost: RawSyntax) -> [String]? {
        var members: [String] = []
        var expression = outermost
        while let access = expression.as(RawMemberAccessExprSyntax.self) {
            guard let base = access.base else { return nil }
            members.append(string(access.declName.baseName))
            expression = base.raw
        }
        guard let root = expression.as(RawDeclReferenceExprSyntax.self) else { return nil }
        var prefixes: [String] = []
        var text = string(root.baseName)
        for name in members.reversed().prefix(FactExtractor.recordedChainMembers) {
            text += "." + name
            prefixes.append(text)
        }
        return prefixes
    }

    private static func withoutSelf(_ text: String) -> String {
        text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }

    static func bounded(_ text: String, limit: Int = 200) -> String {
        let singleLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return singleLine.count <= limit ? singleLine : String(singleLine.prefix(limit - 1)) + "…"
    }
}

/// The raw declarations of named types: what `FactCollector.enterType` reads of each.
protocol RawTypeDeclaration: RawSyntaxNodeProtocol {
    var name: RawTokenSyntax { get }
    var attributes: RawAttributeListSyntax { get }
    var modifiers: RawDeclModifierListSyntax { get }
    var inheritanceClause: RawInheritanceClauseSyntax? { get }
}

extension RawStructDeclSyntax: RawTypeDeclaration {}
extension RawClassDeclSyntax: RawTypeDeclaration {}
extension RawActorDeclSyntax: RawTypeDeclaration {}
extension RawEnumDeclSyntax: RawTypeDeclaration {}
extension RawProtocolDeclSyntax: RawTypeDeclaration {}
