/// One pass over a file's bytes, before SwiftParser sees them, that bounds how deep the syntax tree will be.
///
/// SwiftParser limits how deeply brackets nest, but not chains: `x.a.a…`, `f()()…`, `x?.a?.a…` and `else if` chains
/// nest the tree one level per step, and the parser (for `else if`) or any walk over the tree recurses once per level
/// until the stack runs out. The scan is iterative, linear and allocation-light, so a hostile file costs
/// milliseconds to refuse. It over-counts rather than under-counts: every operator and postfix step of an
/// expression counts, and a bracket's contents count as deep as the whole chain the bracket sits in, since in
/// `f(…).a.a.a` the steps after the call are the ones that enclose its arguments.
struct DepthScan {
    /// Why the file must not be parsed: the line where the nesting first passes `depthLimit`, or where square brackets
    /// nested in square brackets use up `SourceLimits.maximumBracketLookahead`; nil for a file within both.
    static func refusal(in source: String, depthLimit limit: Int = SourceLimits.maximumDepth) -> SourceRefusal? {
        var text = source
        return text.withUTF8 { bytes in
            var scan = DepthScan(bytes: bytes, limit: limit)
            return scan.run()
        }
    }

    /// How to go on scanning a string literal after an interpolation in it closes.
    private struct StringKind {
        var hashes: Int
        var multiline: Bool
    }

    /// One bracket (or `#if`) open at this point. A segment is the run of tokens between two separators (`,`, `;`,
    /// a line break that does not continue a chain): the steps of its chain, and the deepest bracket in it.
    private struct Level {
        var closer: UInt8
        /// Nesting of the levels below this one when it opened, each with the steps its segment had then.
        var below: Int
        var steps = 0
        var innerMax = 0
        var best = 0
        /// Set for a string interpolation: scanning returns into the string when it closes.
        var string: StringKind?
        /// Nothing but names, brackets and type punctuation so far: what SwiftParser might still take for a type.
        var typeLike = true
        /// Square brackets in the type-like run of `[` and `(` levels ending here, this one included.
        var squareRun = 0
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let limit: Int
    private var levels: [Level]
    private var index = 0
    private var line = 1
    private var refusedAt: SourceRefusal?
    /// Look-ahead spent on square brackets so far (see `open`).
    private var lookahead = 0
    private var endsExpression = false
    private var spaceBefore = false
    private var newlinePending = false
    private var afterDot = false

    private init(bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
        self.bytes = bytes
        self.limit = limit
        levels = [Level(closer: 0, below: 0)]
    }

    private static let directiveIf = UInt8(ascii: "#")

    private mutating func run() -> SourceRefusal? {
        while index < bytes.count && refusedAt == nil {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
                spaceBefore = true
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                spaceBefore = true
                newlinePending = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                spaceBefore = true
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
                spaceBefore = true
            default:
                token(byte)
                spaceBefore = false
            }
        }
        return refusedAt
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    // MARK: Counting

    private mutating func step() {
        levels[levels.count - 1].steps += 1
        check()
    }

    private mutating func check() {
        let top = levels[levels.count - 1]
        if top.below + top.steps + top.innerMax > limit && refusedAt == nil {
            refusedAt = SourceRefusal(limit: .depth, line: line, measured: limit)
        }
    }

    private mutating func finishSegment() {
        let top = levels.count - 1
        levels[top].best = max(levels[top].best, levels[top].steps + levels[top].innerMax)
        levels[top].steps = 0
        levels[top].innerMax = 0
    }

    private mutating func open(_ closer: UInt8, string: StringKind? = nil) {
        let top = levels[levels.count - 1]
        var level = Level(closer: closer, below: top.below + top.steps + 1, string: string)
        // SwiftParser looks ahead for a type at every `[`, through every `[` and `(` inside it that could still be one,
        // and again from each of those: the work doubles with each such level. Each `[` three or more deep in such a
        // run spends its share of one budget for the file, so no file can make the parser's work explode.
        let inRun = string == nil && top.typeLike && (top.closer == UInt8(ascii: "]") || top.closer == UInt8(ascii: ")"))
        level.squareRun = (inRun ? top.squareRun : 0) + (closer == UInt8(ascii: "]") ? 1 : 0)
        if closer == UInt8(ascii: "]") && level.squareRun >= 3 {
            lookahead += 1 << min(level.squareRun - 1, 40)
            if lookahead > SourceLimits.maximumBracketLookahead && refusedAt == nil {
                refusedAt = SourceRefusal(limit: .brackets, line: line, measured: SourceLimits.maximumBracketLookahead)
            }
        }
        levels.append(level)
        check()
    }

