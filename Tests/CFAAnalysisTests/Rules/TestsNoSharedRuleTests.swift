import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct TestsNoSharedRuleTests {
    private let rule = TestsNoSharedRule.id
    private let testPath = CompliantApp.viewModelTestPath

    /// A ViewModel test whose body is `body`.
    private func viewModelTest(_ body: String) -> String {
        """
        import Testing
        @testable import App

        @MainActor
        struct OrdersViewModelTests {
            @Test func placingTheDraftUsesTheFeature() async {
                \(body)
            }
        }
        """
    }

    @Test func theCompliantAppsTestsBuildTheirOwnGraph() {
        // The app's sources use `AppModel.shared` (the App, the ViewModel's default); only tests are checked.
        #expect(Analysis.findings(rule, in: CompliantApp.files) == [])
    }

    @Test func aTestReadingAppModelSharedIsReportedOnceAtTheUse() throws {
        let source = viewModelTest("let viewModel = OrdersViewModel(ordersFeature: AppModel.shared.ordersFeature)")
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [testPath: source]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == testPath)
        #expect(finding.line == 7)
        #expect(finding.column == 56)
        #expect(finding.item == 20)
        #expect(finding.message.contains("`AppModel.shared`"))
    }

    @Test func callingThroughAppModelSharedIsReported() {
        let source = viewModelTest("AppModel.shared.applicationDidFinishLaunching()")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [testPath: source])).map(\.line) == [7])
    }

    @Test func aTestDoubleInTestSupportIsATestFileToo() {
        let files = Analysis.app(replacing: [
            CompliantApp.testDoublePath: """
                @testable import App

                actor InMemoryOrdersRepository: OrdersRepository {
                    private var stored: [Order] = []
                    func fetchOrders() async throws -> [Order] { stored }
                    func save(_ order: Order) async throws { stored.append(order) }
                    static let feature = AppModel.shared.ordersFeature
                }
                """
        ])
        #expect(Analysis.findings(rule, in: files).map(\.file) == [CompliantApp.testDoublePath])
    }

    @Test func aModuleQualifiedUseIsReportedToo() {
        let source = viewModelTest("let viewModel = App.OrdersViewModel(ordersFeature: App.AppModel.shared.ordersFeature)")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [testPath: source])).map(\.column) == [60])
    }

    @Test(arguments: ["OrdersViewModel()", "OrdersViewModel.init()", "App.OrdersViewModel()", "App.OrdersViewModel.init()"])
    func aViewModelBuiltFromItsDefaultsIsReported(construction: String) throws {
        let source = viewModelTest("let viewModel = \(construction)")
        let finding = try #require(Analysis.findings(rule, in: Analysis.app(replacing: [testPath: source])).first)
        #expect(finding.line == 7)
        #expect(finding.column == 25)
        #expect(finding.message.contains("OrdersViewModel() from its defaults"))
        #expect(finding.message.contains("`OrdersViewModel(ordersFeature: …)`"))
    }

    @Test func aViewModelWhoseInitializerReadsAppModelIsReportedWhenBuiltBare() {
        let files = Analysis.app(replacing: [
            CompliantApp.viewModelPath: """
                import Observation

                @MainActor @Observable
                final class OrdersViewModel {
                    private let ordersFeature: OrdersFeature

                    init() {
                        ordersFeature = AppModel.shared.ordersFeature
                    }
                }
                """,
            testPath: viewModelTest("let viewModel = OrdersViewModel()"),
        ])
        #expect(Analysis.findings(rule, in: files).map(\.line) == [7])
    }

    @Test func aViewModelWithoutDependenciesMayBeBuiltBare() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Filter/FilterView.swift": """
                import SwiftUI

                struct FilterView: View {
                    @State private var viewModel = FilterViewModel()
                    var body: some View { Text(viewModel.query) }
                }
                """,
            "App/1 - View/Views/Filter/FilterViewModel.swift": """
                import Observation

                @MainActor @Observable
                final class FilterViewModel {
                    var query = ""
                }
                """,
            "Tests/AppTests/View Model Tests/FilterViewModelTests.swift": """
                import Testing
                @testable import App

                @MainActor
                struct FilterViewModelTests {
                    @Test func startsEmpty() { #expect(FilterViewModel().query == "") }
                }
                """,
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func aTestBuildingAppModelFromItsOwnFeaturesIsFine() {
        let source = viewModelTest(
            "let appModel = AppModel(ordersFeature: OrdersFeature(repository: InMemoryOrdersRepository()))\n        appModel.applicationDidFinishLaunching()")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [testPath: source])) == [])
    }

    @Test func previewsInTheAppMayBuildTheViewModelFromItsDefaults() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Orders/OrdersPreviews.swift": """
                #if DEBUG
                import SwiftUI

                #Preview {
                    let viewModel = OrdersViewModel()
                    return Text("\\(viewModel.orders.count) orders with \\(AppModel.shared.ordersFeature.orders.count)")
                }
                #endif
                """
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func theExampleAppsTestsBuildTheirOwnGraph() async {
        let result = await Analyzer.analyze(repositoryRoot: PlantedSource.exampleAppRoot, configuration: AnalysisConfiguration())
        #expect(result.fileCount > 0)
        #expect(result.findings.filter { $0.rule == rule } == [])
    }

}
