@testable import CFAAnalysis
internal import SwiftParser
internal import SwiftSyntax
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

/// The raw-tree depth check agrees with the walk over syntax nodes that finds the too-deep node.
struct TreeDepthCheckTests {
    @Test func theRawCheckAndTheNodeWalkAgreeAtEveryLimit() {
        let source = (CompliantApp.files.first { $0.key.hasSuffix("Feature.swift") }?.value ?? "")
            + "\nlet chain = a.b.c.d.e.f.g.h(1)(2)[3]?.i ?? j\n#if DEBUG\nfunc f() { if x { if y { [[[(1)]]] } } }\n#endif\n"
        let tree = Parser.parse(source: source)
        var deepest = 0
        for limit in 0..<400 {
            let walked = FactExtractor.node(deeperThan: limit, in: tree) != nil
            #expect(FactExtractor.isTree(tree, deeperThan: limit) == walked, "limit \(limit)")
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
