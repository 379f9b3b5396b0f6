import Foundation
import GateTestSupport
import Testing

/// A test target that declares XCTest's `XCTAssertEqual` binds every assertion of its module to its own: the `test`
/// item fails on that declaration, with its file and line, in the verdict and on the reviewer's page.
struct ShadowedAssertionTests {
    @Test func aNoOpXCTAssertEqualInATestHelperFailsTheTestItemWithItsLine() throws {
        let fixture = try GitFixture()
        try fixture.write("Package.swift", "// swift-tools-version:6.0\n")
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": "# Gate\n\n1. **Tests pass.** <!-- probe: test -->\n"])
        try fixture.git("checkout", "-q", "-b", "change")
        try AttackPackages.writeShadowedAssertions(into: fixture)
        try fixture.git("add", "-A")
        try fixture.git("commit", "-qm", "a helper")

        let result = try CFAGateBinary.run(
            ["run", "--no-progress", "--out", fixture.path("v.json"), "--summary", fixture.path("summary.md")], in: fixture,
            environment: SwiftPackageFixture.environment(for: fixture))
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let predicate = try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))
        #expect(predicate["result"] as? String == "failed")
        let item = try #require((predicate["items"] as? [[String: Any]])?.first)
        #expect(item["status"] as? String == "failed")
        let summary = item["summary"] as? String ?? ""
        #expect(summary.contains("Tests/ShadowedTests/TestHelpers.swift:4: declares `XCTAssertEqual`"), "\(summary)")
        #expect(summary.contains("rename the helper; a test target may not declare `XCTAssertEqual`"), "\(summary)")
        let diagnostics = (item["evidence"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["file"] as? String == "Tests/ShadowedTests/TestHelpers.swift")
        #expect(diagnostics.first?["line"] as? Int == 4)
        #expect(diagnostics.first?["name"] as? String == "CFA-TEST-FRAMEWORK-INTACT")

        let page = try String(contentsOfFile: fixture.path("summary.md"), encoding: .utf8)
        #expect(page.contains("TestHelpers.swift"), "\(page)")
        #expect(page.contains("CFA-TEST-FRAMEWORK-INTACT"), "\(page)")
    }
}
