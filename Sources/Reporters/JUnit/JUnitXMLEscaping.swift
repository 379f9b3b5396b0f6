/// Escaping for the JUnit report, which must stay well-formed XML 1.0 whatever a compiler or test printed.
enum JUnitXMLEscaping {
    /// Character data: the five markup characters become entities; a carriage return becomes `&#13;` because
    /// parsers would otherwise normalise it away.
    static func text(_ value: String) -> String {
        escape(value, whitespaceAsReferences: false)
    }

    /// Attribute values: as text, and tab and line feed become references too, because parsers turn literal ones
    /// into spaces inside attributes (XML 1.0 §3.3.3) and a multi-line message would lose its lines.
    static func attribute(_ value: String) -> String {
        escape(value, whitespaceAsReferences: true)
    }

    /// XML 1.0 allows tab, line feed, carriage return, U+0020–U+D7FF, U+E000–U+FFFD and U+10000 and above
    /// (§2.2); anything else (terminal escapes, bells, U+FFFE/FFFF) makes the whole document unreadable, so it is
    /// dropped. Surrogates cannot occur in a Swift `String`.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func escape(_ value: String, whitespaceAsReferences: Bool) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars where isAllowed(scalar) {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&apos;".unicodeScalars)
            case "\r": escaped.append(contentsOf: "&#13;".unicodeScalars)
            case "\n" where whitespaceAsReferences: escaped.append(contentsOf: "&#10;".unicodeScalars)
            case "\t" where whitespaceAsReferences: escaped.append(contentsOf: "&#9;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
