/// Reading names out of type annotations as written: `[Habit]?` → `Habit`; `any HabitRepository` → `HabitRepository`.
enum TypeText {
    /// Every identifier in a type's text, in order: `Dictionary<String, [Habit]>` → Dictionary, String, Habit.
    static func names(in text: String) -> [String] {
        var names: [String] = []
        func append(_ name: String) { if !excluded.contains(name) { names.append(name) } }
        // Rules ask this of every reference in the app; ASCII text (nearly all of it) is split byte by byte
        // rather than by grapheme, which gives the same names.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var start: String.UTF8View.Index?
            let utf8 = text.utf8
            for index in utf8.indices {
                if Self.isIdentifierByte(utf8[index]) {
                    if start == nil { start = index }
                } else if let begun = start {
                    append(String(text[begun..<index]))
                    start = nil
                }
            }
            if let begun = start { append(String(text[begun...])) }
            return names
        }
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { names.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { names.append(current) }
        return names.filter { !excluded.contains($0) }
    }

    private static let excluded: Set<String> = ["any", "some", "inout", "Optional", "Array", "Set", "Dictionary"]

    /// `text.hasPrefix(prefix)` by bytes: rules ask it of every reference, and on a `Substring` the library's
    /// version compares character by character.
    static func begins<Text: StringProtocol>(_ text: Text, with prefix: String) -> Bool {
        let found = text.utf8.withContiguousStorageIfAvailable { bytes in
            prefix.utf8.withContiguousStorageIfAvailable { start in bytes.starts(with: start) }
        }
        return (found ?? nil) ?? text.utf8.starts(with: prefix.utf8)
    }

    /// Whether the text begins with a letter, digit or underscore (ASCII), so its first name starts at its start.
    static func startsWithIdentifier(_ text: String) -> Bool {
        text.utf8.first.map(isIdentifierByte) ?? false
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5f
    }

    /// The single named type of an annotation, if it is one: `HabitsFeature`, `HabitsFeature?`, `any X`.
    static func singleName(_ text: String?) -> String? {
        guard let text else { return nil }
        let found = names(in: text)
        return found.count == 1 ? found[0] : nil
    }
}
