@testable import CFAAnalysis
import Foundation
import Testing

/// Test code that disarms the test frameworks is found with its line; helpers with other names never are.
struct TestFrameworkShadowingTests {
    @Test(arguments: TestFrameworkShadowing.examples.indices)
    func eachExampleReportsExactlyItsMarkers(_ index: Int) async {
        let example = TestFrameworkShadowing.examples[index]
        let sources = example.files.map { SourceInput.text($0.text.filter { $0 != RuleExample.marker }, path: $0.path) }
        let findings = await TestFrameworkShadowing.findings(in: sources)
        let found = findings.map { RuleExample.Marker(file: $0.file, line: $0.line, column: $0.column) }
        #expect(found == example.markers, "example \(index): \(findings.map(\.compilerStyle))")
    }

    @Test func theExamplesShowBothKindsAndEveryFindingNamesTheFix() async {
        #expect(TestFrameworkShadowing.examples.contains { $0.isTriggering })
        #expect(TestFrameworkShadowing.examples.contains { !$0.isTriggering })
        let helper = SourceInput.text("import XCTest\nfunc XCTAssertEqual<T: Equatable>(_ a: T, _ b: T) {}\n", path: "Tests/AppTests/TestHelpers.swift")
        let findings = await TestFrameworkShadowing.findings(in: [helper])
        #expect(findings.map(\.message) == [
            "declares `XCTAssertEqual`, XCTest's assertion: every call of it in this module binds here instead — rename the helper; "
                + "a test target may not declare `XCTAssertEqual`",
        ])
        #expect(findings.first?.line == 2)
    }

    @Test func aFileTheAnalysersLimitsRefuseCannotBeCheckedAndIsAFinding() async {
        let deep = SourceInput.text("let XCTAssertEqual = " + String(repeating: "[", count: 30_000), path: "Tests/AppTests/Deep.swift")
        let findings = await TestFrameworkShadowing.findings(in: [deep])
        #expect(findings.map(\.rule) == [SourceUnreadable.id])
    }

    @Test func theTestCodeIsEveryTestTargetAndWhatItIsBuiltWithFromEveryBranch() {
        let manifest = """
            import PackageDescription
            #if os(Linux)
            let package = Package(name: "A", targets: [
                .target(name: "App", path: "Client"), .target(name: "Support", path: "Shared/Support"), .target(name: "Tool"),
                .testTarget(name: "AppTests", dependencies: ["App", .target(name: "Support")], path: "Checks"),
            ])
            #else
            let package = Package(name: "A", targets: [.testTarget(name: "OtherTests", path: "Elsewhere")])
            #endif
            """
        #expect(TestCodeSources.folders(manifests: [manifest]) == ["Checks", "Client", "Elsewhere", "Shared/Support", "Tests"])
        #expect(TestCodeSources.folders(manifests: []) == [""])
        #expect(TestCodeSources.folders(manifests: nil) == [""])
        #expect(TestCodeSources.folders(manifests: ["let p = \"X\"\nlet package = Package(targets: [.testTarget(name: \"T\", path: p)])"]) == [""])
    }

    @Test func testCodeReadFromDiskIsHeldAndALinkOutOfTheRepositoryIsAFinding() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-test-code-\(UUID().uuidString)").resolvingSymlinksInPath().path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: "\(root)/Tests/AppTests", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(root)/Sources/App", withIntermediateDirectories: true)
        try "import XCTest\nfunc XCTFail() {}\n".write(toFile: "\(root)/Tests/AppTests/Helpers.swift", atomically: true, encoding: .utf8)
        try "func XCTFail() {}\n".write(toFile: "\(root)/Sources/App/NotTestCode.swift", atomically: true, encoding: .utf8)
        // With a manifest, the app's target is no test code; without one the model build would compile it, and it would be.
        let manifest = "let package = Package(name: \"A\", targets: [.target(name: \"App\"), .testTarget(name: \"AppTests\")])\n"
        try manifest.write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(root)/Tests/AppTests/Elsewhere.swift", withDestinationPath: "/nowhere/Elsewhere.swift")

        let sources = TestCodeSources.read(repositoryRoot: root, packagePath: "")
        // Held as text: what is judged is what was read now, whatever happens to the file later.
        try FileManager.default.removeItem(atPath: "\(root)/Tests/AppTests/Helpers.swift")
        let findings = await TestFrameworkShadowing.findings(in: sources)
        #expect(findings.map(\.file) == ["Tests/AppTests/Elsewhere.swift", "Tests/AppTests/Helpers.swift"], "\(findings.map(\.compilerStyle))")
        #expect(findings.map(\.rule) == [SourceLink.id, TestFrameworkShadowing.id])
    }

    @Test func theExampleAppsTestCodeIsClean() async {
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/HabitTracker").path
        let sources = TestCodeSources.read(repositoryRoot: app, packagePath: "")
        #expect(sources.contains { $0.path.hasPrefix("Tests/HabitTrackerTests/") })
        #expect(sources.contains { $0.path.hasPrefix("Sources/HabitTracker/") })
        let findings = await TestFrameworkShadowing.findings(in: sources)
        #expect(findings.isEmpty, "\(findings.map(\.compilerStyle))")
    }
}
