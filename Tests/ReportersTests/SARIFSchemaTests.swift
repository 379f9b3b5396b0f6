import GateTestSupport
import Foundation
import Testing
@testable import Reporters
@testable import Verdict

/// Every log cfa-gate writes validates against the official SARIF 2.1.0 schema (a verbatim copy of
/// /work/shared/schemas/sarif-schema-2.1.0.json, errata 01, kept in Golden/sarif so the tests need no network).
struct SARIFSchemaTests {
    static let checker: SARIFSchemaChecker? = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/sarif/sarif-schema-2.1.0.json")
        return (try? Data(contentsOf: url)).flatMap { try? SARIFJSONValue.decode($0) }.map(SARIFSchemaChecker.init)
    }()

    @Test("a verdict's log is valid SARIF 2.1.0", arguments: JUnitSARIFGoldens.samples.keys.sorted())
    func verdictLogIsValid(sample: String) throws {
        let checker = try #require(Self.checker)
        let statement = try #require(JUnitSARIFGoldens.samples[sample])
        for repositoryURI in [SARIFSampleRules.repositoryURI, nil] {
            let log = try SARIFJSONValue.decode(SARIFReport.render(statement, rules: SARIFSampleRules.catalog, repositoryURI: repositoryURI))
            #expect(checker.errors(in: log) == [])
        }
    }

    @Test func analyzeLogIsValid() throws {
        let checker = try #require(Self.checker)
        for findings in [SARIFSampleRules.ruleFindings, []] {
            let log = try SARIFJSONValue.decode(SARIFReport.render(
                findings: findings, rules: SARIFSampleRules.catalog, repositoryURI: SARIFSampleRules.repositoryURI, toolVersion: "0.1.0"))
            #expect(checker.errors(in: log) == [])
        }
    }

    @Test func theSchemaURIIsTheSchemasOwnID() throws {
        let checker = try #require(Self.checker)
        #expect(checker.root["id"] == .string(SARIFReport.schemaURI))
    }

    /// The checker must catch the mistakes it exists for, or the tests above prove nothing.
    @Test("the checker rejects a broken log", arguments: SARIFBrokenLog.allCases)
    func checkerRejects(broken: SARIFBrokenLog) throws {
        let checker = try #require(Self.checker)
        var log = try SARIFJSONValue.decode(SARIFReport.render(SampleVerdicts.failing, rules: SARIFSampleRules.catalog, repositoryURI: nil))
        broken.apply(to: &log)
        let errors = checker.errors(in: log)
        #expect(errors.contains { $0.contains(broken.expectedError) }, "\(errors)")
    }
}

/// One mistake each, at the place a hand-written SARIF writer tends to make it.
enum SARIFBrokenLog: String, CaseIterable, Sendable {
    case wrongVersion, resultWithoutMessage, unknownResultProperty, unknownLevel, zeroStartLine, ruleIndexAsString
    case duplicateTags, missingDriverName, messageWithNeitherTextNorID

    var expectedError: String {
        switch self {
        case .wrongVersion: "$.version: not one of"
        case .resultWithoutMessage: "$.runs[0].results[0]: missing required property message"
        case .unknownResultProperty: "$.runs[0].results[0]: property severity is not allowed"
        case .unknownLevel: "$.runs[0].results[0].level: not one of"
        case .zeroStartLine: "$.runs[0].results[0].locations[0].physicalLocation.region.startLine: 0 is below the minimum 1"
        case .ruleIndexAsString: "$.runs[0].results[0].ruleIndex: expected integer"
        case .duplicateTags: "$.runs[0].tool.driver.rules[0].properties.tags: items are not unique"
        case .missingDriverName: "$.runs[0].tool.driver: missing required property name"
        case .messageWithNeitherTextNorID: "$.runs[0].results[0].message: matches none of anyOf"
        }
    }

