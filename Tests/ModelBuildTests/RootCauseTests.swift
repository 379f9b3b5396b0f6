import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import ModelBuild

@Suite("Model build: root causes, `.cfa-gate.json` leave-outs and the rules a left-out file breaks")
struct RootCauseTests {
    private static let available: Set<String> = ["Foundation", "Observation", "Testing", "XCTest"]

    /// The selection as `ModelBuild.prepare` makes it, with the index's model-layer members.
    private static func choose(
        _ files: [String: String], available: Set<String> = available, configured: [String: String] = [:]
    ) async -> ModelSelection {
        let inputs = files.filter { $0.key.hasSuffix(".swift") }.sorted { $0.key < $1.key }.map { SourceInput.text($0.value, path: $0.key) }
        let facts = await Analyzer.parseRevisions([inputs])[0].facts
        return ModelSelection.choose(
            facts.map(\.sourceNames), available: available, configured: configured,
            members: CodebaseIndex.modelLayerMembers(of: facts, configuration: AnalysisConfiguration()))
    }

    @Test("an AppModel whose `live()` constructs an Apple-only adapter is one line, and the one guard brings every file back")
    func appModelRootCause() async throws {
        var app = ModelBuildApp.files.merging(ModelBuildApp.sharedDefaultViewModels) { $1 }
        let selection = await Self.choose(app)
        let storeKit = try #require(selection.rootCauses.first)
        #expect(storeKit.path == ModelBuildApp.storeKitRepositoryPath)
        #expect(storeKit.description == """
            `AppModel.live()` constructs `StoreKitPurchaseRepository` (imports StoreKit): AppModel and 2 ViewModels that default \
            from `AppModel.shared` are left out — guard that construction in `live()` with `#if canImport(StoreKit)`
            """)
        #expect(storeKit.takenAlong == [ModelBuildApp.premiumViewModelPath, ModelBuildApp.todayViewModelPath, ModelBuildApp.appModelPath].sorted())
        // Most files first: the palette takes the badge ViewModel and its test along.
        #expect(selection.rootCauses.map(\.path) == [ModelBuildApp.storeKitRepositoryPath, ModelBuildApp.palettePath])
        #expect(selection.rootCauses[1].description == """
            `\(ModelBuildApp.palettePath)` imports SwiftUI: 2 files left out with it — put the SwiftUI-only part behind \
            `#if canImport(SwiftUI)`, or the dependency behind a protocol the other files name instead
            """)

        app[ModelBuildApp.appModelPath] = ModelBuildApp.guardedAppModel
        app[ModelBuildApp.unlockedRepositoryPath] = ModelBuildApp.unlockedRepository
        let guarded = await Self.choose(app)
        for path in storeKit.takenAlong { #expect(guarded.sources.contains(path), "\(path) should be back") }
        #expect(guarded.rootCauses.map(\.path) == [ModelBuildApp.palettePath])
    }

    @Test("the Linux library with an Apple-only module's API is the fix only where the toolchain can import it")
    func linuxCounterpart() async {
        let files = [
            "App/Signing.swift": "import CryptoKit\nstruct Signer { func sign() -> Int { 0 } }\n",
            "App/Upload.swift": "struct Upload { let signer: Signer }\n",
        ]
        let withCrypto = await Self.choose(files, available: Self.available.union(["Crypto"]))
        #expect(withCrypto.rootCauses.map(\.description) == [
            "`App/Signing.swift` imports CryptoKit: 1 file left out with it — import `Crypto`, which has its API on Linux, where CryptoKit "
                + "is missing: `#if canImport(CryptoKit)` … `#else` `import Crypto`"
        ])
        let without = await Self.choose(files)
        #expect(without.rootCauses.first?.description.hasSuffix("put the CryptoKit-only part behind `#if canImport(CryptoKit)`, or the dependency behind a protocol the other files name instead") == true)
        // The toolchain is asked about the counterpart of every module imported.
        #expect(ModelBuild.modulesAsked(by: await Self.names(files)).isSuperset(of: ["CryptoKit", "Crypto"]))
    }

    private static func names(_ files: [String: String]) async -> [SourceNames] {
        let inputs = files.sorted { $0.key < $1.key }.map { SourceInput.text($0.value, path: $0.key) }
        return await Analyzer.parseRevisions([inputs])[0].facts.map(\.sourceNames)
    }

    @Test("a file `.cfa-gate.json` leaves out says so with its reason, and takes along what names its types")
    func configuredLeaveOut() async {
        let selection = await Self.choose(
            [
                "App/Sync.swift": "import Foundation\nstruct CloudSync { let store = NSUbiquitousKeyValueStore.default }\n",
                "App/Settings.swift": "struct Settings { let sync: CloudSync }\n",
                "App/Count.swift": "struct Count {}\n",
            ], configured: ["App/Sync.swift": "uses NSUbiquitousKeyValueStore, which Linux's Foundation lacks"])
        #expect(selection.sources == ["App/Count.swift"])
        #expect(selection.excluded.map(\.reason.description) == [
            "names `CloudSync`, declared only in `App/Sync.swift`, left out",
            "left out by .cfa-gate.json: uses NSUbiquitousKeyValueStore, which Linux's Foundation lacks",
        ])
        #expect(selection.summary == "model build: 1 of 3 files; left out: .cfa-gate.json 1, via left-out types 1")
        #expect(selection.rootCauses.map(\.path) == ["App/Sync.swift"])
    }

    @Test("`modelBuild.exclude` takes files and folders with a reason; a missing or empty reason is an error naming the entry")
    func configuration() throws {
        let configuration = try ConfigurationFile.parse(
            text: #"{"modelBuild": {"exclude": [{"path": "App/Cloud/**", "reason": "iCloud"}, {"path": "App/Sync.swift", "reason": "KVS"}]}}"#,
            path: ".cfa-gate.json")
        #expect(configuration.modelBuildLeaveOut("App/Cloud/Store.swift") == "iCloud")
        #expect(configuration.modelBuildLeaveOut("App/Sync.swift") == "KVS")
        #expect(configuration.modelBuildLeaveOut("App/Count.swift") == nil)
        for entry in [#"{"path": "App/Sync.swift"}"#, #"{"path": "App/Sync.swift", "reason": " "}"#] {
            let error = #expect(throws: ConfigurationFile.LoadError.self) {
                try ConfigurationFile.parse(text: #"{"modelBuild": {"exclude": ["# + entry + "]}}", path: ".cfa-gate.json")
            }
            #expect(error.map { "\($0)" }?.hasPrefix(#".cfa-gate.json: modelBuild.exclude[0] ("App/Sync.swift") has no "reason": say why"#) == true, "\(String(describing: error))")
        }
    }

    @Test("the base's configuration reaches the model build: its `exclude` and `modelBuild.exclude` both apply")
    func prepareReadsTheConfiguration() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: [
            "App/Count.swift": "struct Count {}\n",
            "App/Sync.swift": "import Foundation\nstruct CloudSync {}\n",
            "App/Legacy/Old.swift": "import UIKit\nstruct Old {}\n",
        ])
        let configuration = try ConfigurationFile.parse(
            text: #"{"exclude": ["App/Legacy"], "modelBuild": {"exclude": [{"path": "App/Sync.swift", "reason": "uses iCloud"}]}}"#,
            path: ".cfa-gate.json")
        var swift = ""
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where swift.isEmpty && FileManager.default.isExecutableFile(atPath: "\(folder)/swift") {
            swift = URL(fileURLWithPath: "\(folder)/swift").resolvingSymlinksInPath().path
        }
        let package = try await ModelBuild.prepare(
            repositoryRoot: fixture.root, swift: swift, workFolder: fixture.path(".git/model-work"), cacheFolder: nil,
            environment: fixture.isolatedEnvironment, configuration: configuration)
        #expect(package.selection.sources == ["App/Count.swift"])
        #expect(package.selection.excluded == [.init(path: "App/Sync.swift", reason: .configured(reason: "uses iCloud"))])
    }

    @Test("a Feature, the AppModel or a repository importing SwiftUI breaks CFA-FEATURE-NO-SWIFTUI; a ViewModel, CFA-VIEWMODEL-NO-SWIFTUI")
    func ruleNames() async {
        let selection = await Self.choose([
            "App/2 - AppModel/Features/HabitsFeature.swift": """
                import SwiftUI
                import Observation

                @MainActor
                @Observable
                final class HabitsFeature {
                    var names: [String] = []
                }
                """,
            "App/1 - View/Views/HabitListViewModel.swift": """
                import SwiftUI
                import Observation

                @MainActor
                @Observable
                final class HabitListViewModel {
                    let feature: HabitsFeature
                    init(feature: HabitsFeature) { self.feature = feature }
                }
                """,
            "App/1 - View/Views/HabitListView.swift": """
                import SwiftUI

                struct HabitListView: View {
                    @State var viewModel: HabitListViewModel
                    var body: some View { Text("") }
                }
                """,
        ])
        let reasons = Dictionary(uniqueKeysWithValues: selection.excluded.map { ($0.path, $0.reason.description) })
        #expect(reasons["App/2 - AppModel/Features/HabitsFeature.swift"] == "imports SwiftUI — HabitsFeature is a Feature: CFA-FEATURE-NO-SWIFTUI (item 13)")
        #expect(reasons["App/1 - View/Views/HabitListViewModel.swift"] == "imports SwiftUI — HabitListViewModel is a ViewModel: CFA-VIEWMODEL-NO-SWIFTUI")
        // A view importing SwiftUI breaks nothing.
        #expect(reasons["App/1 - View/Views/HabitListView.swift"] == "imports SwiftUI")
        #expect(selection.summary.contains("SwiftUI 3"))
    }

    @Test("a ViewModel importing UIKit names no rule: CFA-VIEWMODEL-NO-SWIFTUI reports SwiftUI only; a repository importing UIKit names item 13's")
    func uiKitReasons() async {
        let selection = await Self.choose([
            "App/1 - View/Views/TapViewModel.swift": """
                import UIKit
                import Observation

                @MainActor
                @Observable
                final class TapViewModel {
                    func buzz() { UIImpactFeedbackGenerator(style: .light).impactOccurred() }
                }
                """,
            "App/2 - AppModel/Repositories/PhotoRepository.swift": """
                import UIKit

                protocol PhotoRepository: Sendable {
                    func image(named name: String) -> UIImage?
                }
                """,
        ])
        let reasons = Dictionary(uniqueKeysWithValues: selection.excluded.map { ($0.path, $0.reason.description) })
        #expect(reasons["App/1 - View/Views/TapViewModel.swift"] == "imports UIKit")
        #expect(reasons["App/2 - AppModel/Repositories/PhotoRepository.swift"] == "imports UIKit — PhotoRepository is a repository: CFA-FEATURE-NO-SWIFTUI (item 13)")
    }
}
