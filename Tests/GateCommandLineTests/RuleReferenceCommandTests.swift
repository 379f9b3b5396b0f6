import Foundation
import GateTestSupport
import Testing

/// `cfa-gate analyze --rule-reference` (hidden; used by Scripts/update-rule-reference.sh) prints exactly
/// what README.md holds between its rule reference markers.
struct RuleReferenceCommandTests {
    @Test func theHiddenFlagPrintsTheReadmeSection() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "RULE REFERENCE: generated from the rule descriptors by Scripts/update-rule-reference.sh -->\n"))
        let end = try #require(readme.range(of: "<!-- END RULE REFERENCE -->", range: begin.upperBound..<readme.endIndex))
        let fixture = try GitFixture()
        let result = try CFAGateBinary.run(["analyze", "--rule-reference"], in: fixture)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == String(readme[begin.upperBound..<end.lowerBound]))
        #expect(result.standardOutput.contains("### CFA-VIEWMODEL-INLINE (item 1, error)"))
    }
}
