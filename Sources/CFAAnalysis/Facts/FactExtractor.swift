import Foundation
internal import SwiftParser
// The raw tree (SPI) for the depth check alone: walking it makes no node objects.
@_spi(RawSyntax) internal import SwiftSyntax

/// Parses one file with SwiftParser and keeps its facts; the syntax tree is dropped when this returns.
///
/// A file past `SourceLimits` is not parsed (or, when the tree turns out deeper than the pre-scan promised, not
/// walked): its facts are empty but for `refusal`, which the analysis reports as `cfa-gate.source-unreadable`.
/// Parse on a `ParserThread`: the limits keep the recursion bounded, the thread's stack is what holds it.
enum FactExtractor {
    /// A chain longer than this has its first prefixes recorded, up to this many members: no rule names a longer chain, and
    /// recording every prefix of a long one would cost the square of its length.
    static let recordedChainMembers = 32

    static func facts(path: String, source: String) -> FileFacts {
        if let refusal = refusal(before: source) {
            // Lines counted in bytes: a refused file may be megabytes, and is never walked character by character.
            var facts = FileFacts(path: path, lineCount: source.isEmpty ? 0 : 1 + source.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
            facts.refusal = refusal
            return facts
        }
        var facts = FileFacts(path: path, lineCount: lineCount(of: source))
        let tree = Parser.parse(source: source)
        let lines = LineTable(source)
        if isTree(tree, deeperThan: SourceLimits.maximumTreeDepth), let deepest = node(deeperThan: SourceLimits.maximumTreeDepth, in: tree) {
            facts.refusal = SourceRefusal(limit: .depth, line: lines.location(of: deepest.position.utf8Offset).line, measured: SourceLimits.maximumDepth)
            return facts
        }
        let collector = FactCollector(facts: facts, lines: lines)
        collector.walk(tree)
        // Every suppression comment holds the marker: a file without it has none, and its tokens need no second walk.
        if contains(SuppressionSyntax.marker, in: source) { collector.collectSuppressions(in: tree) }
        return collector.facts
    }

    /// Lines as the characters of `source` count them: a line feed is a character of its own unless a carriage return
    /// comes before it (`\r\n` is one character, and not a line feed). Counted in bytes, which costs far less than
    /// walking the characters.
    static func lineCount(of source: String) -> Int {
        if source.isEmpty { return 0 }
        var count = 1
        var previous: UInt8 = 0
        for byte in source.utf8 {
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") { count += 1 }
            previous = byte
        }
        return count
    }

    /// Whether `needle` occurs in `source`, compared byte by byte.
    static func contains(_ needle: String, in source: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        var text = source
        return text.withUTF8 { bytes in
            guard bytes.count >= pattern.count else { return false }
            var index = 0
            let last = bytes.count - pattern.count
            while index <= last {
                if bytes[index] == first && pattern.indices.allSatisfy({ bytes[index + $0] == pattern[$0] }) { return true }
                index += 1
            }
            return false
        }
    }

    /// Why `source` must not be parsed: it is larger than `SourceLimits.maximumBytes` (the line is where the limit is
    /// passed), or nests deeper than `SourceLimits.maximumDepth`.
    static func refusal(before source: String) -> SourceRefusal? {
        let size = source.utf8.count
        if size > SourceLimits.maximumBytes {
            let line = 1 + source.utf8.prefix(SourceLimits.maximumBytes).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            return SourceRefusal(limit: .size, line: line, measured: size)
        }
        return DepthScan.refusal(in: source)
    }

    /// Whether the tree has a node more than `limit` levels down, counted as `node(deeperThan:in:)` counts them (the
    /// children a source-accurate walk visits), on the raw tree: a walk over `Syntax` nodes makes an object per node,
    /// and the check runs on every file. Only a file that fails it is walked again to find the node.
    static func isTree(_ tree: SourceFileSyntax, deeperThan limit: Int) -> Bool {
        var pending: [(node: RawSyntax, depth: Int)] = [(tree.raw, 0)]
        while let (node, depth) = pending.popLast() {
            if depth > limit { return true }
            guard let layout = node.layoutView else { continue }
            for case let child? in layout.children where SyntaxTreeViewMode.sourceAccurate.shouldTraverse(node: child) {
                pending.append((child, depth + 1))
            }
        }
        return false
    }

    /// A node more than `limit` levels down, found without recursion; nil when the tree is shallower. The pre-scan
    /// bounds the depth from the text, this checks it on the tree itself before a recursive visitor walks it.
    static func node(deeperThan limit: Int, in tree: SourceFileSyntax) -> Syntax? {
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = pending.popLast() {
            if depth > limit { return node }
            for child in node.children(viewMode: .sourceAccurate) { pending.append((child, depth + 1)) }
        }
        return nil
    }
}

/// One walk over a file's syntax. Code inside `#if` blocks is visited like any other code: a SwiftUI view
/// behind `#if canImport(SwiftUI)` is still a view.
private final class FactCollector: SyntaxVisitor {
    var facts: FileFacts
    private let lines: LineTable
    /// Indices into `facts.types` of the types being walked, innermost last.
    private var typeStack: [Int] = []
    /// The member being walked (a property, function or initialiser), per type level.
    private var memberStack: [String?] = [nil]
    private var previewDepth = 0
    private var assignmentTargets: [SyntaxIdentifier: String] = [:]
    private var returnedCalls: Set<SyntaxIdentifier> = []

