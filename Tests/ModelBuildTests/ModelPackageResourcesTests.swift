import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import ModelBuild

@Suite("Model package: test fixtures as resources, and the module's name without tests")
struct ModelPackageResourcesTests {
    private static func swift() throws -> String { try ToolchainSwift.path() }

    @Test("a test folder's fixtures are the test target's resources; Apple build formats, Info.plist, hidden files and links are not")
    func fixturesBecomeResources() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ModelBuildApp.files.merging([
            "HabitsTests/Fixtures/habits.json": "[\"Read\"]\n",
            "HabitsTests/Fixtures/Deep/more \"habits\".txt": "Walk\n",
            "HabitsTests/Other/habits.json": "[]\n",
            "HabitsTests/Info.plist": "<plist/>\n",
            "HabitsTests/Fixtures/.hidden": "x\n",
            "HabitsTests/Media.xcassets/Contents.json": "{}\n",
            "Habits/Resources/app.json": "{}\n",
        ]) { $1 })
        try FileManager.default.createSymbolicLink(atPath: fixture.path("HabitsTests/Fixtures/passwd"), withDestinationPath: "/etc/passwd")
        let package = try await ModelBuild.prepare(
            repositoryRoot: fixture.root, swift: try Self.swift(), workFolder: fixture.path(".git/model-work"), cacheFolder: nil,
            environment: fixture.isolatedEnvironment, configuration: AnalysisConfiguration())
        // One file per name (SwiftPM, like Xcode, flattens them): the first in path order wins.
        #expect(package.testResources == ["HabitsTests/Fixtures/Deep/more \"habits\".txt", "HabitsTests/Fixtures/habits.json"])
        let manifest = try String(contentsOfFile: "\(package.directory)/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#"resources: [.process("HabitsTests/Fixtures/Deep/more \u{22}habits\u{22}.txt"), .process("HabitsTests/Fixtures/habits.json")]"#))
        // A copy of the committed bytes, not a link: SwiftPM would carry a link into the test bundle as a link.
        let copy = "\(package.directory)/\(package.testFolder)/HabitsTests/Fixtures/habits.json"
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: copy)) == nil)
        #expect(FileManager.default.contents(atPath: copy) == Data("[\"Read\"]\n".utf8))
    }

    @Test("a repository path is written into the manifest as a literal nothing can end early")
    func literalEscapesEverythingButPlainPathCharacters() {
        #expect(ModelPackage.swiftLiteral("A/b c.json") == #""A/b c.json""#)
        #expect(ModelPackage.swiftLiteral("x\")\n#\\") == #""x\u{22}\u{29}\u{a}\u{23}\u{5c}""#)
    }

    @Test("with no test naming the module, it is the Xcode project's, as an identifier")
    func moduleFromTheProject() async throws {
        #expect(ModelBuild.moduleIdentifier("123 Calc") == "_23_Calc")
        #expect(ModelBuild.moduleIdentifier("CFATemplate") == "CFATemplate")
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: [
            "My App.xcodeproj/project.pbxproj": "{ }\n",
            "My App/Counter.swift": "struct Counter { var value = 0 }\n",
        ])
        let package = try await ModelBuild.prepare(
            repositoryRoot: fixture.root, swift: try Self.swift(), workFolder: fixture.path(".git/model-work"), cacheFolder: nil,
            environment: fixture.isolatedEnvironment, configuration: AnalysisConfiguration())
        #expect(package.selection.appModule == "My_App")
    }
}
