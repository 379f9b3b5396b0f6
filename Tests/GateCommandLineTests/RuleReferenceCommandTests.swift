import Foundation
import GateTestSupport
import Testing

/// `cfa-gate analyze --rule-reference DIR` (hidden; run by Scripts/update-rule-reference.sh) writes exactly what
/// Documentation/Rules holds: given the folder's index, it reproduces every page and the table of rules.
struct RuleReferenceCommandTests {
    @Test func theHiddenOptionWritesTheDocumentedReference() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let documented = root.appendingPathComponent("Documentation/Rules")
        let fixture = try GitFixture()
        let written = URL(fileURLWithPath: fixture.path("Rules"))
        try FileManager.default.createDirectory(at: written, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: documented.appendingPathComponent("README.md"), to: written.appendingPathComponent("README.md"))
        let result = try CFAGateBinary.run(["analyze", "--rule-reference", written.path], in: fixture)
        #expect(result.status == 0, "\(result.standardError)")
        let expected = try FileManager.default.contentsOfDirectory(atPath: documented.path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: written.path).sorted() == expected)
        #expect(expected.contains("CFA-VIEWMODEL-INLINE.md"))
        for name in expected {
            let found = try Data(contentsOf: written.appendingPathComponent(name))
            #expect(found == (try Data(contentsOf: documented.appendingPathComponent(name))), "\(name) differs")
        }
    }
}