    /// A token SwiftParser cannot take for part of a type: the `[` or `(` it is in stops the type look-ahead.
    private mutating func notType() {
        levels[levels.count - 1].typeLike = false
    }

    /// Closes the innermost level when `closer` is its own; a stray closer is left alone, which can only over-count.
    private mutating func close(_ closer: UInt8) {
        guard levels.count > 1, levels[levels.count - 1].closer == closer else { return }
        finishSegment()
        let closed = levels.removeLast()
        levels[levels.count - 1].innerMax = max(levels[levels.count - 1].innerMax, 1 + closed.best)
        check()
        endsExpression = true
        if let string = closed.string { scanString(string) }
    }

    // MARK: Tokens

    private mutating func token(_ byte: UInt8) {
        if newlinePending {
            newlinePending = false
            if !continuesChain(byte) { finishSegment() }
        }
        switch byte {
        case UInt8(ascii: "\""):
            scanStringLiteral(hashes: 0)
        case UInt8(ascii: "#"):
            hash()
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            index += 1
            if endsExpression { step() }
            endsExpression = false
            afterDot = false
            open(byte == UInt8(ascii: "(") ? UInt8(ascii: ")") : byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            index += 1
            afterDot = false
            close(byte)
        case UInt8(ascii: ","), UInt8(ascii: ";"):
            // A comma between tuple elements leaves the type look-ahead going; one in an array literal ends it.
            if byte == UInt8(ascii: ";") || levels[levels.count - 1].closer != UInt8(ascii: ")") { notType() }
            index += 1
            finishSegment()
            endsExpression = false
            afterDot = false
        case UInt8(ascii: ".") where peek(1) != UInt8(ascii: "."):
            index += 1
            step()
            afterDot = true
            endsExpression = false
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            number()
        case UInt8(ascii: "/") where !endsExpression && regexLiteralLength() != nil:
            index += regexLiteralLength() ?? 1
            endsExpression = true
            notType()
        case UInt8(ascii: "?") where endsExpression && !spaceBefore, UInt8(ascii: "!") where endsExpression && !spaceBefore:
            // Postfix `?` and `!`: a level of the tree each, and the chain goes on.
            index += 1
            step()
        default:
            if Self.isOperator(byte) || byte == UInt8(ascii: ".") {
                operatorRun()
            } else if Self.isIdentifierStart(byte) {
                identifier()
            } else {
                // A label's colon in a tuple type leaves the look-ahead going; a dictionary's colon ends it.
                if byte != UInt8(ascii: ":") || levels[levels.count - 1].closer != UInt8(ascii: ")") { notType() }
                index += 1
            }
        }
    }

    /// A line that begins with one of these goes on with the line before: `.modifier()`, `?.member`, `else`, `{`.
    private func continuesChain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "{"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return true
        case UInt8(ascii: "?"): return peek(1) == UInt8(ascii: ".")
        case UInt8(ascii: "e"): return word(at: index) == "else"
        default: return false
        }
    }