    init(facts: FileFacts, lines: LineTable) {
        self.facts = facts
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Where we are

    private var member: String? { memberStack.last ?? nil }
    private var inPreview: Bool { previewDepth > 0 }
    private var atTypeMemberLevel: Bool { !typeStack.isEmpty && member == nil }

    private func location(_ node: some SyntaxProtocol) -> SourceLocation {
        let position = firstToken(Syntax(node))?.positionAfterSkippingLeadingTrivia ?? node.positionAfterSkippingLeadingTrivia
        let place = lines.location(of: position.utf8Offset)
        return SourceLocation(line: place.line, column: place.column)
    }

    /// First tokens of nodes whose first token lies far down: in a chain n deep (`f()()…`, `a.b().c()…`) every call asks
    /// where it starts, and walking down from each one again would cost n² for the chain.
    private var firstTokens: [SyntaxIdentifier: TokenSyntax] = [:]
    private static let memoizedFirstTokenDepth = 16

    /// The node's first present token, found without recursion.
    private func firstToken(_ node: Syntax) -> TokenSyntax? {
        var path: [SyntaxIdentifier] = []
        var current = node
        var found: TokenSyntax?
        while true {
            if !firstTokens.isEmpty, let known = firstTokens[current.id] {
                found = known
                break
            }
            if let token = current.as(TokenSyntax.self) {
                found = token
                break
            }
            path.append(current.id)
            guard let child = current.children(viewMode: .sourceAccurate).first(where: { $0.totalLength.utf8Length > 0 }) else { break }
            current = child
        }
        if let found, path.count > Self.memoizedFirstTokenDepth {
            for id in path { firstTokens[id] = found }
        }
        return found
    }

    /// `text(of:limit:)` from the memoized first token on: for the callee of every call, which in a deep chain is deep.
    private func leadingText(of node: some SyntaxProtocol, limit: Int) -> String {
        guard let first = firstToken(Syntax(node)) else { return "" }
        let end = node.endPosition
        let tokens = sequence(first: first) { $0.nextToken(viewMode: .sourceAccurate) }.lazy.prefix { $0.position < end }
        return Self.text(of: tokens, limit: limit)
    }

    private func updateScope(_ change: (inout ScopeFacts) -> Void) {
        if let index = typeStack.last { change(&facts.types[index].scope) } else { change(&facts.fileScope) }
    }

    // MARK: Types

    private func enterType(
        _ name: String, _ kind: TypeFacts.Kind, _ node: some SyntaxProtocol, attributes: AttributeListSyntax,
        modifiers: DeclModifierListSyntax, inheritance: InheritanceClauseSyntax?
    ) {
        var type = TypeFacts(name: name, kind: kind, location: location(node))
        type.enclosing = typeStack.map { facts.types[$0].name }
        type.attributes = attributeFacts(attributes)
        type.modifiers = modifiers.map { $0.name.text }
        type.inheritedTypes = inheritance?.inheritedTypes.map { Self.text(of: $0.type, limit: 500) } ?? []
        let isPreviewProvider = type.inherits("PreviewProvider")
        type.isPreviewOnly = inPreview || isPreviewProvider
        facts.types.append(type)
        typeStack.append(facts.types.count - 1)
        memberStack.append(nil)
        if isPreviewProvider { previewDepth += 1 }
    }

    private func leaveType() {
        if let index = typeStack.last, facts.types[index].inherits("PreviewProvider") { previewDepth -= 1 }
        typeStack.removeLast()
        memberStack.removeLast()
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .struct, node, attributes: node.attributes, modifiers: node.modifiers, inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { leaveType() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .class, node, attributes: node.attributes, modifiers: node.modifiers, inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { leaveType() }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .actor, node, attributes: node.attributes, modifiers: node.modifiers, inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ActorDeclSyntax) { leaveType() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .enum, node, attributes: node.attributes, modifiers: node.modifiers, inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { leaveType() }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(node.name.text, .protocol, node, attributes: node.attributes, modifiers: node.modifiers, inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { leaveType() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enterType(
            Self.text(of: node.extendedType, limit: 500), .extension, node, attributes: node.attributes, modifiers: node.modifiers,
            inheritance: node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { leaveType() }

    // MARK: Members

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard atTypeMemberLevel, let typeIndex = typeStack.last else { return .visitChildren }
        let attributes = attributeFacts(node.attributes)
        let modifiers = node.modifiers.map { modifier in
            modifier.detail.map { "\(modifier.name.text)(\($0.detail.text))" } ?? modifier.name.text
        }
        let isStatic = modifiers.contains("static") || modifiers.contains("class")
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            let isStored = binding.accessorBlock.map(Self.hasOnlyObservers) ?? true
            facts.types[typeIndex].properties.append(
                PropertyFact(
                    name: Self.name(of: binding.pattern), location: location(binding), attributes: attributes,
                    modifiers: modifiers, isStatic: isStatic, isLet: isLet, isStored: isStored,
                    typeText: binding.typeAnnotation.map { Self.text(of: $0.type, limit: 500) },
                    initializer: binding.initializer.map { expressionFact($0.value) }))
        }
        memberStack[memberStack.count - 1] = node.bindings.first.map { Self.name(of: $0.pattern) }
        enteredProperties.append(node.id)
        return .visitChildren
    }

    private var enteredProperties: [SyntaxIdentifier] = []

    override func visitPost(_ node: VariableDeclSyntax) {
        guard enteredProperties.last == node.id else { return }
        enteredProperties.removeLast()
        memberStack[memberStack.count - 1] = nil
    }

    /// `name` for the common `let name` pattern, the pattern's text otherwise.
    private static func name(of pattern: PatternSyntax) -> String {
        pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? text(of: pattern)
    }

    private static func hasOnlyObservers(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }

    private func enterFunction(
        _ name: String, _ node: some SyntaxProtocol, modifiers: DeclModifierListSyntax, signature: FunctionSignatureSyntax?,
        body: CodeBlockSyntax?
    ) -> Bool {
        guard member == nil else { return false }
        let modifierNames = modifiers.map { $0.name.text }
        let function = FunctionFact(
            name: name, location: location(node), modifiers: modifierNames,
            isStatic: modifierNames.contains("static") || modifierNames.contains("class"),
            isAsync: signature?.effectSpecifiers?.asyncSpecifier != nil,
            parameters: signature.map { parameterFacts($0.parameterClause) } ?? [],
            returnType: signature?.returnClause.map { Self.text(of: $0.type, limit: 500) },
            bodyLocation: body.map { location($0) })
        if let typeIndex = typeStack.last { facts.types[typeIndex].functions.append(function) }
        memberStack[memberStack.count - 1] = name
        return true
    }

    private var enteredFunctions: [SyntaxIdentifier] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if enterFunction(node.name.text, node, modifiers: node.modifiers, signature: node.signature, body: node.body) { enteredFunctions.append(node.id) }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { leaveFunction(node.id) }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if enterFunction("init", node, modifiers: node.modifiers, signature: node.signature, body: node.body) { enteredFunctions.append(node.id) }
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) { leaveFunction(node.id) }

    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if enterFunction("deinit", node, modifiers: node.modifiers, signature: nil, body: node.body) { enteredFunctions.append(node.id) }
        return .visitChildren
    }
    override func visitPost(_ node: DeinitializerDeclSyntax) { leaveFunction(node.id) }

    private func leaveFunction(_ id: SyntaxIdentifier) {
        guard enteredFunctions.last == id else { return }
        enteredFunctions.removeLast()
        memberStack[memberStack.count - 1] = nil
    }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let typeIndex = typeStack.last else { return .visitChildren }
        for element in node.elements {
            facts.types[typeIndex].enumCases.append(
                EnumCaseFact(
                    name: element.name.text,
                    associatedTypes: element.parameterClause?.parameters.map { Self.text(of: $0.type, limit: 500) } ?? [],
                    location: location(element)))
        }
        return .visitChildren
    }

    // MARK: Previews and debug-only code

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { previewDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionExprSyntax) {
        if node.macroName.text == "Preview" { previewDepth -= 1 }
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" { previewDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: MacroExpansionDeclSyntax) {
        if node.macroName.text == "Preview" { previewDepth -= 1 }
    }

    /// `#if DEBUG` code is development scaffolding (previews, sample data); rules about who builds what skip it.
    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        if Self.isDebugOnly(node) { previewDepth += 1 }
        return .visitChildren
    }
    override func visitPost(_ node: IfConfigClauseSyntax) {
        if Self.isDebugOnly(node) { previewDepth -= 1 }
    }

