import Foundation

/// A reader for the subset of YAML the documentation's workflows are written in, so that the suite can check them
/// without a package: block mappings, block sequences (a sequence item may open a mapping), literal block scalars
/// (`|`, `|-`), plain, single-quoted and double-quoted one-line scalars, and comments. Anything else — flow
/// collections, folded scalars, anchors, aliases, tags, multi-line quoted or plain scalars, tabs in indentation,
/// duplicate keys — is an error naming its line, so a workflow that leans on more than this is noticed rather than
/// misread.
public indirect enum YAMLValue: Equatable, Sendable {
    case null
    case scalar(String)
    case sequence([YAMLValue])
    case mapping([YAMLEntry])

    public subscript(key: String) -> YAMLValue? {
        guard case .mapping(let entries) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    public var string: String? {
        if case .scalar(let text) = self { return text }
        return nil
    }

    public var entries: [YAMLEntry] {
        if case .mapping(let entries) = self { return entries }
        return []
    }

    public var items: [YAMLValue] {
        if case .sequence(let items) = self { return items }
        return []
    }

    public var isMapping: Bool {
        if case .mapping = self { return true }
        return false
    }

    /// Reads `text`, throwing the first construct outside the subset.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLValue {
        var reader = YAMLReader(text: text)
        return try reader.document()
    }
}

public struct YAMLEntry: Equatable, Sendable {
    public var key: String
    public var value: YAMLValue
    /// The 1-based line the key is on.
    public var line: Int
}

public struct YAMLError: Error, CustomStringConvertible, Equatable {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

private struct YAMLReader {
    /// A line of the document: its indentation and what follows it.
    struct Line {
        var number: Int
        var indent: Int
        var content: String
        var raw: String
    }

    var lines: [Line]
    var index = 0

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { offset, raw in
            let raw = String(raw)
            let indent = raw.prefix { $0 == " " }.count
            return Line(number: offset + 1, indent: indent, content: String(raw.dropFirst(indent)), raw: raw)
        }
    }

    static func isBlankOrComment(_ line: Line) -> Bool {
        let trimmed = line.content.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// Moves past blank and comment lines; the line it stops at, if any.
    mutating func nextContentLine() throws(YAMLError) -> Line? {
        while index < lines.count, Self.isBlankOrComment(lines[index]) { index += 1 }
        guard index < lines.count else { return nil }
        let line = lines[index]
        if line.content.hasPrefix("\t") { throw YAMLError(line: line.number, message: "a tab in the indentation") }
        return line
    }

    mutating func document() throws(YAMLError) -> YAMLValue {
        guard let first = try nextContentLine() else { return .null }
        if first.content.hasPrefix("---") || first.content.hasPrefix("%") {
            throw YAMLError(line: first.number, message: "document markers and directives are outside the subset")
        }
        let value = try node(indent: first.indent)
        if let extra = try nextContentLine() {
            throw YAMLError(line: extra.number, message: "unexpected indentation (\(extra.indent) spaces)")
        }
        return value
    }

    static func isSequenceItem(_ content: String) -> Bool { content == "-" || content.hasPrefix("- ") }

    mutating func node(indent: Int) throws(YAMLError) -> YAMLValue {
        guard let line = try nextContentLine(), line.indent == indent else { return .null }
        return Self.isSequenceItem(line.content) ? try sequence(indent: indent) : try mapping(indent: indent)
    }

    mutating func sequence(indent: Int) throws(YAMLError) -> YAMLValue {
        var items: [YAMLValue] = []
        while let line = try nextContentLine(), line.indent == indent, Self.isSequenceItem(line.content) {
            let rest = String(line.content.dropFirst(1))
            let spaces = rest.prefix { $0 == " " }.count
            let item = String(rest.dropFirst(spaces))
            if item.isEmpty || item.hasPrefix("#") {
                index += 1
                guard let next = try nextContentLine(), next.indent > indent else { items.append(.null); continue }
                items.append(try node(indent: next.indent))
            } else if Self.keySplit(item) != nil {
                // `- key: value` opens a mapping whose keys line up with `key`.
                let column = indent + 1 + spaces
                lines[index] = Line(number: line.number, indent: column, content: item, raw: line.raw)
                items.append(try mapping(indent: column))
            } else {
                index += 1
                items.append(try Self.scalar(item, line: line.number))
            }
        }
        if let line = try nextContentLine(), line.indent > indent {
            throw YAMLError(line: line.number, message: "unexpected indentation (\(line.indent) spaces) in a sequence")
        }
        return .sequence(items)
    }

    mutating func mapping(indent: Int) throws(YAMLError) -> YAMLValue {
        var entries: [YAMLEntry] = []
        while let line = try nextContentLine(), line.indent == indent, !Self.isSequenceItem(line.content) {
            guard let (key, rest) = Self.keySplit(line.content) else {
                throw YAMLError(line: line.number, message: "expected `key: value`, found `\(line.content)`")
            }
            if entries.contains(where: { $0.key == key }) { throw YAMLError(line: line.number, message: "duplicate key `\(key)`") }
            index += 1
            let value = try self.value(after: rest, line: line, indent: indent)
            entries.append(YAMLEntry(key: key, value: value, line: line.number))
        }
        if let line = try nextContentLine(), line.indent > indent {
            throw YAMLError(line: line.number, message: "unexpected indentation (\(line.indent) spaces) in a mapping")
        }
        return .mapping(entries)
    }

    /// The value of a key whose line ends in `rest`: a nested node on the following lines, a block scalar, or a scalar.
    mutating func value(after rest: String, line: Line, indent: Int) throws(YAMLError) -> YAMLValue {
        let trimmed = rest.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") {
            guard let next = try nextContentLine() else { return .null }
            if next.indent > indent { return try node(indent: next.indent) }
            // A sequence may sit at its key's own indentation.
            if next.indent == indent, Self.isSequenceItem(next.content) { return try sequence(indent: indent) }
            return .null
        }
        let indicator = trimmed.split(separator: " ", maxSplits: 1).first.map(String.init) ?? trimmed
        if indicator == "|" || indicator == "|-" {
            let afterIndicator = trimmed.dropFirst(indicator.count).trimmingCharacters(in: .whitespaces)
            guard afterIndicator.isEmpty || afterIndicator.hasPrefix("#") else {
                throw YAMLError(line: line.number, message: "block scalar indicators other than `|` and `|-` are outside the subset")
            }
            return .scalar(blockScalar(indent: indent, keep: indicator == "|"))
        }
        return try Self.scalar(trimmed, line: line.number)
    }

