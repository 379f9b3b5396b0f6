import CFAAnalysis
import GateTestSupport
import Testing
@testable import ModelBuild

@Suite("Model build: `#if` decided as the Linux compiler will")
struct ConditionalCompilationTests {
    private static let available: Set<String> = ["Foundation", "Observation", "Testing", "XCTest"]

    private static func parse(_ files: [String: String]) async -> [SourceNames] {
        let inputs = files.sorted { $0.key < $1.key }.map { SourceInput.text($0.value, path: $0.key) }
        return await Analyzer.parseRevisions([inputs])[0].facts.map(\.sourceNames)
    }

    @Test("`canImport` by the toolchain's answer, `os(Linux)` true and other systems false, anything else cannot tell")
    func evaluatesConditions() {
        let conditions = CompilationConditions(available: ["Foundation"])
        #expect(conditions.evaluate("canImport(Foundation)") == true)
        #expect(conditions.evaluate("canImport(UIKit)") == false)
        #expect(conditions.evaluate("canImport(UIKit, _version: 2)") == nil)
        #expect(conditions.evaluate("os(Linux)") == true)
        #expect(conditions.evaluate("os(iOS) || os(macOS)") == false)
        #expect(conditions.evaluate("!os(iOS) && canImport(Foundation)") == true)
        #expect(conditions.evaluate("targetEnvironment(simulator)") == false)
        // Unknown: decided only when the other side settles it.
        #expect(conditions.evaluate("DEBUG") == nil)
        #expect(conditions.evaluate("swift(>=5.9)") == nil)
        #expect(conditions.evaluate("arch(arm64) || os(iOS)") == nil)
        #expect(conditions.evaluate("arch(arm64) && os(iOS)") == false)
        #expect(conditions.evaluate("(compiler(>=6) || os(Linux)) && !hasFeature(Embedded)") == nil)
        #expect(conditions.evaluate("compiler(>=6) || os(Linux)") == true)
        // What is no condition cannot be told.
        #expect(conditions.evaluate("os(Linux) &&") == nil)
        #expect(conditions.evaluate("(os(Linux)") == nil)
        #expect(CompilationConditions.importQueries(in: "canImport(UIKit) || canImport(AppKit)") == ["UIKit", "AppKit"])
    }

    @Test("the AppModel whose `live()` guards the StoreKit construction joins, and the ViewModels defaulting from `AppModel.shared` with it")
    func guardedAppModelJoins() async {
        var app = ModelBuildApp.files.merging(ModelBuildApp.sharedDefaultViewModels) { $1 }
        let unguarded = ModelSelection.choose(await Self.parse(app), available: Self.available)
        #expect(unguarded.excluded.map(\.path).contains(ModelBuildApp.appModelPath))
        #expect(unguarded.excluded.map(\.path).contains(ModelBuildApp.premiumViewModelPath))
        #expect(unguarded.excluded.map(\.path).contains(ModelBuildApp.todayViewModelPath))

        app[ModelBuildApp.appModelPath] = ModelBuildApp.guardedAppModel
        app[ModelBuildApp.unlockedRepositoryPath] = ModelBuildApp.unlockedRepository
        let selection = ModelSelection.choose(await Self.parse(app), available: Self.available)
        for path in [ModelBuildApp.appModelPath, ModelBuildApp.premiumViewModelPath, ModelBuildApp.todayViewModelPath, ModelBuildApp.unlockedRepositoryPath] {
            #expect(selection.sources.contains(path), "\(path) should join")
        }
        // Where StoreKit exists, the guarded branch is the one compiled, and the AppModel goes with the adapter it names.
        let withStoreKit = ModelSelection.choose(await Self.parse(app), available: Self.available.union(["StoreKit"]))
        #expect(withStoreKit.sources.contains(ModelBuildApp.storeKitRepositoryPath))
        #expect(withStoreKit.sources.contains(ModelBuildApp.appModelPath))
    }

    @Test("`#if os(iOS) import UIKit` leaves no file out; a name under `#if os(iOS)` ties no file to another")
    func otherPlatformsAreSkipped() async {
        let files = await Self.parse([
            "App/Haptics.swift": "#if os(iOS)\nimport UIKit\n#endif\nstruct Haptics {\n    #if os(iOS)\n    let generator = Tint.red\n    #endif\n}\n",
            "App/Theme.swift": "import SwiftUI\nenum Tint { case red }\n",
            "App/Nested.swift": "#if os(Linux)\n#if os(iOS)\nimport UIKit\n#elseif canImport(Foundation)\nimport Foundation\n#else\nimport AppKit\n#endif\n#endif\nstruct Nested {}\n",
        ])
        let selection = ModelSelection.choose(files, available: Self.available)
        #expect(selection.sources == ["App/Haptics.swift", "App/Nested.swift"])
        #expect(selection.excluded == [.init(path: "App/Theme.swift", reason: .importsUnavailable(module: "SwiftUI"))])
    }

    @Test("a condition nobody can decide before compiling counts both branches, so it can only leave a file out")
    func unknownConditionsCountEveryBranch() async {
        let files = await Self.parse([
            "App/Arch.swift": "#if arch(arm64)\nimport UIKit\n#else\nimport Foundation\n#endif\nstruct Arch {}\n",
            "App/Debug.swift": "struct Debug {\n    #if DEBUG\n    let tint = Tint.red\n    #else\n    let tint = 0\n    #endif\n}\n",
            "App/Theme.swift": "import SwiftUI\nenum Tint { case red }\n",
        ])
        let selection = ModelSelection.choose(files, available: Self.available)
        #expect(selection.sources.isEmpty)
        #expect(selection.excluded == [
            .init(path: "App/Arch.swift", reason: .importsUnavailable(module: "UIKit")),
            .init(path: "App/Debug.swift", reason: .namesLeftOutType(name: "Tint", declaredIn: "App/Theme.swift")),
            .init(path: "App/Theme.swift", reason: .importsUnavailable(module: "SwiftUI")),
        ])
    }

    @Test("the facts keep each `#if` clause with what it holds")
    func factsKeepTheClauses() async {
        let files = await Self.parse(["App/A.swift": "#if canImport(UIKit)\nimport UIKit\nstruct A {}\n#else\nstruct B {}\n#endif\nstruct C {}\n"])
        let names = files[0]
        #expect(names.declaredTypes == ["C"])
        #expect(names.conditionalParts.map(\.clauses) == [
            [ConditionalClause(earlierConditions: [], condition: "canImport(UIKit)")],
            [ConditionalClause(earlierConditions: ["canImport(UIKit)"], condition: nil)],
        ])
        #expect(names.conditionalParts.map(\.declaredTypes) == [["A"], ["B"]])
        #expect(names.conditionalParts[0].imports == ["UIKit"])
        #expect(names.conditions == ["canImport(UIKit)"])
    }
}
