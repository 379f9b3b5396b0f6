/// The compact binary form of `FileFacts` kept in the cache: fields in a fixed order, integers as
/// variable-length numbers, strings as length and UTF-8 bytes, optionals behind a presence byte.
///
/// Written by hand rather than through `Codable`: a warm run decodes every file's facts, and the generic
/// containers of `Codable` cost more than the rest of the warm run together (measured: over half of it).
/// The price is that a field added to the facts must be added here too; `fields` lists what is written,
/// and a test compares it with the facts types' stored properties, so a forgotten field fails the build's
/// tests rather than silently vanishing from cached facts. Entries written by an older layout are never
/// read: the executable's build id is part of the cache key.
enum FactsCodec {
    /// The stored properties written for each facts type, in order.
    static let fields: [String: [String]] = [
        "FileFacts": ["path", "lineCount", "imports", "types", "fileScope", "attributeUses", "modifierUses", "suppressions", "compilationClauses", "refusal"],
        "CompilationClause": ["block", "condition", "start", "end"],
        "SourceRefusal": ["limit", "line", "measured"],
        "SourceLocation": ["line", "column"],
        "ImportFact": ["module", "location", "guardedByCanImport"],
        "AttributeUse": ["name", "location"],
        "SuppressionFact": ["ruleIDs", "reason", "location", "coveredLine"],
        "TypeFacts": [
            "name", "kind", "location", "enclosing", "attributes", "modifiers", "inheritedTypes", "properties", "functions", "enumCases",
            "scope", "isPreviewOnly",
        ],
        "AttributeFact": ["name", "arguments"],
        "PropertyFact": ["name", "location", "attributes", "modifiers", "isStatic", "isLet", "isStored", "typeText", "initializer"],
        "ExpressionFact": ["text", "call"],
        "CallShape": ["name", "base", "labels", "arguments", "hasTrailingClosure"],
        "ParameterFact": ["label", "name", "typeText", "defaultValue", "location"],
        "FunctionFact": ["name", "location", "modifiers", "isStatic", "isAsync", "parameters", "returnType", "bodyLocation"],
        "EnumCaseFact": ["name", "associatedTypes", "location"],
        "ScopeFacts": ["references", "calls", "assignments", "conditions", "awaits"],
        "ReferenceFact": ["name", "location", "member", "inPreview"],
        "CallFact": ["shape", "location", "member", "inPreview", "assignedTo", "isReturned", "runsIn", "isStatement"],
        "AssignmentFact": ["target", "value", "location", "member", "operatorText"],
        "StatementFact": ["text", "location", "member"],
    ]

    static func encode(_ facts: FileFacts) -> [UInt8] {
        var writer = FactsWriter()
        writer.file(facts)
        return writer.bytes
    }

    static func decode(_ bytes: ArraySlice<UInt8>) throws(FactsReader.Malformed) -> FileFacts {
        var reader = FactsReader(bytes)
        let facts = try reader.file()
        guard reader.isAtEnd else { throw .malformed }
        return facts
    }
}

// MARK: Writing

