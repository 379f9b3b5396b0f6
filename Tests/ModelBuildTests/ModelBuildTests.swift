import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import ModelBuild

@Suite("Model build: choosing and assembling an Xcode app's Linux package")
struct ModelBuildTests {
    private static func swift() throws -> String { try ToolchainSwift.path() }

    private static func parse(_ files: [String: String]) async -> [SourceNames] {
        let inputs = files.sorted { $0.key < $1.key }.map { SourceInput.text($0.value, path: $0.key) }
        return await Analyzer.parseRevisions([inputs])[0].facts.map(\.sourceNames)
    }

    @Test("the CFA app's Features, repositories and ViewModels join; SwiftUI, StoreKit and what names their types are left out, with reasons")
    func choosesTheModelFiles() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ModelBuildApp.files)
        let work = fixture.path(".git/model-work")
        let package = try await ModelBuild.prepare(
            repositoryRoot: fixture.root, swift: try Self.swift(), workFolder: work, cacheFolder: nil, environment: fixture.isolatedEnvironment,
            configuration: AnalysisConfiguration())
        let selection = package.selection
        #expect(selection.appModule == ModelBuildApp.appModule)
        #expect(selection.sources == ModelBuildApp.compiledSources)
        #expect(selection.tests == ModelBuildApp.compiledTests)
        #expect(Dictionary(uniqueKeysWithValues: selection.excluded.map { ($0.path, $0.reason.description) }) == ModelBuildApp.excluded)
        #expect(selection.summary == "model build: 10 of 18 files; left out: SwiftUI 3, StoreKit 1, via left-out types 3, UI tests 1")
        // Every compiled file is a link to the committed file, under its repository path; the package is not in the tree.
        for path in selection.sources {
            let link = "\(package.directory)/\(package.sourceFolder)/\(path)"
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "\(fixture.root)/\(path)")
            #expect(package.repositoryPath(ofCompiled: link) == path)
        }
        for path in selection.tests {
            let link = "\(package.directory)/\(package.testFolder)/\(path)"
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "\(fixture.root)/\(path)")
        }
        let manifest = try String(contentsOfFile: "\(package.directory)/Package.swift", encoding: .utf8)
        #expect(manifest.contains(#".target(name: "Habits", path: "Sources/Habits")"#))
        #expect(manifest.contains(#".testTarget(name: "HabitsTests", dependencies: ["Habits"], path: "Tests/HabitsTests")"#))
        #expect(manifest.contains("swiftLanguageModes: [.v5]"))
        #expect(try fixture.git("status", "--porcelain").isEmpty)
    }

    @Test("a file that names a type declared only in a left-out file is left out, transitively, and a test file with it")
    func leavesOutTransitively() async {
        let files = await Self.parse([
            "App/Theme.swift": "import SwiftUI\nenum Tint { case red }\n",
            "App/Badge.swift": "struct Badge { var tint: Tint }\n",
            "App/Row.swift": "struct Row { let badge: Badge }\n",
            "App/Count.swift": "struct Count { var value: Int }\n",
            "AppTests/RowTests.swift": "import Testing\n@testable import App\nstruct RowTests { @Test func row() { _ = Row.self } }\n",
            "AppTests/CountTests.swift": "import XCTest\n@testable import App\nfinal class CountTests: XCTestCase { func testCount() {} }\n",
        ])
        let selection = ModelSelection.choose(files, available: ["Foundation", "Testing", "XCTest"])
        #expect(selection.sources == ["App/Count.swift"])
        #expect(selection.tests == ["AppTests/CountTests.swift"])
        #expect(selection.excluded.map(\.path) == ["App/Badge.swift", "App/Row.swift", "App/Theme.swift", "AppTests/RowTests.swift"])
        #expect(selection.excluded.first { $0.path == "App/Row.swift" }?.reason == .namesLeftOutType(name: "Badge", declaredIn: "App/Badge.swift"))
    }

    @Test("an import of M under `#if canImport(M)` never leaves a file out; an `#else` import is decided by the toolchain's answer")
    func guardedImports() async {
        let files = await Self.parse([
            "App/Guarded.swift":
                "import Foundation\n#if canImport(SwiftUI)\nimport SwiftUI\nextension Tint { var name: String { \"\" } }\n#endif\nenum Tint { case red }\n",
            "App/ElseBranch.swift": "#if canImport(CryptoKit)\nimport CryptoKit\n#else\nimport Crypto\n#endif\nstruct Digest {}\n",
            "App/OtherCondition.swift": "#if os(iOS)\nimport UIKit\n#endif\nstruct Haptics {}\n",
        ])
        let selection = ModelSelection.choose(files, available: ["Foundation"])
        #expect(selection.sources == ["App/Guarded.swift", "App/OtherCondition.swift"])
        #expect(selection.excluded == [.init(path: "App/ElseBranch.swift", reason: .importsUnavailable(module: "Crypto"))])
    }

    @Test("an app's entry point is left out of the library; a name the app does not declare is left to the compiler")
    func entryPointAndUnknownNames() async {
        let files = await Self.parse([
            "App/Main.swift": "@main struct Tool { static func main() {} }\n",
            "App/Clock.swift": "import Foundation\nstruct Clock { var now: Date; var unknown: NotDeclaredAnywhere }\n",
        ])
        let selection = ModelSelection.choose(files, available: ["Foundation"])
        #expect(selection.excluded == [.init(path: "App/Main.swift", reason: .entryPoint)])
        #expect(selection.sources == ["App/Clock.swift"])
    }

    @Test("a UI test file, which XCTest on Linux cannot compile or run, is left out and its tests listed")
    func uiTests() async {
        let files = await Self.parse([
            "App/Count.swift": "struct Count {}\n",
            "AppUITests/LaunchTests.swift": """
                import XCTest
                final class LaunchTests: XCTestCase {
                    func testLaunch() { XCUIApplication().launch() }
                }
                """,
        ])
        let selection = ModelSelection.choose(files, available: ["XCTest"])
        #expect(selection.tests.isEmpty)
        #expect(selection.excluded == [.init(path: "AppUITests/LaunchTests.swift", reason: .drivesTheApp(name: "XCUIApplication"))])
        #expect(selection.excludedTests.map(\.tests) == [["LaunchTests/testLaunch"]])
    }

    @Test("the tests a left-out file declares are named as Swift Testing and XCTest name them")
    func declaredTests() async {
        let files = await Self.parse([
            "AppTests/Mixed.swift": """
                import Testing
                import XCTest
                struct Suite {
                    @Test func plain() {}
                    @Test("named") func labelled(value: Int, _ other: Int) {}
                    func helper() {}
                }
                final class Cases: XCTestCase {
                    func testOne() {}
                    func testWith(argument: Int) {}
                    func setUpHelper() {}
                }
                """
        ])
        #expect(files.first?.declaredTests == ["Suite/plain()", "Suite/labelled(value:_:)", "Cases/testOne"])
    }

    @Test("XCTest methods declared in an extension, in the class's file or another, are a left-out file's tests too")
    func extensionTestsAreAccountedFor() async {
        let files = await Self.parse([
            "App/Palette.swift": "import SwiftUI\nenum Palette { case calm }\n",
            "AppTests/PaletteTests.swift": """
                import XCTest
                @testable import App
                final class PaletteTests: XCTestCase {
                    func testCalm() { _ = Palette.calm }
                }
                extension PaletteTests {
                    func testAgain() {}
                    func testWith(value: Int) {}
                }
                """,
            "AppTests/PaletteTests+More.swift": """
                import XCTest
                @testable import App
                extension PaletteTests {
                    func testMore() { _ = Palette.calm }
                }
                extension String {
                    func testNotATest() {}
                }
                """,
        ])
        let selection = ModelSelection.choose(files, available: ["Foundation", "XCTest"])
        #expect(selection.excludedTests.map(\.path) == ["AppTests/PaletteTests+More.swift", "AppTests/PaletteTests.swift"])
        #expect(selection.excludedTests.map(\.tests) == [["PaletteTests/testMore"], ["PaletteTests/testCalm", "PaletteTests/testAgain"]])
    }

    @Test("the toolchain is asked which modules exist; only modules found are remembered, per toolchain")
    func asksTheToolchain() async throws {
        let fixture = try GitFixture()
        let swiftc = URL(fileURLWithPath: try Self.swift()).deletingLastPathComponent().appendingPathComponent("swiftc").path
        let cache = fixture.path("cache")
        let modules = ToolchainModules(swiftc: swiftc, workFolder: fixture.path("work"), cacheFolder: cache, environment: fixture.isolatedEnvironment)
        #expect(await modules.available(["Foundation", "SwiftUI", "not a module"]) == ["Foundation"])
        let folder = "\(cache)/toolchain-modules"
        let stored = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(stored.count == 1)
        #expect(try String(contentsOfFile: "\(folder)/\(stored[0])", encoding: .utf8) == "Foundation\n")
        // A remembered answer is used as it is: planted, it can only make a file join and fail to compile.
        try "Foundation\nPlanted\n".write(toFile: "\(folder)/\(stored[0])", atomically: true, encoding: .utf8)
        #expect(await modules.available(["Planted", "SwiftUI"]) == ["Planted"])
    }

    @Test("a repository with no file that compiles here is an error, never an empty pass")
    func nothingToCompile() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["App/ContentView.swift": "import SwiftUI\nstruct ContentView: View { var body: some View { Text(\"\") } }\n"])
        await #expect(throws: ModelBuildError.nothingToCompile(summary: "model build: 0 of 1 files; left out: SwiftUI 1")) {
            try await ModelBuild.prepare(
                repositoryRoot: fixture.root, swift: try Self.swift(), workFolder: fixture.path(".git/model-work"), cacheFolder: nil,
                environment: fixture.isolatedEnvironment, configuration: AnalysisConfiguration())
        }
    }
}
