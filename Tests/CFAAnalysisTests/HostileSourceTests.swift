@testable import CFAAnalysis
import Testing

/// The shapes issue 25 found to crash (stack overflow) or stall (quadratic walks, a 20 MB literal) the analyser, each
/// alone in the compliant app: a file within the limits is analysed, one past them is a `cfa-gate.source-unreadable`
/// finding naming the file, the line and the limit, which nothing silences.
struct HostileSourceTests {
    enum Shape: String, CaseIterable {
        case memberChain30k, elseIf10k, calls100k, optional100k, array20MB, nestedTypeBrackets

        /// The file's text; the hostile part is on line 2 (line 1 for the array, which is refused by size).
        var source: String {
            switch self {
            case .memberChain30k: "func member(x: Chain) {\n    _ = x" + String(repeating: ".a", count: 30_000) + "\n}\n"
            case .elseIf10k: "func branch(x: Int) {\n    if x == 0 {}" + String(repeating: " else if x == 1 {}", count: 10_000) + "\n}\n"
            case .calls100k: "func call(f: () -> Void) {\n    _ = f" + String(repeating: "()", count: 100_000) + "\n}\n"
            case .optional100k: "func optional(x: Int?) {\n    _ = x" + String(repeating: "?.a", count: 100_000) + "\n}\n"
            case .array20MB: "let numbers = [" + String(repeating: "1, ", count: 7_000_000) + "1]\n"
            case .nestedTypeBrackets: "let cells:\n    " + String(repeating: "[", count: 24) + "Int" + String(repeating: "]", count: 24) + " = []\n"
            }
        }

        var limit: SourceRefusal.Limit {
            switch self {
            case .array20MB: .size
            case .nestedTypeBrackets: .brackets
            default: .depth
            }
        }
    }

    private static let path = "App/2 - AppModel/Features/Hostile.swift"

    private static func analyze(_ source: String, configuration: AnalysisConfiguration = AnalysisConfiguration()) async -> AnalysisResult {
        let files = CompliantApp.files.merging([path: source]) { _, new in new }
        let inputs = files.map { SourceInput.text($0.value, path: $0.key) }
        return await Analyzer.analyze(sources: inputs, configuration: configuration)
    }

    @Test(arguments: Shape.allCases)
    func aFilePastTheLimitsIsAnUnreadableSourceNamingItsLine(_ shape: Shape) async throws {
        let result = await Self.analyze(shape.source)
        let unreadable = result.findings.filter { $0.rule == SourceUnreadable.id }
        #expect(unreadable.count == 1, "\(result.findings)")
        let finding = try #require(unreadable.first)
        #expect(finding.file == Self.path)
        #expect(finding.severity == .error)
        #expect(finding.line == (shape == .array20MB ? 1 : 2))
        #expect(finding.message.hasPrefix("not analysed: "))
        let refusal = try #require(FactExtractor.refusal(before: shape.source))
        #expect(refusal.limit == shape.limit)
        // The rest of the app is still analysed.
        #expect(result.fileCount == CompliantApp.files.count + 1)
    }

    /// A legal 10,000-member chain is analysed, not refused; its name prefixes are recorded once, up to a bound.
    @Test func aTenThousandMemberChainIsAnalysed() async {
        let source = "struct Chain { let a: Chain? = nil }\nfunc member(x: Chain) {\n    _ = x" + String(repeating: ".a", count: 10_000) + "\n}\n"
        #expect(FactExtractor.refusal(before: source) == nil)
        let facts = FactExtractor.facts(path: "Chain.swift", source: source)
        #expect(facts.refusal == nil)
        let chains = facts.fileScope.references.map(\.name).filter { $0.hasPrefix("x.") }
        #expect(chains.count == FactExtractor.recordedChainMembers)
        #expect(chains.first == "x" + String(repeating: ".a", count: FactExtractor.recordedChainMembers))
        #expect(chains.last == "x.a")
        let result = await Self.analyze(source)
        #expect(!result.findings.contains { $0.rule == SourceUnreadable.id })
    }