    func apply(to log: inout SARIFJSONValue) {
        let result = ["runs", 0, "results", 0] as [any SARIFJSONPathComponent]
        switch self {
        case .wrongVersion: log[path: ["version"]] = .string("2.0.0")
        case .resultWithoutMessage: log[path: result + ["message"]] = nil
        case .unknownResultProperty: log[path: result + ["severity"]] = .string("high")
        case .unknownLevel: log[path: result + ["level"]] = .string("fatal")
        case .zeroStartLine: log[path: result + ["locations", 0, "physicalLocation", "region", "startLine"]] = .number(0)
        case .ruleIndexAsString: log[path: result + ["ruleIndex"]] = .string("0")
        case .duplicateTags: log[path: ["runs", 0, "tool", "driver", "rules", 0, "properties", "tags"]] = .array([.string("cfa"), .string("cfa")])
        case .missingDriverName: log[path: ["runs", 0, "tool", "driver", "name"]] = nil
        case .messageWithNeitherTextNorID: log[path: result + ["message"]] = .object(["markdown": .string("*x*")])
        }
    }
}

/// A JSON-Schema (draft 04) checker with exactly the keywords the SARIF 2.1.0 schema uses: `$ref` (to
/// `#/definitions/…`), `type`, `enum`, `required`, `properties`, `additionalProperties`, `items`, `minItems`,
/// `uniqueItems`, `minimum`, `maximum`, `pattern`, `anyOf` and `oneOf`. Left out: `format` (draft 04 makes it
/// optional; the schema uses it for `uri` and `date-time` strings) and `default`, `description`, `title`,
/// which do not constrain anything.
struct SARIFSchemaChecker {
    let root: SARIFJSONValue

    /// Each violation as `<JSON path>: <what is wrong>`; empty when the instance is valid.
    func errors(in instance: SARIFJSONValue) -> [String] {
        var errors: [String] = []
        check(instance, against: root, at: "$", into: &errors)
        return errors
    }

    private func check(_ instance: SARIFJSONValue, against schema: SARIFJSONValue, at path: String, into errors: inout [String]) {
        if case .string(let reference)? = schema["$ref"] {
            // Draft 04 ignores every keyword beside `$ref`.
            let prefix = "#/definitions/"
            guard reference.hasPrefix(prefix), let target = root["definitions"]?[String(reference.dropFirst(prefix.count))] else {
                errors.append("\(path): unresolvable $ref \(reference)")
                return
            }
            check(instance, against: target, at: path, into: &errors)
            return
        }
        if let type = schema["type"] {
            let allowed = type.arrayValue?.compactMap(\.stringValue) ?? type.stringValue.map { [$0] } ?? []
            if !allowed.contains(where: instance.isOfType) {
                errors.append("\(path): expected \(allowed.joined(separator: " or ")), found \(instance.typeName)")
                return
            }
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(instance) {
            errors.append("\(path): not one of \(options.compactMap(\.stringValue))")
        }
        for (keyword, required) in [("anyOf", false), ("oneOf", true)] {
            guard let branches = schema[keyword]?.arrayValue else { continue }
            let matching = branches.filter { branch in
                var branchErrors: [String] = []
                check(instance, against: branch, at: path, into: &branchErrors)
                return branchErrors.isEmpty
            }.count
            if matching == 0 { errors.append("\(path): matches none of \(keyword)") }
            if required && matching > 1 { errors.append("\(path): matches \(matching) branches of oneOf") }
        }
        switch instance {
        case .object(let members): checkObject(members, against: schema, at: path, into: &errors)
        case .array(let elements): checkArray(elements, against: schema, at: path, into: &errors)
        case .number(let value):
            if let minimum = schema["minimum"]?.numberValue, value < minimum {
                errors.append("\(path): \(SARIFJSONValue.number(value).description) is below the minimum \(SARIFJSONValue.number(minimum).description)")
            }
            if let maximum = schema["maximum"]?.numberValue, value > maximum {
                errors.append("\(path): \(SARIFJSONValue.number(value).description) is above the maximum \(SARIFJSONValue.number(maximum).description)")
            }
        case .string(let value):
            if let pattern = schema["pattern"]?.stringValue {
                // JSON Schema patterns are unanchored searches.
                let expression = try? NSRegularExpression(pattern: pattern)
                if expression?.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) == nil {
                    errors.append("\(path): does not match \(pattern)")
                }
            }
        case .bool, .null: break
        }
    }

