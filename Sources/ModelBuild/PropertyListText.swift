/// A value of an old-style (OpenStep) ASCII property list, the format of Xcode's `project.pbxproj`.
public indirect enum PropertyListValue: Sendable, Equatable {
    case string(String)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var array: [PropertyListValue]? { if case .array(let value) = self { value } else { nil } }
    public var dictionary: [String: PropertyListValue]? { if case .dictionary(let value) = self { value } else { nil } }
}

/// Why a `project.pbxproj` could not be read; the model build then uses Xcode's defaults and says so.
public enum PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(bytes: Int, limit: Int)
    case tooDeep(limit: Int)
    case unterminatedString(offset: Int)
    case unterminatedComment(offset: Int)
    case unexpected(String, offset: Int)
    case trailingText(offset: Int)

    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): "is \(bytes) bytes, more than the \(limit) read"
        case .tooDeep(let limit): "nests deeper than \(limit) levels"
        case .unterminatedString(let offset): "has a string opened at byte \(offset) that never closes"
        case .unterminatedComment(let offset): "has a comment opened at byte \(offset) that never closes"
        case .unexpected(let what, let offset): "has \(what) at byte \(offset) where a value or delimiter belongs"
        case .trailingText(let offset): "has text after the top-level value at byte \(offset)"
        }
    }
}

/// A parser of old-style ASCII property lists: `{ key = value; }`, `( a, b, )`, quoted strings with escapes, bare
/// tokens, `<hex data>`, and `/* … */` and `//` comments. The file is the change's to write, so it is bounded: a size
/// cap, a nesting cap (the parser recurses), and every loop advances or stops at the end.
public enum PropertyListText {
    /// Real projects are a few MB; anything much larger is not a project worth the memory.
    public static let byteLimit = 32 << 20
    /// Xcode's own files nest about six levels deep.
    public static let depthLimit = 64

    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        guard bytes.count <= byteLimit else { throw .tooLarge(bytes: bytes.count, limit: byteLimit) }
        var reader = Reader(bytes: bytes)
        let value = try reader.value(depth: 0)
        try reader.skipTrivia()
        guard reader.index == bytes.count else { throw .trailingText(offset: reader.index) }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipTrivia() throws(PropertyListError) {
            while let byte = current {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    let start = index
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    guard index + 1 < bytes.count else { throw .unterminatedComment(offset: start) }
                    index += 2
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while let next = current, next != 0x0A, next != 0x0D { index += 1 }
                } else {
                    return
                }
            }
        }

        mutating func value(depth: Int) throws(PropertyListError) -> PropertyListValue {
            guard depth < depthLimit else { throw .tooDeep(limit: depthLimit) }
            try skipTrivia()
            guard let byte = current else { throw .unexpected("the end of the file", offset: index) }
            switch byte {
            case UInt8(ascii: "{"): return try dictionary(depth: depth)
            case UInt8(ascii: "("): return try array(depth: depth)
            case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quoted())
            case UInt8(ascii: "<"): return .string(try data())
            default:
                guard Self.isBare(byte) else { throw .unexpected("`\(Character(Unicode.Scalar(byte)))`", offset: index) }
                return .string(bare())
            }
        }

        private mutating func dictionary(depth: Int) throws(PropertyListError) -> PropertyListValue {
            index += 1
            var entries: [String: PropertyListValue] = [:]
            while true {
                try skipTrivia()
                guard let byte = current else { throw .unexpected("the end of the file", offset: index) }
                if byte == UInt8(ascii: "}") {
                    index += 1
                    return .dictionary(entries)
                }
                guard case .string(let key) = try value(depth: depth + 1) else { throw .unexpected("a non-string key", offset: index) }
                try expect(UInt8(ascii: "="))
                let entry = try value(depth: depth + 1)
                try expect(UInt8(ascii: ";"))
                entries[key] = entry
            }
        }

        private mutating func array(depth: Int) throws(PropertyListError) -> PropertyListValue {
            index += 1
            var elements: [PropertyListValue] = []
            while true {
                try skipTrivia()
                guard let byte = current else { throw .unexpected("the end of the file", offset: index) }
                if byte == UInt8(ascii: ")") {
                    index += 1
                    return .array(elements)
                }
                elements.append(try value(depth: depth + 1))
                try skipTrivia()
                if current == UInt8(ascii: ",") {
                    index += 1
                } else if current != UInt8(ascii: ")") {
                    throw .unexpected(current.map { "`\(Character(Unicode.Scalar($0)))`" } ?? "the end of the file", offset: index)
                }
            }
        }

        private mutating func expect(_ delimiter: UInt8) throws(PropertyListError) {
            try skipTrivia()
            guard current == delimiter else {
                throw .unexpected(current.map { "`\(Character(Unicode.Scalar($0)))`" } ?? "the end of the file", offset: index)
            }
            index += 1
        }

        /// Letters, digits and `_$+/:.-` make a bare token, as Xcode writes `com.apple.product-type.application`.
        private static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                UInt8(ascii: "-"):
                true
            default: byte >= 0x80
            }
        }

        private mutating func bare() -> String {
            let start = index
            while let byte = current, Self.isBare(byte) {
                // `//` or `/*` after a token starts a comment, not more token.
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") {
                    break
                }
                index += 1
            }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private mutating func data() throws(PropertyListError) -> String {
            let start = index
            index += 1
            while let byte = current, byte != UInt8(ascii: ">") { index += 1 }
            guard current != nil else { throw .unterminatedString(offset: start) }
            index += 1
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// A quoted string: `\n`, `\t`, `\r`, `\"`, `\\`, octal `\101` and `\U0041` escapes; any other escaped byte is itself.
        private mutating func quoted() throws(PropertyListError) -> String {
            let start = index
            let quote = bytes[index]
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll(keepingCapacity: true)
            }
            while true {
                guard let byte = current else { throw .unterminatedString(offset: start) }
                index += 1
                if byte == quote {
                    flush()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    run.append(byte)
                    continue
                }
                guard let escaped = current else { throw .unterminatedString(offset: start) }
                index += 1
                switch escaped {
                case UInt8(ascii: "n"): run.append(0x0A)
                case UInt8(ascii: "t"): run.append(0x09)
                case UInt8(ascii: "r"): run.append(0x0D)
                case UInt8(ascii: "a"): run.append(0x07)
                case UInt8(ascii: "b"): run.append(0x08)
                case UInt8(ascii: "f"): run.append(0x0C)
                case UInt8(ascii: "v"): run.append(0x0B)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = UInt32(escaped - UInt8(ascii: "0"))
                    var digits = 1
                    while digits < 3, let next = current, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
                        value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                        index += 1
                        digits += 1
                    }
                    flush()
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4, let next = current, let digit = Self.hexValue(next) {
                        value = value * 16 + digit
                        index += 1
                        digits += 1
                    }
                    flush()
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                default:
                    run.append(escaped)
                }
            }
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