    private static func isDebugOnly(_ clause: IfConfigClauseSyntax) -> Bool {
        clause.poundKeyword.tokenKind == .poundIf && clause.condition.map { Self.text(of: $0) } == "DEBUG"
    }

    // MARK: Code inside members

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let call = CallFact(
            shape: callShape(node), location: location(node), member: member, inPreview: inPreview,
            assignedTo: assignmentTargets[node.id], isReturned: returnedCalls.contains(node.id),
            runsIn: laterClosures.last, isStatement: Self.isStatement(node))
        updateScope { $0.calls.append(call) }
        return .visitChildren
    }

    /// A call standing as a statement: `feature.startLoading()`, `try await feature.save()`.
    private static func isStatement(_ call: FunctionCallExprSyntax) -> Bool {
        var node = Syntax(call)
        while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
        return node.parent?.is(CodeBlockItemSyntax.self) == true
    }

    // MARK: Closures that run later

    /// Calls whose closure arguments run later: when the user acts (a Button's action, a gesture, a submitted field, a
    /// swipe-to-delete or move) or as a Task. Code in them is recorded with the call's name (`CallFact.runsIn`).
    static let laterNames: Set<String> = [
        "Button", "onTapGesture", "onLongPressGesture", "onSubmit", "onDelete", "onMove", "onEnded", "Task", "detached",
    ]