    private func checkObject(_ members: [String: SARIFJSONValue], against schema: SARIFJSONValue, at path: String, into errors: inout [String]) {
        for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
            errors.append("\(path): missing required property \(name)")
        }
        let declared = schema["properties"]?.objectValue ?? [:]
        for (name, value) in members.sorted(by: { $0.key < $1.key }) {
            let memberPath = "\(path).\(name)"
            if let propertySchema = declared[name] {
                check(value, against: propertySchema, at: memberPath, into: &errors)
            } else if let additional = schema["additionalProperties"] {
                if additional == .bool(false) {
                    errors.append("\(path): property \(name) is not allowed")
                } else if additional.objectValue != nil {
                    check(value, against: additional, at: memberPath, into: &errors)
                }
            }
        }
    }

    private func checkArray(_ elements: [SARIFJSONValue], against schema: SARIFJSONValue, at path: String, into errors: inout [String]) {
        if let minimum = schema["minItems"]?.numberValue, Double(elements.count) < minimum {
            errors.append("\(path): fewer than \(Int(minimum)) items")
        }
        if schema["uniqueItems"] == .bool(true) {
            let unique = elements.indices.allSatisfy { index in !elements[..<index].contains(elements[index]) }
            if !unique { errors.append("\(path): items are not unique") }
        }
        if let itemSchema = schema["items"] {
            for (index, element) in elements.enumerated() {
                check(element, against: itemSchema, at: "\(path)[\(index)]", into: &errors)
            }
        }
    }
}

/// Parsed JSON for tests: what the SARIF writer produced, read back without trusting its own types.
enum SARIFJSONValue: Decodable, Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SARIFJSONValue])
    case object([String: SARIFJSONValue])

    static func decode(_ text: String) throws -> SARIFJSONValue { try decode(Data(text.utf8)) }
    static func decode(_ data: Data) throws -> SARIFJSONValue { try JSONDecoder().decode(SARIFJSONValue.self, from: data) }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SARIFJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: SARIFJSONValue].self))
        }
    }

    subscript(key: String) -> SARIFJSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    subscript(index: Int) -> SARIFJSONValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { elements[index] } else { nil }
    }

    /// Reads or replaces a nested value; assigning `nil` removes an object member.
    subscript(path path: [any SARIFJSONPathComponent]) -> SARIFJSONValue? {
        get {
            path.reduce(Optional(self)) { value, component in value.flatMap(component.child) }
        }
        set {
            guard let first = path.first else {
                self = newValue ?? .null
                return
            }
            var child = first.child(of: self) ?? .null
            child[path: Array(path.dropFirst())] = newValue
            first.replace(in: &self, with: path.count == 1 ? newValue : child)
        }
    }

    var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    var numberValue: Double? { if case .number(let value) = self { value } else { nil } }
    var arrayValue: [SARIFJSONValue]? { if case .array(let value) = self { value } else { nil } }
    var objectValue: [String: SARIFJSONValue]? { if case .object(let value) = self { value } else { nil } }

    func isOfType(_ name: String) -> Bool {
        switch (self, name) {
        case (.null, "null"), (.bool, "boolean"), (.number, "number"), (.string, "string"), (.array, "array"), (.object, "object"): true
        case (.number(let value), "integer"): value.rounded() == value
        default: false
        }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let value): value.rounded() == value ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var description: String {
        switch self {
        case .number(let value) where value.rounded() == value: String(Int(value))
        case .number(let value): String(value)
        case .string(let value): value
        default: typeName
        }
    }
}

/// A step into a JSON value: an object key or an array index.
protocol SARIFJSONPathComponent: Sendable {
    func child(of value: SARIFJSONValue) -> SARIFJSONValue?
    func replace(in value: inout SARIFJSONValue, with child: SARIFJSONValue?)
}

extension String: SARIFJSONPathComponent {
    func child(of value: SARIFJSONValue) -> SARIFJSONValue? { value[self] }
    func replace(in value: inout SARIFJSONValue, with child: SARIFJSONValue?) {
        guard case .object(var members) = value else { return }
        members[self] = child
        value = .object(members)
    }
}

extension Int: SARIFJSONPathComponent {
    func child(of value: SARIFJSONValue) -> SARIFJSONValue? { value[self] }
    func replace(in value: inout SARIFJSONValue, with child: SARIFJSONValue?) {
        guard case .array(var elements) = value, elements.indices.contains(self), let child else { return }
        elements[self] = child
        value = .array(elements)
    }
}