struct FactsWriter {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(16 << 10) }

    /// Appends to `prefix`.
    init(continuing prefix: [UInt8]) { bytes = prefix }

    /// The bytes written, leaving the writer empty, so that they are not shared (and copied when changed).
    mutating func takeBytes() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    mutating func appendBytes<Bytes: Collection<UInt8>>(_ value: Bytes) { bytes.append(contentsOf: value) }

    /// LEB128 after zig-zag: seven bits a byte, so lines, columns and counts mostly take one byte.
    mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value << 1) ^ Int64(value >> 63))
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func bool(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func string(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optional<Value>(_ value: Value?, _ write: (inout FactsWriter, Value) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    mutating func array<Value>(_ values: [Value], _ write: (inout FactsWriter, Value) -> Void) {
        int(values.count)
        for value in values { write(&self, value) }
    }

    mutating func strings(_ values: [String]) { array(values) { $0.string($1) } }
    mutating func optionalString(_ value: String?) { optional(value) { $0.string($1) } }

    mutating func file(_ facts: FileFacts) {
        string(facts.path)
        int(facts.lineCount)
        array(facts.imports) { writer, fact in
            writer.string(fact.module)
            writer.location(fact.location)
            writer.bool(fact.guardedByCanImport)
        }
        array(facts.types) { $0.type($1) }
        scope(facts.fileScope)
        array(facts.attributeUses) { $0.attributeUse($1) }
        array(facts.modifierUses) { $0.attributeUse($1) }
        array(facts.suppressions) { writer, fact in
            writer.strings(fact.ruleIDs)
            writer.optionalString(fact.reason)
            writer.location(fact.location)
            writer.int(fact.coveredLine)
        }
        array(facts.compilationClauses) { writer, clause in
            writer.int(clause.block)
            writer.optionalString(clause.condition)
            writer.location(clause.start)
            writer.location(clause.end)
        }
        optional(facts.refusal) { writer, refusal in
            writer.string(refusal.limit.rawValue)
            writer.int(refusal.line)
            writer.int(refusal.measured)
        }
    }

    mutating func location(_ location: SourceLocation) {
        int(location.line)
        int(location.column)
    }

    mutating func attributeUse(_ use: AttributeUse) {
        string(use.name)
        location(use.location)
    }

    mutating func attribute(_ attribute: AttributeFact) {
        string(attribute.name)
        optionalString(attribute.arguments)
    }

    mutating func type(_ type: TypeFacts) {
        string(type.name)
        string(type.kind.rawValue)
        location(type.location)
        strings(type.enclosing)
        array(type.attributes) { $0.attribute($1) }
        strings(type.modifiers)
        strings(type.inheritedTypes)
        array(type.properties) { writer, property in
            writer.string(property.name)
            writer.location(property.location)
            writer.array(property.attributes) { $0.attribute($1) }
            writer.strings(property.modifiers)
            writer.bool(property.isStatic)
            writer.bool(property.isLet)
            writer.bool(property.isStored)
            writer.optionalString(property.typeText)
            writer.optional(property.initializer) { writer, expression in
                writer.string(expression.text)
                writer.optional(expression.call) { $0.callShape($1) }
            }
        }
        array(type.functions) { writer, function in
            writer.string(function.name)
            writer.location(function.location)
            writer.strings(function.modifiers)
            writer.bool(function.isStatic)
            writer.bool(function.isAsync)
            writer.array(function.parameters) { writer, parameter in
                writer.optionalString(parameter.label)
                writer.string(parameter.name)
                writer.string(parameter.typeText)
                writer.optionalString(parameter.defaultValue)
                writer.location(parameter.location)
            }
            writer.optionalString(function.returnType)
            writer.optional(function.bodyLocation) { $0.location($1) }
        }
        array(type.enumCases) { writer, enumCase in
            writer.string(enumCase.name)
            writer.strings(enumCase.associatedTypes)
            writer.location(enumCase.location)
        }
        scope(type.scope)
        bool(type.isPreviewOnly)
    }

    mutating func callShape(_ shape: CallShape) {
        string(shape.name)
        optionalString(shape.base)
        array(shape.labels) { $0.optionalString($1) }
        strings(shape.arguments)
        bool(shape.hasTrailingClosure)
    }

    mutating func scope(_ scope: ScopeFacts) {
        array(scope.references) { writer, reference in
            writer.string(reference.name)
            writer.location(reference.location)
            writer.optionalString(reference.member)
            writer.bool(reference.inPreview)
        }
        array(scope.calls) { writer, call in
            writer.callShape(call.shape)
            writer.location(call.location)
            writer.optionalString(call.member)
            writer.bool(call.inPreview)
            writer.optionalString(call.assignedTo)
            writer.bool(call.isReturned)
            writer.optionalString(call.runsIn)
            writer.bool(call.isStatement)
        }
        array(scope.assignments) { writer, assignment in
            writer.string(assignment.target)
            writer.string(assignment.value)
            writer.location(assignment.location)
            writer.optionalString(assignment.member)
            writer.string(assignment.operatorText)
        }
        array(scope.conditions) { $0.statement($1) }
        array(scope.awaits) { $0.statement($1) }
    }

    mutating func statement(_ statement: StatementFact) {
        string(statement.text)
        location(statement.location)
        optionalString(statement.member)
    }
}

// MARK: Reading

/// Reads what `FactsWriter` wrote, in the same order; anything else is `Malformed`.
struct FactsReader {
    enum Malformed: Error { case malformed }

    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var isAtEnd: Bool { position == bytes.endIndex }

    /// Bytes behind their length, as a slice of the bytes read (no copy).
    mutating func raw() throws(Malformed) -> ArraySlice<UInt8> {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - position else { throw .malformed }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    private mutating func byte() throws(Malformed) -> UInt8 {
        guard position < bytes.endIndex else { throw .malformed }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int() throws(Malformed) -> Int {
        var raw: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw .malformed }
            raw |= UInt64(next & 0x7f) << shift
            if next & 0x80 == 0 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
    }

    mutating func bool() throws(Malformed) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        default: throw .malformed
        }
    }

    mutating func string() throws(Malformed) -> String {
        let count = try int()
        guard count >= 0, count <= bytes.endIndex - position else { throw .malformed }
        defer { position += count }
        return String(decoding: bytes[position..<(position + count)], as: UTF8.self)
    }

    mutating func optional<Value>(_ read: (inout FactsReader) throws(Malformed) -> Value) throws(Malformed) -> Value? {
        try bool() ? try read(&self) : nil
    }

    mutating func array<Value>(_ read: (inout FactsReader) throws(Malformed) -> Value) throws(Malformed) -> [Value] {
        let count = try int()
        // Every element takes at least one byte: a count beyond the bytes left is damage, not a huge array.
        guard count >= 0, count <= bytes.endIndex - position else { throw .malformed }
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try read(&self)) }
        return values
    }

    mutating func strings() throws(Malformed) -> [String] { try array { reader throws(Malformed) in try reader.string() } }
    mutating func optionalString() throws(Malformed) -> String? { try optional { reader throws(Malformed) in try reader.string() } }

    mutating func file() throws(Malformed) -> FileFacts {
        var facts = FileFacts(path: try string(), lineCount: try int())
        facts.imports = try array { reader throws(Malformed) in
            ImportFact(module: try reader.string(), location: try reader.location(), guardedByCanImport: try reader.bool())
        }
        facts.types = try array { reader throws(Malformed) in try reader.type() }
        facts.fileScope = try scope()
        facts.attributeUses = try array { reader throws(Malformed) in try reader.attributeUse() }
        facts.modifierUses = try array { reader throws(Malformed) in try reader.attributeUse() }
        facts.suppressions = try array { reader throws(Malformed) in
            SuppressionFact(ruleIDs: try reader.strings(), reason: try reader.optionalString(), location: try reader.location(), coveredLine: try reader.int())
        }
        facts.compilationClauses = try array { reader throws(Malformed) in
            CompilationClause(block: try reader.int(), condition: try reader.optionalString(), start: try reader.location(), end: try reader.location())
        }
        facts.refusal = try optional { reader throws(Malformed) in
            guard let limit = SourceRefusal.Limit(rawValue: try reader.string()) else { throw .malformed }
            return SourceRefusal(limit: limit, line: try reader.int(), measured: try reader.int())
        }
        return facts
    }

    mutating func location() throws(Malformed) -> SourceLocation { SourceLocation(line: try int(), column: try int()) }

    mutating func attributeUse() throws(Malformed) -> AttributeUse { AttributeUse(name: try string(), location: try location()) }

    mutating func attribute() throws(Malformed) -> AttributeFact { AttributeFact(name: try string(), arguments: try optionalString()) }

    mutating func type() throws(Malformed) -> TypeFacts {
        let name = try string()
        guard let kind = TypeFacts.Kind(rawValue: try string()) else { throw .malformed }
        var type = TypeFacts(name: name, kind: kind, location: try location())
        type.enclosing = try strings()
        type.attributes = try array { reader throws(Malformed) in try reader.attribute() }
        type.modifiers = try strings()
        type.inheritedTypes = try strings()
        type.properties = try array { reader throws(Malformed) in
            PropertyFact(
                name: try reader.string(), location: try reader.location(),
                attributes: try reader.array { reader throws(Malformed) in try reader.attribute() }, modifiers: try reader.strings(),
                isStatic: try reader.bool(), isLet: try reader.bool(), isStored: try reader.bool(), typeText: try reader.optionalString(),
                initializer: try reader.optional { reader throws(Malformed) in
                    ExpressionFact(text: try reader.string(), call: try reader.optional { reader throws(Malformed) in try reader.callShape() })
                })
        }
        type.functions = try array { reader throws(Malformed) in
            FunctionFact(
                name: try reader.string(), location: try reader.location(), modifiers: try reader.strings(), isStatic: try reader.bool(),
                isAsync: try reader.bool(),
                parameters: try reader.array { reader throws(Malformed) in
                    ParameterFact(
                        label: try reader.optionalString(), name: try reader.string(), typeText: try reader.string(),
                        defaultValue: try reader.optionalString(), location: try reader.location())
                },
                returnType: try reader.optionalString(), bodyLocation: try reader.optional { reader throws(Malformed) in try reader.location() })
        }
        type.enumCases = try array { reader throws(Malformed) in
            EnumCaseFact(name: try reader.string(), associatedTypes: try reader.strings(), location: try reader.location())
        }
        type.scope = try scope()
        type.isPreviewOnly = try bool()
        return type
    }

    mutating func callShape() throws(Malformed) -> CallShape {
        CallShape(
            name: try string(), base: try optionalString(), labels: try array { reader throws(Malformed) in try reader.optionalString() },
            arguments: try strings(), hasTrailingClosure: try bool())
    }

    mutating func scope() throws(Malformed) -> ScopeFacts {
        var scope = ScopeFacts()
        scope.references = try array { reader throws(Malformed) in
            ReferenceFact(name: try reader.string(), location: try reader.location(), member: try reader.optionalString(), inPreview: try reader.bool())
        }
        scope.calls = try array { reader throws(Malformed) in
            CallFact(
                shape: try reader.callShape(), location: try reader.location(), member: try reader.optionalString(), inPreview: try reader.bool(),
                assignedTo: try reader.optionalString(), isReturned: try reader.bool(), runsIn: try reader.optionalString(),
                isStatement: try reader.bool())
        }
        scope.assignments = try array { reader throws(Malformed) in
            AssignmentFact(
                target: try reader.string(), value: try reader.string(), location: try reader.location(), member: try reader.optionalString(),
                operatorText: try reader.string())
        }
        scope.conditions = try array { reader throws(Malformed) in try reader.statement() }
        scope.awaits = try array { reader throws(Malformed) in try reader.statement() }
        return scope
    }

    mutating func statement() throws(Malformed) -> StatementFact {
        StatementFact(text: try string(), location: try location(), member: try optionalString())
    }
}

// MARK: Snapshot fields

extension FactsWriter {
    /// Bytes behind their length, copied as they are.
    mutating func raw<Bytes: Collection<UInt8>>(_ value: Bytes) {
        int(value.count)
        appendBytes(value)
    }

    mutating func timestamp(_ value: FileStamp.Timestamp) {
        int(Int(value.seconds))
        int(Int(value.nanoseconds))
    }
}

extension FactsReader {
    mutating func timestamp() throws(Malformed) -> FileStamp.Timestamp {
        FileStamp.Timestamp(seconds: Int64(try int()), nanoseconds: Int64(try int()))
    }
}
