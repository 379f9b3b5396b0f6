import GateTestSupport
@testable import CFAAnalysis
import Testing

struct ViewNoModelAccessRuleTests {
    let id = ViewNoModelAccessRule.id

    private func findings(_ files: [String: String], configuration: AnalysisConfiguration = AnalysisConfiguration()) -> [Finding] {
        Analysis.findings(id, in: Analysis.app(replacing: files), configuration: configuration)
    }

    private func screen(replacing old: String, with new: String) -> String {
        let source = CompliantApp.files[CompliantApp.screenPath]!
        #expect(source.contains(old))
        return source.replacingOccurrences(of: old, with: new)
    }

    @Test func aScreenReadingAppModelSharedIsReportedOncePerLine() throws {
        let source = screen(
            replacing: "        .toolbar {", with: "        .task { AppModel.shared.ordersFeature.startLoading() }\n        .toolbar {")
        let finding = try #require(findings([CompliantApp.screenPath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.line == PlantedSource.line(of: ".task", in: source))
        #expect(finding.item == 11)
        #expect(finding.message.contains("OrdersView names a Feature read from `AppModel.shared`;"))
    }

    @Test func twoUsesOfOneNameOnALineAreOneFinding() {
        let source = screen(
            replacing: "        .toolbar {", with: "        .task { _ = (AppModel.shared, AppModel.shared.ordersFeature) }\n        .toolbar {")
        #expect(findings([CompliantApp.screenPath: source]).count == 1)
    }

    @Test func aComponentHoldingAFeatureIsReported() throws {
        let source = CompliantApp.files[CompliantApp.componentPath]!.replacingOccurrences(
            of: "    let name: String", with: "    let name: String\n    let ordersFeature: OrdersFeature")
        let finding = try #require(findings([CompliantApp.componentPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "let ordersFeature", in: source))
        #expect(finding.message.contains("the Feature OrdersFeature"))
    }

    @Test func aViewNamingARepositoryProtocolOrImplementationIsReported() {
        let source = screen(
            replacing: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    private let repository: any OrdersRepository = JSONFileOrdersRepository()")
        let found = findings([CompliantApp.screenPath: source])
        let line = PlantedSource.line(of: "private let repository", in: source)
        #expect(found.map(\.line) == [line, line])
        #expect(found.map(\.message).sorted().map { $0.contains("the repository") } == [true, true])
    }

    @Test func aSwiftDataRecordInAStorageFolderIsNotARepository() {
        let record = """
            import SwiftData

            @Model
            final class OrderRecord {
                var name = ""
                init() {}
            }
            """
        let source = screen(
            replacing: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    @Query private var records: [OrderRecord]")
        #expect(findings(["App/3 - User Data Storage/OrderRecord.swift": record, CompliantApp.screenPath: source]) == [])
    }

    @Test func aRootViewNamedByConfigurationIsChecked() throws {
        let root = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct RootView: View {
                var body: some View {
                    OrdersView()
                        .environment(AppModel.shared)
                }
            }
            #endif
            """
        var configuration = AnalysisConfiguration()
        configuration.rootView = "RootView"
        var files = Analysis.app(replacing: ["App/1 - View/RootView.swift": root])
        files[CompliantApp.rootPath] = nil
        // The configured root's own rule reports the line and lists this rule's finding with it (FindingPrecedence).
        let finding = try #require(Analysis.findings(RootViewStructuralRule.id, in: files, configuration: configuration).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: ".environment", in: root))
        #expect(finding.related.map(\.message) == ["\(id) sees it too: RootView names the AppModel; a View reads state only through its ViewModel, "
            + "which defaults its Features from `AppModel.shared`"])
    }

    @Test func theAppTypeAndItsDelegateMayNameAppModel() {
        let delegate = """
            #if canImport(UIKit)
            import UIKit

            final class AppDelegate: NSObject, UIApplicationDelegate {
                let appModel = AppModel.shared
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                    appModel.applicationDidFinishLaunching()
                    return appModel.ordersFeature.orders.isEmpty
                }
            }
            #endif
            """
        // The compliant App already calls `AppModel.shared.applicationDidFinishLaunching()` in its init.
        #expect(findings(["App/AppDelegate.swift": delegate]) == [])
    }

    @Test func aPresentationManagerIsNotAFeature() {
        let theme = """
            import Observation

            @MainActor @Observable
            final class ThemeManager {
                var accent = "blue"
            }
            """
        let source = screen(
            replacing: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    @Environment(ThemeManager.self) private var theme")
        #expect(findings(["App/1 - View/Theme/ThemeManager.swift": theme, CompliantApp.screenPath: source]) == [])
    }

    @Test func aPresentationManagerStoredOnAppModelIsStillNotAFeature() {
        let theme = "import Observation\n\n@MainActor @Observable\nfinal class ThemeManager {\n    var accent = \"blue\"\n}\n"
        let appModel = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    private var hasLaunched = false", with: "    private var hasLaunched = false\n    let themeManager: ThemeManager = ThemeManager()")
        let source = screen(
            replacing: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    @Environment(ThemeManager.self) private var theme")
        let files = ["App/1 - View/Theme/ThemeManager.swift": theme, CompliantApp.appModelPath: appModel, CompliantApp.screenPath: source]
        #expect(findings(files) == [])
    }

    @Test func aRepositoryStoredOnAppModelIsStillARepository() throws {
        let appModel = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    private var hasLaunched = false", with: "    private var hasLaunched = false\n    let ordersRepository: JSONFileOrdersRepository = JSONFileOrdersRepository()")
        let source = screen(
            replacing: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    private let exporter: JSONFileOrdersRepository? = nil")
        let files = [CompliantApp.appModelPath: appModel, CompliantApp.screenPath: source]
        // Stored on AppModel by mistake, it is still a repository (item 14 reports the storing).
        #expect(Analysis.result(Analysis.app(replacing: files)).index.role(of: "JSONFileOrdersRepository") == .repositoryImplementation)
        let finding = try #require(findings(files).onlyFinding)
        #expect(finding.message.contains("the repository JSONFileOrdersRepository"))
    }

    @Test func previewsAndDebugOnlyCodeMayBuildTheGraph() {
        let source = screen(
            replacing: "#Preview {\n    OrdersView()",
            with: "#Preview {\n    let feature = OrdersFeature(repository: JSONFileOrdersRepository())\n    _ = feature\n    return OrdersView()")
        let debug = """
            #if DEBUG
            extension OrdersView {
                static var sampleFeature: OrdersFeature { AppModel.shared.ordersFeature }
            }
            #endif
            """
        #expect(findings([CompliantApp.screenPath: source, "App/1 - View/Views/Orders/OrdersView+Sample.swift": debug]) == [])
    }

    @Test func severalScreensInOneFolderAreEachChecked() throws {
        let path = "App/1 - View/Views/Orders/OrderHistoryView.swift"
        let history = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrderHistoryView: View {
                var body: some View {
                    List(AppModel.shared.ordersFeature.orders) { order in Text(order.name) }
                }
            }
            #endif
            """
        let finding = try #require(findings([path: history]).onlyFinding)
        #expect(finding.file == path)
        #expect(finding.message.contains("OrderHistoryView"))
    }
}
