import GateTestSupport
@testable import CFAAnalysis
import Testing

struct InventoryTests {
    @Test func theCompliantAppsPartsAreListedWithFilesLinesAndWiring() throws {
        let inventory = Inventory(index: Analysis.result(CompliantApp.files).index)
        let screen = try #require(inventory.screens.first)
        #expect(inventory.screens.count == 1)
        #expect(screen.name == "OrdersView")
        #expect((screen.place.file, screen.place.line) == (CompliantApp.screenPath, 4))
        #expect(screen.viewModel == "OrdersViewModel")
        #expect(screen.features == ["ordersFeature"])
        #expect(inventory.rootView?.file == CompliantApp.rootPath)
        #expect(inventory.rootView?.line == 4)
        #expect(inventory.viewModels.map(\.screen) == ["OrdersView"])
        #expect(inventory.viewModels.map(\.features) == [["OrdersFeature"]])
        let feature = try #require(inventory.features.first)
        #expect(feature.name == "OrdersFeature")
        #expect(feature.repositories == ["OrdersRepository"])
        #expect(feature.startupMethod == "startLoading")
        #expect(feature.appModelProperty == "ordersFeature")
        #expect(inventory.repositories.map(\.name) == ["OrdersRepository", "JSONFileOrdersRepository"])
        #expect(inventory.repositories[1].implements == ["OrdersRepository"])
        #expect(inventory.appModelProperties.map(\.name) == ["ordersFeature", "hasLaunched"])
        #expect(inventory.appModelProperties[0].inInitializer && inventory.appModelProperties[0].inLive)
        #expect(inventory.appModelProperties[1].type == "= false")
        #expect(inventory.tests.map(\.path) == [CompliantApp.featureTestPath, CompliantApp.viewModelTestPath])
        #expect(inventory.tests.map(\.kind) == [.feature, .viewModel])
        #expect(inventory.tests[1].tests == ["OrdersViewModel", "OrdersFeature"])
    }

    @Test func aFeatureMissingFromLiveIsShownUnwired() {
        let files = Analysis.app(replacing: [CompliantApp.appModelPath: """
            import Observation
            @MainActor @Observable
            final class AppModel {
                static let shared = live()
                let ordersFeature: OrdersFeature
                init(ordersFeature: OrdersFeature) { self.ordersFeature = ordersFeature }
                static func live() -> AppModel { fatalError("not wired") }
            }
            """])
        let inventory = Inventory(index: Analysis.result(files).index)
        #expect(inventory.appModelProperties.map(\.inLive) == [false])
    }

    /// A Feature behind a protocol of the app, and its test.
    static let syncFeature = """
        import Observation

        @MainActor protocol Syncing: AnyObject {
            func sync()
        }

        @MainActor @Observable
        final class SyncManager: Syncing {
            func sync() {}
        }
        """
    static let syncTest = "import Testing\n@testable import App\n\nstruct SyncManagerTests {\n    @Test func syncs() { SyncManager().sync() }\n}\n"

    @Test func aFeatureHeldThroughAProtocolThatLiveConstructsIsWired() {
        func appModel(live: String) -> String {
            """
            import Observation
            @MainActor @Observable
            final class AppModel {
                static let shared = live()
                let ordersFeature: OrdersFeature
                let sync: any Syncing
                init(ordersFeature: OrdersFeature, sync: any Syncing) { self.ordersFeature = ordersFeature; self.sync = sync }
                static func live() -> AppModel {
                    AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()), sync: \(live))
                }
            }
            """
        }
        let base = Analysis.result(CompliantApp.files)
        let added = [
            "App/2 - AppModel/Features/Sync/SyncManager.swift": Self.syncFeature, "Tests/AppTests/Feature Tests/SyncManagerTests.swift": Self.syncTest,
        ]
        let wired = Analysis.result(Analysis.app(replacing: added.merging([CompliantApp.appModelPath: appModel(live: "SyncManager()")]) { $1 }))
        #expect(Inventory(index: wired.index).features.first { $0.name == "SyncManager" }?.appModelProperty == "sync")
        #expect(!InventoryDiff(base: base, final: wired).problems.contains { $0.rule == "CFA-INVENTORY-WIRING" })

        // A protocol-typed property that live() fills with something else does not wire the Feature.
        let unwired = Analysis.result(Analysis.app(replacing: added.merging([CompliantApp.appModelPath: appModel(live: "OfflineSync()")]) { $1 }))
        #expect(InventoryDiff(base: base, final: unwired).problems.contains { $0.rule == "CFA-INVENTORY-WIRING" })
    }

    /// A Feature behind a protocol that the AppModel builds itself, as its property's initial value or in its initialiser,
    /// has its stored property: what the message asks for is the initialiser parameter and the construction in `live()`.
    @Test func aFeatureBehindAProtocolBuiltOutsideLiveLacksOnlyItsParameterAndItsConstructionInLive() {
        let base = Analysis.result(CompliantApp.files)
        for (declaration, assignment) in [("let sync: any Syncing = SyncManager()", ""), ("let sync: any Syncing", " self.sync = SyncManager()")] {
            let appModel = """
                import Observation
                @MainActor @Observable
                final class AppModel {
                    static let shared = live()
                    let ordersFeature: OrdersFeature
                    \(declaration)
                    init(ordersFeature: OrdersFeature) { self.ordersFeature = ordersFeature;\(assignment) }
                    static func live() -> AppModel {
                        AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                    }
                }
                """
            let final = Analysis.result(Analysis.app(replacing: [
                "App/2 - AppModel/Features/Sync/SyncManager.swift": Self.syncFeature, "Tests/AppTests/Feature Tests/SyncManagerTests.swift": Self.syncTest,
                CompliantApp.appModelPath: appModel,
            ]))
            let wiring = InventoryDiff(base: base, final: final).problems.filter { $0.rule == "CFA-INVENTORY-WIRING" }.map(\.message)
            #expect(wiring == ["new Feature SyncManager is not wired into AppModel: add an initialiser parameter, its construction in live()"])
        }
    }
}
