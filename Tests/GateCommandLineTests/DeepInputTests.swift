import Foundation
import GateTestSupport
import Testing

/// Issue 18: input the change controls, nested thousands deep, is refused with one line naming the file and line
/// (exit 2), never a crash. The Markdown walk is depth-limited before the tree is copied; Foundation's JSON parsers
/// refuse nesting past 512 levels by themselves, with an error, so a verdict or baseline nested 100,000 deep is
/// just an unreadable file.
@Suite struct DeepInputTests {
    static let depth = 10_000

    private func run(checklist: String, _ arguments: [String]) throws -> ProcessResult {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": checklist])
        return try CFAGateBinary.run(arguments, in: fixture)
    }

    @Test(arguments: [
        ("nested lists", "# Deep\n\n1. **Top.**\n\n" + String(repeating: "- ", count: depth) + "bottom\n"),
        ("nested ordered lists", "# Deep\n\n" + String(repeating: "1. ", count: depth) + "bottom\n"),
        ("nested block quotes", "# Deep\n\n1. **Top.**\n\n" + String(repeating: ">", count: depth) + " bottom\n"),
        ("nested emphasis", "# Deep\n\n1. **Top.** " + String(repeating: "*a ", count: depth) + String(repeating: "b*", count: depth) + "\n"),
    ])
    func aChecklistNestedTenThousandDeepIsRefusedWithItsLine(_ kind: String, _ checklist: String) throws {
        for command in [["list"], ["run"]] {
            let result = try run(checklist: checklist, command)
            #expect(result.status == 2, "\(kind), \(command): \(result.status) \(result.standardError)")
            #expect(result.standardError.contains("gate/cfa-change-gate.md:"), "\(kind): \(result.standardError)")
            #expect(result.standardError.contains("more than 100 levels deep"), "\(kind): \(result.standardError)")
        }
    }

    @Test func aVerdictOrBaselineNestedDeepIsAnUnreadableFileNotACrash() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        try fixture.write("deep.json", deep)
        let show = try CFAGateBinary.run(["show", fixture.path("deep.json")], in: fixture)
        #expect([2, 4].contains(show.status), "\(show.status) \(show.standardError)")
        #expect(show.standardError.contains("deep.json"))
        try fixture.write(".cfa-gate-baseline.json", "{\"version\": 1, \"findings\": " + deep + "}")
        let analyze = try CFAGateBinary.run(["analyze", "--repo", fixture.root], in: fixture)
        #expect(analyze.status == 2, "\(analyze.status) \(analyze.standardError)")
        #expect(analyze.standardError.contains(".cfa-gate-baseline.json"))
    }
}
