import GateTestSupport
@testable import CFAAnalysis
import Testing

struct FeatureNamingRuleTests {
    let id = FeatureNamingRule.id

    private func viewModel(property: String = "private let ordersFeature: OrdersFeature", initializer: String) -> String {
        """
        import Observation

        @MainActor @Observable
        final class OrdersViewModel {
            \(property)

            \(initializer)

            var orders: [Order] { ordersFeature.orders }

            func placeDraftOrder() {}
        }
        """
    }

    @Test func anAppModelPropertyNotEndingInFeatureIsReported() throws {
        let source = CompliantApp.files[CompliantApp.appModelPath]!
            .replacingOccurrences(of: "let ordersFeature: OrdersFeature", with: "let orders: OrdersFeature")
            .replacingOccurrences(of: "self.ordersFeature = ordersFeature", with: "self.orders = ordersFeature")
            .replacingOccurrences(of: "ordersFeature.startLoading()", with: "orders.startLoading()")
        let findings = Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.appModelPath: source]))
        let finding = try #require(findings.onlyFinding)
        #expect(finding.file == CompliantApp.appModelPath)
        #expect(finding.line == PlantedSource.line(of: "let orders: OrdersFeature", in: source))
        #expect(finding.item == 7)
        #expect(finding.message.contains("AppModel.orders") && finding.message.contains("`ordersFeature`"))
    }

    @Test func aViewModelDependencyNotEndingInFeatureIsReported() throws {
        let source = viewModel(
            property: "private let orders: OrdersFeature",
            initializer: "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) { self.orders = ordersFeature }"
        ).replacingOccurrences(of: "{ ordersFeature.orders }", with: "{ orders.orders }")
        let findings = Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source]))
        let finding = try #require(findings.onlyFinding)
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == PlantedSource.line(of: "private let orders:", in: source))
    }

    @Test func anInitializerLabelNotEndingInFeatureIsReported() throws {
        let source = viewModel(
            initializer: "init(orders ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) { self.ordersFeature = ordersFeature }")
        let findings = Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source]))
        let finding = try #require(findings.onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "init(orders", in: source))
        #expect(finding.message.contains("`orders`") && !finding.message.contains("`ordersFeature`"))
    }

    @Test func anInitializerParameterNameNotEndingInFeatureIsReported() throws {
        let source = viewModel(
            initializer: "init(ordersFeature store: OrdersFeature = AppModel.shared.ordersFeature) { self.ordersFeature = store }")
        let findings = Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source]))
        let finding = try #require(findings.onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "init(ordersFeature store", in: source))
        #expect(finding.message.contains("`store`"))
    }

    @Test func anAppModelInitializerParameterIsChecked() throws {
        let source = CompliantApp.files[CompliantApp.appModelPath]!
            .replacingOccurrences(of: "init(ordersFeature: OrdersFeature)", with: "init(orders: OrdersFeature)")
            .replacingOccurrences(of: "self.ordersFeature = ordersFeature", with: "self.ordersFeature = orders")
            .replacingOccurrences(of: "AppModel(ordersFeature:", with: "AppModel(orders:")
        let finding = try #require(Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.appModelPath: source])).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "init(orders:", in: source))
    }

    @Test func exactlyFeatureIsAnAcceptedName() {
        let source = viewModel(
            property: "private let feature: OrdersFeature",
            initializer: "init(feature: OrdersFeature = AppModel.shared.ordersFeature) { self.feature = feature }"
        ).replacingOccurrences(of: "{ ordersFeature.orders }", with: "{ feature.orders }")
        #expect(Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])) == [])
    }

    @Test func anUnlabelledFeatureParameterIsJudgedByItsName() {
        let source = viewModel(initializer: "init(_ ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) { self.ordersFeature = ordersFeature }")
        #expect(Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])) == [])
    }

    @Test func aPropertyInferredFromAFeatureConstructionIsChecked() throws {
        let source = """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                private let store = OrdersFeature(repository: JSONFileOrdersRepository())
                var orders: [Order] { store.orders }
                func placeDraftOrder() {}
            }
            """
        let finding = try #require(Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "private let store", in: source))
    }

    @Test func aFeatureDependingOnAnotherFeatureIsChecked() throws {
        let path = "App/2 - AppModel/Features/ReceiptsFeature.swift"
        let source = """
            import Observation

            @MainActor @Observable
            final class ReceiptsFeature {
                private let orders: OrdersFeature
                init(orders: OrdersFeature) { self.orders = orders }
            }
            """
        // One defect, one finding: the parameter filling the misnamed property is renamed with it, a related location.
        let finding = try #require(Analysis.findings(id, in: Analysis.app(replacing: [path: source])).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "private let orders", in: source))
        #expect(finding.related.map(\.line) == [PlantedSource.line(of: "init(orders", in: source)])
        #expect(finding.related.map(\.message) == ["ReceiptsFeature.init takes it as `orders`"])
    }

    @Test func aLegacyManagerFeatureIsHeldUnderAFeatureName() throws {
        let path = "App/2 - AppModel/Features/OrdersManager.swift"
        let manager = """
            import Observation

            @MainActor @Observable
            final class OrdersManager {
                private(set) var orders: [Order] = []
            }
            """
        let source = viewModel(
            property: "private let ordersManager: OrdersManager",
            initializer: "init(ordersFeature: OrdersManager = AppModel.shared.ordersManager) { self.ordersManager = ordersFeature }"
        ).replacingOccurrences(of: "{ ordersFeature.orders }", with: "{ ordersManager.orders }")
        let finding = try #require(Analysis.findings(id, in: Analysis.app(replacing: [path: manager, CompliantApp.viewModelPath: source])).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "private let ordersManager", in: source))
        #expect(finding.message.contains("`ordersFeature`"))
    }

    @Test(arguments: [("URLCacheFeature", "urlCacheFeature"), ("IOFeature", "ioFeature"), ("CacheFeature", "cacheFeature")])
    func theSuggestedNameFollowsSwiftCasing(_ feature: String, _ suggestion: String) throws {
        let path = "App/2 - AppModel/Features/\(feature).swift"
        let source = "import Observation\n\n@MainActor @Observable\nfinal class \(feature) {}\n"
        let viewModel = viewModel(
            property: "private let ordersFeature: OrdersFeature\n    private let store: \(feature)",
            initializer: "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature, cache: \(feature)) { self.ordersFeature = ordersFeature; self.store = cache }")
        let found = Analysis.findings(id, in: Analysis.app(replacing: [path: source, CompliantApp.viewModelPath: viewModel]))
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.message.contains("`\(suggestion)") })
    }

    @Test func aThemeManagerIsNotAFeature() {
        let themePath = "App/1 - View/Theme/ThemeManager.swift"
        let theme = """
            import Observation

            @MainActor @Observable
            final class ThemeManager {
                var accent = "blue"
            }
            """
        let source = viewModel(
            property: "private let ordersFeature: OrdersFeature\n    private let theme: ThemeManager",
            initializer: "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature, theme: ThemeManager = ThemeManager()) { self.ordersFeature = ordersFeature; self.theme = theme }")
        #expect(Analysis.findings(id, in: Analysis.app(replacing: [themePath: theme, CompliantApp.viewModelPath: source])) == [])
    }

    @Test func aThemeManagerStoredOnAppModelIsStillNotAFeature() {
        // Storing it there breaks item 14 (CFA-APPMODEL-SHAPE); it does not make `themeManager` a misnamed Feature.
        let theme = "import Observation\n\n@MainActor @Observable\nfinal class ThemeManager {\n    var accent = \"blue\"\n}\n"
        let appModel = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    private var hasLaunched = false", with: "    private var hasLaunched = false\n    let themeManager: ThemeManager = ThemeManager()")
        let files = Analysis.app(replacing: ["App/1 - View/Theme/ThemeManager.swift": theme, CompliantApp.appModelPath: appModel])
        #expect(Analysis.result(files).index.role(of: "ThemeManager") == .domain)
        #expect(Analysis.findings(id, in: files) == [])
    }

    @Test func aViewModelInsideCanImportSwiftUIIsStillChecked() throws {
        let source = "#if canImport(SwiftUI)\n" + viewModel(
            property: "private let orders: OrdersFeature",
            initializer: "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) { self.orders = ordersFeature }"
        ).replacingOccurrences(of: "{ ordersFeature.orders }", with: "{ orders.orders }") + "\n#endif"
        let finding = try #require(Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "private let orders:", in: source))
    }

    @Test func debugOnlyMembersInsideTheClassAreNotChecked() {
        let source = viewModel(initializer: """
            init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) { self.ordersFeature = ordersFeature }

                #if DEBUG
                private var previewOrders: OrdersFeature?
                convenience init(previewing orders: OrdersFeature) { self.init(ordersFeature: orders) }
                #endif
            """)
        #expect(Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])) == [])
    }

    @Test func debugOnlyPreviewCodeAndTestsAreNotChecked() {
        let preview = """
            #if DEBUG
            extension OrdersViewModel {
                convenience init(previewing orders: OrdersFeature) { self.init(ordersFeature: orders) }
            }
            #endif
            """
        let test = """
            import Testing
            @testable import App

            @MainActor
            struct OrdersFixture {
                let orders = OrdersFeature(repository: InMemoryOrdersRepository())
            }
            """
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Orders/OrdersViewModel+Preview.swift": preview,
            "Tests/AppTests/Test Support/OrdersFixture.swift": test,
        ])
        #expect(Analysis.findings(id, in: files) == [])
    }
}
