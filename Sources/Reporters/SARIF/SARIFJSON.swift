import Foundation
import Verdict

/// A JSON tree, written with literals so the code that builds the log reads like the log it produces.
/// Object members whose value is `nil` are left out, which is how SARIF marks a property as absent.
enum SARIFJSON: Encodable, Sendable, Equatable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([SARIFJSON])
    case object([String: SARIFJSON])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Sorted keys, indented, no escaped slashes: the project's file layout, so equal logs are equal bytes.
    func serialized() -> String {
        // Encoding strings, integers, booleans, arrays and string-keyed objects cannot fail.
        guard let data = try? VerdictCoding.encoder(.file).encode(self) else {
            preconditionFailure("a SARIF JSON tree failed to encode")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

extension SARIFJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .integer(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: SARIFJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, SARIFJSON?)...) {
        var members: [String: SARIFJSON] = [:]
        for (key, value) in elements { members[key] = value }
        self = .object(members)
    }
}