    /// The lines of a literal block scalar, more indented than its key; the final newline kept unless `|-`.
    mutating func blockScalar(indent: Int, keep: Bool) -> String {
        var body: [String] = []
        var blockIndent: Int?
        while index < lines.count {
            let line = lines[index]
            let blank = line.content.trimmingCharacters(in: .whitespaces).isEmpty
            if !blank {
                if line.indent <= indent { break }
                if blockIndent == nil { blockIndent = line.indent }
                if line.indent < blockIndent! { break }
            }
            body.append(blank ? "" : String(line.raw.dropFirst(blockIndent!)))
            index += 1
        }
        while body.last == "" { body.removeLast() }
        let text = body.joined(separator: "\n")
        return keep && !text.isEmpty ? text + "\n" : text
    }

    /// `key: rest` or `key:` — the key plain (no quotes, no flow) and the separator a colon followed by a space or the
    /// end of the line.
    static func keySplit(_ content: String) -> (String, String)? {
        guard let first = content.first, !"\"'[{&*!|>%@`#".contains(first) else { return nil }
        var previous: Character = " "
        for position in content.indices {
            let character = content[position]
            if character == "#", previous == " " { return nil }
            if character == ":" {
                let after = content.index(after: position)
                if after == content.endIndex || content[after] == " " {
                    let key = String(content[..<position]).trimmingCharacters(in: .whitespaces)
                    return key.isEmpty || key.contains("${{") ? nil : (key, String(content[after...]))
                }
            }
            previous = character
        }
        return nil
    }

    /// A one-line scalar: quoted (the quote closed on the line, then only a comment) or plain (up to ` #`).
    static func scalar(_ text: String, line: Int) throws(YAMLError) -> YAMLValue {
        guard let first = text.first else { return .null }
        switch first {
        case "'", "\"":
            var value = ""
            var position = text.index(after: text.startIndex)
            var closed = false
            while position < text.endIndex {
                let character = text[position]
                position = text.index(after: position)
                if character == first {
                    if first == "'", position < text.endIndex, text[position] == "'" {
                        value.append("'")
                        position = text.index(after: position)
                        continue
                    }
                    closed = true
                    break
                }
                if first == "\"", character == "\\" {
                    guard position < text.endIndex else { break }
                    let escaped = text[position]
                    position = text.index(after: position)
                    switch escaped {
                    case "n": value.append("\n")
                    case "t": value.append("\t")
                    case "\\", "\"", "/": value.append(escaped)
                    default: throw YAMLError(line: line, message: "the escape `\\\(escaped)` is outside the subset")
                    }
                    continue
                }
                value.append(character)
            }
            guard closed else { throw YAMLError(line: line, message: "a quoted scalar must close on its line") }
            let rest = text[position...].trimmingCharacters(in: .whitespaces)
            guard rest.isEmpty || rest.hasPrefix("#") else {
                throw YAMLError(line: line, message: "text after a quoted scalar: `\(rest)`")
            }
            return .scalar(value)
        case "[", "{":
            throw YAMLError(line: line, message: "flow collections (`\(first)…`) are outside the subset")
        case "&", "*", "!", "|", ">", "%", "@", "`":
            throw YAMLError(line: line, message: "`\(first)` starts a construct outside the subset")
        default:
            var value = text
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: .whitespaces)
            if value.contains(": ") || value.hasSuffix(":") {
                throw YAMLError(line: line, message: "a plain scalar cannot hold `: ` (quote it): `\(value)`")
            }
            if value == "~" || value == "null" { return .null }
            return .scalar(value)
        }
    }
}
