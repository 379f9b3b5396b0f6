import Foundation
import GateTestSupport
import Testing

/// `run --junit/--sarif/--summary`, GitHub Actions output, and `show --format`, through the built binary.
struct ReportOptionsTests {
    private func failingRepository() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": """
            # Gate

            ## Checks

            1. **Fine.** <!-- probe: command: true -->
            2. **Broken.** <!-- probe: command: echo 'bad news' && exit 3 -->
            3. **Look at it.**
            """, ".gitignore": "reports/\n"])
        return fixture
    }

    @Test func runWritesJUnitSARIFAndTheMarkdownPage() throws {
        let fixture = try failingRepository()
        let result = try CFAGateBinary.run(
            ["run", "--junit", fixture.path("reports/junit.xml"), "--sarif", fixture.path("reports/gate.sarif"),
             "--summary", fixture.path("reports/summary.md")], in: fixture)
        #expect(result.status == 1)
        let junit = try String(contentsOfFile: fixture.path("reports/junit.xml"), encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"Checks\""))
        #expect(junit.contains("name=\"2. Broken\""))
        #expect(junit.contains("<failure"))
        let sarif = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.path("reports/gate.sarif")))) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let markdown = try String(contentsOfFile: fixture.path("reports/summary.md"), encoding: .utf8)
        #expect(markdown.contains("FAILED"))
        #expect(markdown.contains("- [ ] 3. Look at it"))
    }

    @Test func inGitHubActionsItemsAreGroupedAnnotatedAndSummarized() throws {
        let fixture = try failingRepository()
        let summaryPath = fixture.path("reports-summary.md")
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["GITHUB_ACTIONS"] = "true"
        environment["GITHUB_STEP_SUMMARY"] = summaryPath
        try fixture.write(".gitignore", "reports/\nreports-summary.md\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "ignore")
        try "previous step\n".write(toFile: summaryPath, atomically: true, encoding: .utf8)
        let verdictPath = fixture.path(".git/elsewhere/verdict.json")
        let result = try CFAGateBinary.run(["run", "--out", verdictPath], in: fixture, environment: environment)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("::group::2. Broken — failed"))
        #expect(lines.contains("::endgroup::"))
        #expect(lines.contains { $0.hasPrefix("::error title=Item 2 failed") })
        let summary = try String(contentsOfFile: summaryPath, encoding: .utf8)
        #expect(summary.hasPrefix("previous step\n"))
        #expect(summary.contains("cfa-gate: FAILED"))
        // The page's verify command names the verdict where `--out` wrote it, not the default path.
        #expect(summary.contains("cfa-gate verify \(verdictPath) --pubkey"), "\(summary)")
        #expect(!summary.contains(".git/cfa-gate/verdicts/"), "\(summary)")
    }

    @Test func showRendersMarkdownAndASelfContainedPage() throws {
        let fixture = try failingRepository()
        #expect(try CFAGateBinary.run(["run", "--out", fixture.path(".git/v.json")], in: fixture).status == 1)
        let markdown = try CFAGateBinary.run(["show", fixture.path(".git/v.json"), "--format", "markdown"], in: fixture)
        #expect(markdown.status == 0)
        #expect(markdown.standardOutput.contains("| 2 | Broken |"))
        let html = try CFAGateBinary.run(["show", fixture.path(".git/v.json"), "--format", "html"], in: fixture)
        #expect(html.standardOutput.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.standardOutput.contains("src=\"http"))
        let bad = try CFAGateBinary.run(["show", fixture.path(".git/v.json"), "--format", "pdf"], in: fixture)
        #expect(bad.status == 2)
    }
}