    /// The names of the calls whose later-running closures are being walked, innermost last.
    private var laterClosures: [String] = []
    private var laterClosureIDs: Set<SyntaxIdentifier> = []

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = Self.callOwning(node).map(Self.calledName), Self.laterNames.contains(name) {
            laterClosures.append(name)
            laterClosureIDs.insert(node.id)
        }
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) {
        if laterClosureIDs.remove(node.id) != nil { laterClosures.removeLast() }
    }

    /// The call a closure is an argument of: its trailing closure, an extra trailing closure, or a labelled argument.
    private static func callOwning(_ closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        var node = closure.parent
        if node?.is(LabeledExprSyntax.self) == true || node?.is(MultipleTrailingClosureElementSyntax.self) == true {
            node = node?.parent?.parent
        }
        return node?.as(FunctionCallExprSyntax.self)
    }

    /// `Button` for `Button("Add") { … }`, `onTapGesture` for `.onTapGesture { … }`.
    private static func calledName(_ call: FunctionCallExprSyntax) -> String {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self) { return access.declName.baseName.text }
        return ""
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.initializer?.value, let call = Self.call(in: value) {
            assignmentTargets[call.id] = Self.name(of: node.pattern)
        }
        return .visitChildren
    }

    /// The parser leaves operators unfolded, so `a = b` arrives as the sequence `a`, `=`, `b`.
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count >= 3, let operatorText = Self.assignmentOperator(elements[1]) else { return .visitChildren }
        let target = Self.withoutSelf(Self.text(of: elements[0], limit: 120))
        let valueText = elements[2...].map { Self.text(of: $0) }.joined(separator: " ")
        if operatorText == "=", elements.count == 3, let call = Self.call(in: elements[2]) { assignmentTargets[call.id] = target }
        let assignment = AssignmentFact(
            target: target, value: Self.bounded(valueText), location: location(node), member: member, operatorText: operatorText)
        updateScope { $0.assignments.append(assignment) }
        return .visitChildren
    }

    /// `=`, or a compound assignment operator (`+=`, `-=`, `??=`…): an operator ending in `=` that is no comparison.
    private static func assignmentOperator(_ element: ExprSyntax) -> String? {
        if element.is(AssignmentExprSyntax.self) { return "=" }
        guard let binary = element.as(BinaryOperatorExprSyntax.self) else { return nil }
        let text = binary.operator.text
        guard text.count >= 2, text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) else { return nil }
        return text
    }

    override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
        if let expression = node.expression, let call = Self.call(in: expression) { returnedCalls.insert(call.id) }
        return .visitChildren
    }

    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
        recordCondition(node.conditions)
        return .visitChildren
    }

    override func visit(_ node: GuardStmtSyntax) -> SyntaxVisitorContinueKind {
        recordCondition(node.conditions)
        return .visitChildren
    }

    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind {
        recordCondition(node.conditions)
        return .visitChildren
    }

    private func recordCondition(_ conditions: ConditionElementListSyntax) {
        let fact = StatementFact(text: Self.text(of: conditions), location: location(conditions), member: member)
        updateScope { $0.conditions.append(fact) }
    }

    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind {
        let fact = StatementFact(text: Self.text(of: node), location: location(node), member: member)
        updateScope { $0.awaits.append(fact) }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        addReference(node.baseName.text, node)
        return .visitChildren
    }

    /// Chains of plain names (`AppModel.shared.habitsFeature`, `Bundle.main`) are kept whole as well, with each of their
    /// prefixes. The chain is read once, from its outermost member, without recursion: reading it again from every
    /// member inside it made a chain of n members cost n² (and its recursion overflowed the stack).
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let isInnerMember = node.parent?.as(MemberAccessExprSyntax.self)?.base?.id == node.id
        if !isInnerMember, let prefixes = Self.namePrefixes(node) {
            let place = location(node)
            for name in prefixes.reversed() {
                updateScope { $0.references.append(ReferenceFact(name: name, location: place, member: member, inPreview: inPreview)) }
            }
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        addReference(node.name.text, node)
        return .visitChildren
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        addReference(Self.text(of: node, limit: 500), node)
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        facts.attributeUses.append(AttributeUse(name: Self.text(of: node.attributeName, limit: 500), location: location(node)))
        return .visitChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        if let detail = node.detail {
            facts.modifierUses.append(AttributeUse(name: "\(node.name.text)(\(detail.detail.text))", location: location(node)))
        }
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        facts.imports.append(ImportFact(module: Self.text(of: node.path, limit: 500), location: location(node)))
        return .skipChildren
    }

    private func addReference(_ name: String, _ node: some SyntaxProtocol) {
        let reference = ReferenceFact(name: name, location: location(node), member: member, inPreview: inPreview)
        updateScope { $0.references.append(reference) }
    }

    // MARK: Suppressions

    func collectSuppressions(in tree: SourceFileSyntax) {
        for token in tree.tokens(viewMode: .sourceAccurate) {
            // Leading trivia sits on lines of its own (it ends before the token); trailing trivia ends a line.
            var position = token.position
            for piece in token.leadingTrivia {
                record(piece, at: position, endsALine: false)
                position = position.advanced(by: piece.sourceLength.utf8Length)
            }
            position = token.endPositionBeforeTrailingTrivia
            for piece in token.trailingTrivia {
                record(piece, at: position, endsALine: true)
                position = position.advanced(by: piece.sourceLength.utf8Length)
            }
        }
    }

    private func record(_ piece: TriviaPiece, at position: AbsolutePosition, endsALine: Bool) {
        guard case .lineComment(let text) = piece, let suppression = SuppressionSyntax.parse(comment: text) else { return }
        let place = lines.location(of: position.utf8Offset)
        facts.suppressions.append(
            SuppressionFact(
                ruleIDs: suppression.ruleIDs, reason: suppression.reason,
                location: SourceLocation(line: place.line, column: place.column),
                coveredLine: endsALine ? place.line : place.line + 1))
    }

    // MARK: Shapes

    private func attributeFacts(_ list: AttributeListSyntax) -> [AttributeFact] {
        list.compactMap { element in
            guard case .attribute(let attribute) = element else { return nil }
            return AttributeFact(
                name: Self.text(of: attribute.attributeName, limit: 500),
                arguments: attribute.arguments.map { Self.text(of: $0) })
        }
    }

    private func parameterFacts(_ clause: FunctionParameterClauseSyntax) -> [ParameterFact] {
        clause.parameters.map { parameter in
            let first = parameter.firstName.text
            return ParameterFact(
                label: first == "_" ? nil : first, name: parameter.secondName?.text ?? first,
                typeText: Self.text(of: parameter.type, limit: 500),
                defaultValue: parameter.defaultValue.map { Self.text(of: $0.value) },
                location: location(parameter))
        }
    }

    private func expressionFact(_ expression: ExprSyntax) -> ExpressionFact {
        ExpressionFact(text: Self.text(of: expression), call: Self.call(in: expression).map(callShape))
    }

    private func callShape(_ node: FunctionCallExprSyntax) -> CallShape {
        var called = node.calledExpression
        if let specialised = called.as(GenericSpecializationExprSyntax.self) { called = specialised.expression }
        let name: String
        var base: String?
        if let reference = called.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let access = called.as(MemberAccessExprSyntax.self) {
            name = access.declName.baseName.text
            base = access.base.map { Self.withoutSelf(leadingText(of: $0, limit: 80)) }
        } else {
            name = leadingText(of: called, limit: 80)
        }
        return CallShape(
            name: name, base: base, labels: node.arguments.map { $0.label?.text },
            arguments: node.arguments.map { Self.text(of: $0.expression) },
            hasTrailingClosure: node.trailingClosure != nil)
    }

    /// The call an expression evaluates to, looking through `try`, `await` and `try?`.
    private static func call(in expression: ExprSyntax) -> FunctionCallExprSyntax? {
        if let call = expression.as(FunctionCallExprSyntax.self) { return call }
        if let tried = expression.as(TryExprSyntax.self) { return call(in: tried.expression) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return call(in: awaited.expression) }
        return nil
    }

    /// `["A.b", "A.b.c"]` for `A.b.c`: the prefixes of a chain of plain names of at least two parts, shortest first; nil
    /// when the chain is not one of plain names (a call, a subscript or `?` inside it).
    static func namePrefixes(_ outermost: MemberAccessExprSyntax) -> [String]? {
        var members: [String] = []
        var expression = ExprSyntax(outermost)
        while let access = expression.as(MemberAccessExprSyntax.self) {
            guard let base = access.base else { return nil }
            members.append(access.declName.baseName.text)
            expression = base
        }
        guard let root = expression.as(DeclReferenceExprSyntax.self) else { return nil }
        var prefixes: [String] = []
        var text = root.baseName.text
        for name in members.reversed().prefix(FactExtractor.recordedChainMembers) {
            text += "." + name
            prefixes.append(text)
        }
        return prefixes
    }

    private static func withoutSelf(_ text: String) -> String {
        text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
    }

    /// An expression's text, on one line, at most `limit` characters. Built from the tokens and stopped at the
    /// limit, so a call whose argument is a large closure costs no more than its first words — printing the
    /// whole subtree for every nested call would make deep SwiftUI bodies quadratic.
    static func text(of node: some SyntaxProtocol, limit: Int = 200) -> String {
        text(of: node.tokens(viewMode: .sourceAccurate), limit: limit)
    }

    static func text(of tokens: some Sequence<TokenSyntax>, limit: Int) -> String {
        var text = ""
        var count = 0
        var pendingSpace = false
        for token in tokens {
            // Trivia lengths, not trivia: asking for the pieces builds an array for every token.
            if count > 0 && (pendingSpace || token.leadingTriviaLength.utf8Length > 0) {
                text.append(" ")
                count += 1
            }
            let piece = token.text
            text.append(piece)
            count += piece.count
            if count >= limit { return String(text.prefix(limit - 1)) + "…" }
            pendingSpace = token.trailingTriviaLength.utf8Length > 0
        }
        return text
    }

    static func bounded(_ text: String, limit: Int = 200) -> String {
        let singleLine = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return singleLine.count <= limit ? singleLine : String(singleLine.prefix(limit - 1)) + "…"
    }
}