    @Test func chainPrefixesAreKeptAsBefore() {
        let facts = FactExtractor.facts(path: "A.swift", source: "func f() { _ = AppModel.shared.ordersFeature.items }\n")
        let names = facts.fileScope.references.map(\.name)
        #expect(names.contains("AppModel.shared.ordersFeature.items"))
        #expect(names.contains("AppModel.shared.ordersFeature"))
        #expect(names.contains("AppModel.shared"))
        #expect(names.filter { $0 == "AppModel.shared" }.count == 1)
    }

    /// Neither a suppression, nor the configuration, nor a baseline silences it.
    @Test func nothingSilencesIt() async {
        let source = "// cfa-gate:ignore cfa-gate.source-unreadable -- generated\n" + Shape.memberChain30k.source
        var configuration = AnalysisConfiguration()
        configuration.rules = Dictionary(uniqueKeysWithValues: RuleCatalog.descriptors.map { ($0.id, .off) })
        let result = await Self.analyze(source, configuration: configuration)
        let unreadable = result.findings.filter { $0.rule == SourceUnreadable.id }
        #expect(unreadable.count == 1)
        #expect(result.suppressed.isEmpty)
        #expect(Baseline(findings: result.findings).findingCount == 0)
        let baselined = Baseline(entries: unreadable.map { Baseline.Entry(FindingFingerprint($0)) }).apply(to: result)
        #expect(baselined.findings.contains { $0.rule == SourceUnreadable.id })
    }

    /// The refusal is cached like any facts, and read back the same.
    @Test func aRefusalSurvivesTheFactsCodec() throws {
        let facts = FactExtractor.facts(path: "H.swift", source: Shape.calls100k.source)
        #expect(facts.refusal?.limit == .depth)
        #expect(try FactsCodec.decode(FactsCodec.encode(facts)[...]) == facts)
    }

    /// Ordinary code stays far from the limits: the compliant app and every rule example pass the pre-scan.
    @Test func ordinaryCodeIsNeverRefused() {
        for (path, source) in CompliantApp.files {
            #expect(FactExtractor.refusal(before: source) == nil, "\(path)")
        }
        let nestedData = "let table: [[[String]]] = [[[\"a\", \"b\"]], [[\"c\"]]]\nlet json = [\"a\": [\"b\": [\"c\": [\"d\": [1, 2]]]]]\n"
        #expect(FactExtractor.refusal(before: String(repeating: nestedData, count: 500)) == nil)
    }

    /// The scan counts what the parser nests, wherever the text hides it.
    @Test func theScanSeesThroughStringsCommentsAndLineBreaks() {
        let deep = 30
        func chain(_ count: Int) -> String { "x" + String(repeating: ".a", count: count) }
        // Within a small limit: every form of the same 30-member chain is refused.
        let forms = [
            chain(deep),
            "x\n" + String(repeating: "    .a\n", count: deep),
            "\"\\(" + chain(deep) + ")\"",
            "#\"\\#(" + chain(deep) + ")\"#",
            "\"\"\"\n\\(" + chain(deep) + ")\n\"\"\"",
            "f(" + chain(deep / 2) + ")" + String(repeating: ".a", count: deep / 2 + 1),
        ]
        for form in forms {
            #expect(DepthScan.refusal(in: "let v = " + form + "\n", depthLimit: 25)?.limit == .depth, "\(form)")
        }
        // Text in comments and strings is no code, and separate statements do not add up.
        let harmless = [
            "// " + chain(deep), "/* " + chain(deep) + " */", "\"" + chain(deep) + "\"", "let a = 1\n" + String(repeating: "x.a\n", count: deep),
            "f(" + String(repeating: "x.a, ", count: deep) + ")",
        ]
        for text in harmless {
            #expect(DepthScan.refusal(in: text + "\n", depthLimit: 25) == nil, "\(text)")
        }
    }
}
