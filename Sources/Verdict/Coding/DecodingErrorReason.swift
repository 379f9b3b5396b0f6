/// Turns Foundation's verbose decoding errors into a short phrase naming the offending field.
extension DecodingError {
    var briefReason: String {
        switch self {
        case .keyNotFound(let key, let context):
            return "missing field '\(Self.fieldPath(context.codingPath + [key]))'"
        case .typeMismatch(let type, let context):
            return "\(Self.subject(context.codingPath)) is not \(Self.jsonKind(type))"
        case .valueNotFound(let type, let context):
            return "\(Self.subject(context.codingPath)) is null, expected \(Self.jsonKind(type))"
        case .dataCorrupted(let context):
            let detail = context.underlyingError.map { "\(context.debugDescription) (\($0))" } ?? context.debugDescription
            return context.codingPath.isEmpty ? detail : "field '\(Self.fieldPath(context.codingPath))': \(detail)"
        @unknown default:
            return "\(self)"
        }
    }

    private static func subject(_ path: [any CodingKey]) -> String {
        path.isEmpty ? "the top level" : "field '\(fieldPath(path))'"
    }

    /// Names the expected type the way the JSON file spells it.
    private static func jsonKind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a JSON string"
        case is Bool.Type: "a JSON boolean"
        case is any BinaryInteger.Type, is any BinaryFloatingPoint.Type: "a JSON number"
        case is [String: Any].Type: "a JSON object"
        case is [Any].Type: "a JSON array"
        default: "a \(type)"
        }
    }

    private static func fieldPath(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
