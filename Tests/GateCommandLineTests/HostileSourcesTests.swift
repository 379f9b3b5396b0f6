import Foundation
import GateTestSupport
import Testing

/// A Swift file built to crash or stall the analyser (issue 25) ends `analyze` and `run` with a finding naming it, not
/// with a signal: exit 1, and every `cfa` item and the inventory failed.
struct HostileSourcesTests {
    private let hostile = "App/2 - AppModel/Features/Hostile.swift"
    private let source = "func branch(x: Int) {\n    if x == 0 {}" + String(repeating: " else if x == 1 {}", count: 10_000) + "\n}\n"

    @Test func analyzeAndRunEndWithTheUnreadableSourceFinding() throws {
        let fixture = try ChangeFixture.make(base: ChangeFixture.compliantAppWithAnalysisItems, change: [hostile: source])

        let analysis = try CFAGateBinary.run(["analyze", "--repo", fixture.root], in: fixture)
        #expect(analysis.status == 1, "\(analysis.standardOutput)\(analysis.standardError)")
        #expect(analysis.standardOutput.contains("\(hostile):2:1: error: not analysed: expressions nest deeper than"), "\(analysis.standardOutput)")
        #expect(analysis.standardOutput.contains("[cfa-gate.source-unreadable]"))

        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let items = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["items"] as? [[String: Any]])
        for number in [17, 23] {
            let item = try #require(items.first { $0["number"] as? Int == number })
            #expect(item["status"] as? String == "failed", "\(item)")
            let diagnostics = (item["evidence"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
            let unreadable = diagnostics.filter { $0["name"] as? String == "cfa-gate.source-unreadable" }
            #expect(unreadable.compactMap { $0["file"] as? String } == [hostile], "item \(number): \(diagnostics)")
            #expect(unreadable.compactMap { $0["line"] as? Int } == [2])
        }
    }
}