    private static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"),
            UInt8(ascii: "?"), UInt8(ascii: "/"), UInt8(ascii: "\\"):
            return true
        default:
            return false
        }
    }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "`") || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The identifier starting at `position`, without copying more than a keyword's length.
    private func word(at position: Int) -> Substring {
        var end = position
        while end < bytes.count && end - position < 8 && Self.isIdentifierByte(bytes[end]) { end += 1 }
        if end < bytes.count && Self.isIdentifierByte(bytes[end]) { return "" }
        return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
    }

    private mutating func identifier() {
        let start = index
        if bytes[index] == UInt8(ascii: "`") {
            index += 1
            while index < bytes.count && bytes[index] != UInt8(ascii: "`") && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            if index < bytes.count && bytes[index] == UInt8(ascii: "`") { index += 1 }
        } else {
            index += 1
            while index < bytes.count && Self.isIdentifierByte(bytes[index]) && bytes[index] != UInt8(ascii: "@") { index += 1 }
        }
        if afterDot {
            // The member's name: the `.` already counted the step.
            afterDot = false
            endsExpression = true
            return
        }
        switch word(at: start) {
        case "else", "try", "await":
            // `else if` nests the next `if` inside this one; `try` and `await` nest what follows.
            step()
            endsExpression = false
            notType()
        default:
            endsExpression = true
        }
    }

    private mutating func number() {
        let tupleIndex = afterDot
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierByte(byte) && byte != UInt8(ascii: "@") {
                index += 1
            } else if byte == UInt8(ascii: "."), !tupleIndex, let next = peek(1), next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                index += 1
            } else {
                break
            }
        }
        afterDot = false
        endsExpression = true
        notType()
    }

    private mutating func operatorRun() {
        let dotted = bytes[index] == UInt8(ascii: ".")
        var last = bytes[index]
        let start = index
        index += 1
        while index < bytes.count, Self.isOperator(bytes[index]) || (dotted && bytes[index] == UInt8(ascii: ".")) {
            // `//` and `/*` begin comments even right after an operator.
            if bytes[index] == UInt8(ascii: "/"), let next = peek(1), next == UInt8(ascii: "/") || next == UInt8(ascii: "*") { break }
            last = bytes[index]
            index += 1
        }
        step()
        afterDot = false
        endsExpression = last == UInt8(ascii: ">")
        let typePunctuation = bytes[start..<index].allSatisfy { Self.typePunctuation.contains($0) }
            || (index - start == 2 && bytes[start] == UInt8(ascii: "-") && last == UInt8(ascii: ">"))
        if !typePunctuation { notType() }
    }

    /// Operator characters a type may hold: `Int?`, `T!`, `A<B>`, `P & Q`, `T...` (and `->`, checked whole).
    private static let typePunctuation: Set<UInt8> = [
        UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "."),
    ]

    // MARK: `#`: raw strings, extended regex literals, `#if`

    private mutating func hash() {
        var hashes = 0
        while let next = peek(hashes), next == UInt8(ascii: "#") { hashes += 1 }
        switch peek(hashes) {
        case UInt8(ascii: "\""):
            index += hashes
            scanStringLiteral(hashes: hashes)
        case UInt8(ascii: "/"):
            index += hashes + 1
            skipExtendedRegex(hashes: hashes)
            endsExpression = true
            notType()
        default:
            index += 1
            let name = word(at: index)
            while index < bytes.count && Self.isIdentifierByte(bytes[index]) { index += 1 }
            switch name {
            case "if":
                endsExpression = false
                open(Self.directiveIf)
            case "endif":
                close(Self.directiveIf)
                endsExpression = false
            case "else", "elseif":
                finishSegment()
                endsExpression = false
            default:
                // `#Preview`, `#available`, `#selector`…: a name like any other.
                endsExpression = true
            }
        }
    }

    private mutating func skipExtendedRegex(hashes: Int) {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: "\\") && index < bytes.count {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            } else if byte == UInt8(ascii: "/") && closingHashes(hashes) {
                index += hashes
                return
            }
        }
    }

    private func closingHashes(_ hashes: Int) -> Bool {
        (0..<hashes).allSatisfy { peek($0) == UInt8(ascii: "#") }
    }

    /// A bare `/…/` regex literal at `index`: Swift takes one where an expression starts, when it does not begin with a
    /// space and closes on the same line. Its length, or nil for a division.
    private func regexLiteralLength() -> Int? {
        guard let first = peek(1), first != UInt8(ascii: " "), first != UInt8(ascii: "\t"), first != UInt8(ascii: "\n"),
            first != UInt8(ascii: "=")
        else { return nil }
        var position = index + 1
        var inClass = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") { return nil }
            if byte == UInt8(ascii: "\\") {
                position += 2
                continue
            }
            if byte == UInt8(ascii: "[") { inClass = true }
            if byte == UInt8(ascii: "]") { inClass = false }
            if byte == UInt8(ascii: "/") && !inClass { return position + 1 - index }
            position += 1
        }
        return nil
    }

    // MARK: Strings and comments

    private mutating func scanStringLiteral(hashes: Int) {
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        afterDot = false
        notType()
        scanString(StringKind(hashes: hashes, multiline: multiline))
    }

    /// Scans string contents up to the end of the literal, or into an interpolation, which opens a level that returns
    /// here when it closes. A single-line literal ends at the line's end even without its quote, so a stray quote can
    /// hide at most the rest of one line from the count.
    private mutating func scanString(_ kind: StringKind) {
        endsExpression = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                index += 1
                if !kind.multiline { return }
                continue
            }
            if byte == UInt8(ascii: "\\") {
                var position = index + 1
                var hashes = 0
                while hashes < kind.hashes, position < bytes.count, bytes[position] == UInt8(ascii: "#") {
                    hashes += 1
                    position += 1
                }
                guard hashes == kind.hashes, position < bytes.count else {
                    index += 1
                    continue
                }
                if bytes[position] == UInt8(ascii: "(") {
                    index = position + 1
                    endsExpression = false
                    open(UInt8(ascii: ")"), string: kind)
                    return
                }
                if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                index = position + 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                let quotes = kind.multiline ? 3 : 1
                let closes = (0..<quotes).allSatisfy { peek($0) == UInt8(ascii: "\"") }
                    && (0..<kind.hashes).allSatisfy { peek(quotes + $0) == UInt8(ascii: "#") }
                if closes {
                    index += quotes + kind.hashes
                    return
                }
            }
            index += 1
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
    }
}
