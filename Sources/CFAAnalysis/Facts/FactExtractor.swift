import Foundation
internal import SwiftParser
// The raw tree (SPI): the fact walk and the depth check read the parser's own nodes and make no node objects.
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
        let scan = TreeScan(tree.raw, source: source, depthLimit: SourceLimits.maximumTreeDepth, recordedKinds: FactCollector.recordedKinds)
        if scan.isTooDeep {
            // The scan stopped short: its facts would be missing, so the file is refused, at the node the scan passed over.
            let line = node(deeperThan: SourceLimits.maximumTreeDepth, in: tree).map { lines.location(of: $0.position.utf8Offset).line } ?? 1
            facts.refusal = SourceRefusal(limit: .depth, line: line, measured: SourceLimits.maximumDepth)
            return facts
        }
        var collector = FactCollector(facts: facts, lines: lines, scan: scan)
        collector.walk()
        facts = collector.facts
        // Every suppression comment holds the marker: a file without it has none, and its tokens need no second walk.
        if contains(SuppressionSyntax.marker, in: source) { facts.suppressions = suppressions(in: tree, lines: lines) }
        return facts
    }

    /// The suppression comments of a file: leading trivia sits on lines of its own (it ends before the token),
    /// trailing trivia ends a line.
    static func suppressions(in tree: SourceFileSyntax, lines: LineTable) -> [SuppressionFact] {
        var found: [SuppressionFact] = []
        func record(_ piece: TriviaPiece, at position: AbsolutePosition, endsALine: Bool) {
            guard case .lineComment(let text) = piece, let suppression = SuppressionSyntax.parse(comment: text) else { return }
            let place = lines.location(of: position.utf8Offset)
            found.append(
                SuppressionFact(
                    ruleIDs: suppression.ruleIDs, reason: suppression.reason,
                    location: SourceLocation(line: place.line, column: place.column),
                    coveredLine: endsALine ? place.line : place.line + 1))
        }
        for token in tree.tokens(viewMode: .sourceAccurate) {
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
        return found
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

    /// A node more than `limit` levels down, found without recursion; nil when the tree is shallower. The pre-scan
    /// bounds the depth from the text; the scan checks it on the tree itself, and stops descending past the limit.
    static func node(deeperThan limit: Int, in tree: SourceFileSyntax) -> Syntax? {
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = pending.popLast() {
            if depth > limit { return node }
            for child in node.children(viewMode: .sourceAccurate) { pending.append((child, depth + 1)) }
        }
        return nil
    }
}

