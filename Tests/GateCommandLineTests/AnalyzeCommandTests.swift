import Foundation
import GateTestSupport
import Testing

/// `cfa-gate analyze` and `cfa-gate inventory` on real folders, through the built binary.
struct AnalyzeCommandTests {
    private static var exampleApp: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/HabitTracker").path
    }

    @Test func theBundledExampleHasNoFindings() throws {
        let fixture = try GitFixture()
        let result = try CFAGateBinary.run(["analyze", "--repo", Self.exampleApp, "--no-cache"], in: fixture)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("0 errors, 0 warnings in "))
    }

    @Test func aFlatSwiftUIAppFailsWithAdoptionFindingsInEveryFormat() throws {
        let fixture = try GitFixture()
        try fixture.write("Flat/ContentView.swift", "import SwiftUI\nstruct ContentView: View {\n    var body: some View { Text(\"hi\") }\n}\n")
        let text = try CFAGateBinary.run(["analyze", "--repo", fixture.root], in: fixture)
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("Flat/ContentView.swift:1:1: error: not a CFA app: adoption needed — no composition root"))
        #expect(text.standardOutput.contains("[CFA-ADOPTION]"))

        let json = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "json"], in: fixture)
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 1)
        #expect(Set(findings.first!.keys) == ["rule", "severity", "file", "line", "column", "message"])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1)
        #expect(summary["files"] as? Int == 1)

        let sarif = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "sarif"], in: fixture)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
    }

    @Test func aBadConfigurationIsAUsageError() throws {
        let fixture = try GitFixture()
        try fixture.write(".cfa-gate.json", "{\"rootview\": \"RootView\"}")
        let result = try CFAGateBinary.run(["analyze", "--repo", fixture.root], in: fixture)
        #expect(result.status == 2)
        #expect(result.standardError.contains(".cfa-gate.json: unknown key \"rootview\""))
    }

    @Test func theInventoryListsTheExamplesParts() throws {
        let fixture = try GitFixture()
        let text = try CFAGateBinary.run(["inventory", "--repo", Self.exampleApp, "--no-cache"], in: fixture)
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("HabitListView → HabitListViewModel → habitsFeature"))
        #expect(text.standardOutput.contains("HabitsFeature (AppModel.habitsFeature, uses HabitRepository, starts with startLoading())"))
        let json = try CFAGateBinary.run(["inventory", "--repo", Self.exampleApp, "--format", "json", "--no-cache"], in: fixture)
        let inventory = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((inventory["features"] as? [Any])?.count == 2)
    }
}

/// `cfa-gate inventory --diff` through the binary: the changelog, exit codes and history problems.
struct InventoryDiffCommandTests {
    private func appRepository() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        for (path, text) in CompliantApp.files { try fixture.write(path, text) }
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "app")
        return fixture
    }

    @Test func aNewFeatureReadsLikeAChangelogAndFailsWithoutItsTest() throws {
        let fixture = try appRepository()
        try fixture.write("App/2 - AppModel/Features/SyncFeature.swift", "import Observation\n\n@MainActor @Observable\nfinal class SyncFeature {}\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "sync")
        let text = try CFAGateBinary.run(["inventory", "--diff", "HEAD~1..HEAD"], in: fixture)
        #expect(text.status == 1)
        #expect(text.standardOutput.contains("+ Feature SyncFeature   App/2 - AppModel/Features/SyncFeature.swift:3"))
        #expect(text.standardOutput.contains("✗ new Feature SyncFeature has no Feature test — add Tests/AppTests/Feature Tests/SyncFeatureTests.swift"))
        #expect(text.standardOutput.contains("base: --base HEAD~1"))
        let markdown = try CFAGateBinary.run(["inventory", "--diff", "HEAD", "--format", "markdown"], in: fixture)
        #expect(markdown.standardOutput.contains("- [ ] new Feature SyncFeature is not wired into AppModel"))
        let json = try CFAGateBinary.run(["inventory", "--diff", "HEAD", "--format", "json"], in: fixture)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect((document["problems"] as? [Any])?.count == 2)
    }

    @Test func anUnknownRevisionOrABadRangeIsAUsageError() throws {
        let fixture = try appRepository()
        let unknown = try CFAGateBinary.run(["inventory", "--diff", "nope..HEAD"], in: fixture)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("nope"))
        #expect(try CFAGateBinary.run(["inventory", "--diff", "a...b"], in: fixture).status == 2)
    }

    @Test func aShallowCloneWithoutTheMergeBaseSaysToFetchMoreHistory() throws {
        let source = try appRepository()
        try source.write("App/Domain/A.swift", "struct A {}\n")
        try source.git("add", "-A")
        try source.git("commit", "-q", "-m", "main moves on")
        try source.git("checkout", "-q", "-b", "topic", "HEAD~1")
        try source.write("App/Domain/B.swift", "struct B {}\n")
        try source.git("add", "-A")
        try source.git("commit", "-q", "-m", "topic work")
        let clone = try GitFixture()
        try clone.git("clone", "-q", "--depth", "1", "--no-single-branch", "--branch", "topic", "file://\(source.root)", "shallow")
        let result = try CFAGateBinary.run(["inventory", "--diff", "HEAD", "--repo", clone.path("shallow")], in: clone)
        #expect(result.status == 2)
        #expect(result.standardError.contains("git fetch --unshallow"))
    }
}
