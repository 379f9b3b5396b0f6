@testable import CFAAnalysis
internal import SwiftParser
@_spi(RawSyntax) internal import SwiftSyntax
import Testing

/// The byte-level passes over a file's text give what the character-level ones gave.
struct FactExtractorTextTests {
    @Test(arguments: [
        "", "a", "a\n", "a\nb", "a\r\nb\r\n", "a\rb\nc", "\n\n\n", "é\u{301}\nx", "\r\n\n\r", "let s = \"\\n\"\n", "a\n\u{301}b\n",
    ])
    func linesAreCountedAsCharactersCountThem(source: String) {
        let characters = source.isEmpty ? 0 : source.reduce(into: 1) { count, character in if character == "\n" { count += 1 } }
        #expect(FactExtractor.lineCount(of: source) == characters)
    }

    @Test func theSuppressionMarkerIsFoundAnywhereAndOnlyWhole() {
        #expect(FactExtractor.contains("cfa-gate:ignore", in: "x // cfa-gate:ignore CFA-A -- why"))
        #expect(FactExtractor.contains("cfa-gate:ignore", in: "cfa-gate:ignore"))
        #expect(!FactExtractor.contains("cfa-gate:ignore", in: "// cfa-gate:ignor"))
        #expect(!FactExtractor.contains("cfa-gate:ignore", in: ""))
    }

    @Test func suppressionsAreStillCollectedWhenTheMarkerIsThere() {
        let facts = FactExtractor.facts(path: "A.swift", source: "struct A {} // cfa-gate:ignore CFA-NO-GCD-LOCKS -- a reason\n")
        #expect(facts.suppressions.map(\.ruleIDs) == [["CFA-NO-GCD-LOCKS"]])
        #expect(FactExtractor.facts(path: "A.swift", source: "struct A {} // cfa-gate ignore\n").suppressions.isEmpty)
    }
}

/// The tree scan's depth check agrees with the walk over syntax nodes that finds the too-deep node.
struct TreeDepthCheckTests {
    /// The second source is invalid: its deepest tokens are missing ones, which the source-accurate walk passes over.
    @Test(arguments: [
        (CompliantApp.files.first { $0.key.hasSuffix("Feature.swift") }?.value ?? "")
            + "\nlet chain = a.b.c.d.e.f.g.h(1)(2)[3]?.i ?? j\n#if DEBUG\nfunc f() { if x { if y { [[[(1)]]] } } }\n#endif\n",
        "struct S { func f() { if a { while b { let x =\n let y: = f(a: , b: [1, g(h(\n",
    ])
    func theRawCheckAndTheNodeWalkAgreeAtEveryLimit(source: String) {
        let tree = Parser.parse(source: source)
        var deepest = 0
        for limit in 0..<400 {
            let walked = FactExtractor.node(deeperThan: limit, in: tree) != nil
            #expect(TreeScan(tree.raw, source: source, depthLimit: limit).isTooDeep == walked, "limit \(limit)")
            if walked { deepest = limit + 1 }
        }
        #expect(deepest > 20 && deepest < 399, "the limits tried go past the tree's depth")
    }
}

/// The analyser's own line table gives every offset the line and column SwiftSyntax's converter gives it.
struct LineTableTests {
    @Test(arguments: [
        "let a = 1\nlet b = 2\n", "a\r\nb\r\n\r\nc", "a\rb\r\rc\n", "let s = \"héllo 🌍\"\n  let t = 1", "", "\n\n", "x",
        "/* a\r\n b */\nfunc f() {}\r",
    ])
    func everyOffsetHasTheConvertersLineAndColumn(source: String) {
        let table = LineTable(source)
        let converter = SourceLocationConverter(fileName: "f.swift", tree: Parser.parse(source: source))
        for offset in 0...source.utf8.count {
            let expected = converter.location(for: AbsolutePosition(utf8Offset: offset))
            let found = table.location(of: offset)
            #expect(found.line == expected.line && found.column == expected.column, "offset \(offset) of \(source.debugDescription)")
        }
    }
}

/// The tree scan gives every node of a tree the start and text SwiftSyntax's own node API gives it.
struct TreeScanTests {
    static let tricky = """
        // a comment\r\nimport SwiftUI
        @Observable final class Model { var items: [String] = [] /* trailing */ }
        let s = "héllo \\(name.first ?? "🌍")  two  spaces", raw = #"a \\(x) "q""#
        let r = /[a-z]+/, t = \"""
            multi \\(1 + 2)
            \"""
        #if DEBUG
        func f(_ a: Int = 1, b: (Int) -> Void) async throws -> Int { try await g(a) { $0 } }
        #endif
        struct Broken { func ( { let = ; } }
        x.a?.b![0].c(d: e)(f).g
        """

    /// Deeper than the scan recurses: a chain of calls and members, and brackets in it.
    static let deep = "let chain = start" + String(repeating: ".step(a, [b: c])", count: 200) + "\n// end\n"

    @Test(arguments: [tricky, deep] + CompliantApp.files.values.sorted().prefix(6))
    func everyNodeHasTheStartAndTextOfItsTokens(source: String) {
        let tree = Parser.parse(source: source)
        let table = TreeScan(tree.raw, source: source, depthLimit: 1_000)
        #expect(!table.isTooDeep)
        var pending: [Syntax] = [Syntax(tree)]
        var checked = 0
        while let node = pending.popLast() {
            pending.append(contentsOf: node.children(viewMode: .sourceAccurate))
            let tokens = Array(node.tokens(viewMode: .sourceAccurate))
            let length = node.totalLength.utf8Length
            let expectedStart = length > 0
                ? (tokens.first { $0.totalLength.utf8Length > 0 }?.positionAfterSkippingLeadingTrivia ?? node.position).utf8Offset
                : node.position.utf8Offset
            #expect(table.textStart(ofNodeAt: node.position.utf8Offset, length: length) == expectedStart, "\(node.kind) at \(node.position)")
            var expectedText = ""
            var pendingSpace = false
            for token in tokens {
                if !expectedText.isEmpty && (pendingSpace || !token.leadingTrivia.isEmpty) { expectedText += " " }
                expectedText += token.text
                pendingSpace = !token.trailingTrivia.isEmpty
            }
            let text = table.text(from: node.position.utf8Offset, to: node.endPosition.utf8Offset, limit: 100_000)
            #expect(text == expectedText, "\(node.kind) at \(node.position)")
            if expectedText.count > 12 {
                #expect(table.text(from: node.position.utf8Offset, to: node.endPosition.utf8Offset, limit: 10) == expectedText.prefix(9) + "…")
            }
            checked += 1
        }
        #expect(checked > 50)
    }

    @Test func aTreeDeeperThanTheLimitIsMarked() {
        let source = "let x = f(g(h(i(j(k(1))))))\n"
        let tree = Parser.parse(source: source)
        #expect(TreeScan(tree.raw, source: source, depthLimit: 8).isTooDeep)
        #expect(!TreeScan(tree.raw, source: source, depthLimit: 200).isTooDeep)
    }
}
