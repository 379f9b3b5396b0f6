import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewInitCleanRuleTests {
    static let rule = ViewInitCleanRule.id
    static let compliantLine = "@State private var viewModel = OrdersViewModel()"

    static func single(_ findings: [Finding]) -> Finding? { findings.count == 1 ? findings[0] : nil }

    static func screenSource(_ members: String) -> String {
        CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(of: compliantLine, with: members)
    }

    /// A second screen, `OrderDetailView`, with its own ViewModel, in the Orders folder.
    static func detailScreen(_ members: String) -> [String: String] {
        [
            "App/1 - View/Views/Orders/OrderDetailView.swift": """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrderDetailView: View {
                @State private var viewModel = OrderDetailViewModel()
                \(members)

                var body: some View { Text("Order") }
            }
            #endif
            """,
            "App/1 - View/Views/Orders/OrderDetailViewModel.swift": """
            import Observation

            @MainActor @Observable
            final class OrderDetailViewModel {
                init() {}
            }
            """,
        ]
    }

    @Test func aViewModelInitializerParameterIsReportedAtTheParameter() throws {
        let source = Self.screenSource("""
            @State private var viewModel: OrdersViewModel

                init(viewModel: OrdersViewModel) {
                    _viewModel = State(initialValue: viewModel)
                }
            """)
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.screenPath: source]))))
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.line == PlantedSource.line(of: "init(viewModel: OrdersViewModel)", in: source))
        #expect(finding.item == 3)
        #expect(finding.message.hasPrefix("OrdersView receives a ViewModel (OrdersViewModel) through `init(viewModel: OrdersViewModel)`"))
    }

    @Test(arguments: [
        ("appModel: AppModel", "the AppModel"), ("ordersFeature: OrdersFeature", "a Feature (OrdersFeature)"),
        ("repository: any OrdersRepository", "a repository (OrdersRepository)"), ("feature: OrdersFeature?", "a Feature (OrdersFeature)"),
    ])
    func modelParametersAreReported(parameter: String, kind: String) throws {
        let source = Self.screenSource("\(Self.compliantLine)\n\n    init(\(parameter)) {}")
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.screenPath: source]))))
        #expect(finding.line == PlantedSource.line(of: "init(\(parameter))", in: source))
        #expect(finding.message.contains("receives \(kind)"))
    }

    @Test func anUndefaultedStoredFeatureIsReportedAtTheProperty() throws {
        let source = Self.screenSource("\(Self.compliantLine)\n    let ordersFeature: OrdersFeature")
        let files = Analysis.app(replacing: [CompliantApp.screenPath: source])
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.line == PlantedSource.line(of: "let ordersFeature: OrdersFeature", in: source))
        #expect(finding.message.contains("receives a Feature (OrdersFeature) through `let ordersFeature: OrdersFeature`"))
    }

    @Test func storedPropertiesAreInputsOnlyWithoutAnExplicitInitializer() {
        // The initialiser decides what callers hand in; it takes nothing here.
        let source = Self.screenSource("""
            @State private var viewModel: OrdersViewModel

                init() {
                    _viewModel = State(initialValue: OrdersViewModel())
                }
            """)
        #expect(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.screenPath: source])) == [])
    }

    /// One defect, one finding: the screen's input is reported where the fix goes, and the call handing the
    /// ViewModel over is a related location of it, not a second finding.
    @Test func aCallSiteHandingAScreenADeclaredInputIsARelatedLocation() throws {
        let root = CompliantApp.files[CompliantApp.rootPath]!.replacingOccurrences(of: "OrdersView()", with: "OrdersView(viewModel: OrdersViewModel())")
        let screen = Self.screenSource("@State var viewModel: OrdersViewModel")
        let findings = Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.screenPath: screen, CompliantApp.rootPath: root]))
        let finding = try #require(Self.single(findings))
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.line == PlantedSource.line(of: "@State var viewModel: OrdersViewModel", in: screen))
        #expect(finding.related.map(\.position) == ["\(CompliantApp.rootPath):\(PlantedSource.line(of: "OrdersView(viewModel:", in: root))"])
        #expect(finding.related.map(\.message) == ["`OrdersView(viewModel:)` hands it over"])
    }

    @Test func aCallSiteHandingWhatTheScreenDoesNotDeclareIsReported() throws {
        let root = CompliantApp.files[CompliantApp.rootPath]!.replacingOccurrences(of: "OrdersView()", with: "OrdersView(viewModel: OrdersViewModel())")
        let screen = Self.screenSource("@State var viewModel = OrdersViewModel()\n    init(viewModel: Int) {}")
        let findings = Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.screenPath: screen, CompliantApp.rootPath: root]))
        let call = try #require(Self.single(findings))
        #expect(call.line == PlantedSource.line(of: "OrdersView(viewModel:", in: root))
        #expect(call.message == "`OrdersView(viewModel:)` hands the screen a ViewModel (OrdersViewModel) as `viewModel`; create it as `OrdersView()` with plain values only")
    }

    @Test func aCallSiteNamingTheAppModelIsReportedEvenForAnUnknownLabel() throws {
        let files = Analysis.app(replacing: Self.detailScreen("let orderName: String").merging([
            CompliantApp.rootPath: CompliantApp.files[CompliantApp.rootPath]!.replacingOccurrences(
                of: "OrdersView()", with: "OrderDetailView(orderName: AppModel.shared.ordersFeature.orders[0].name)")
        ]) { _, new in new })
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.file == CompliantApp.rootPath)
        #expect(finding.message.contains("a Feature read from `AppModel.shared` as `orderName`"))
    }

    @Test func plainDomainValuesAndPresentationTypesAreAllowed() {
        let theme = """
            import Observation

            @MainActor @Observable
            final class ThemeManager {
                var accent = "blue"
            }
            """
        var files = Self.detailScreen("let order: Order\n    let theme: ThemeManager\n    @Environment(\\.dismiss) private var dismiss")
        files["App/1 - View/Theme/ThemeManager.swift"] = theme
        files[CompliantApp.screenPath] = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "OrderRow(name: order.name)", with: "OrderDetailView(order: order, theme: ThemeManager())")
        #expect(Analysis.findings(Self.rule, in: Analysis.app(replacing: files)) == [])
    }

    @Test func previewAndTestCallSitesAreLeftToTheDeclarationFinding() throws {
        let source = Self.screenSource("@State private var viewModel: OrdersViewModel\n\n    init(viewModel: OrdersViewModel) { _viewModel = State(initialValue: viewModel) }")
            .replacingOccurrences(of: "    OrdersView()\n}", with: "    OrdersView(viewModel: OrdersViewModel())\n}")
        let test = """
            import Testing
            @testable import App

            @MainActor
            struct OrdersViewTests {
                @Test func builds() { _ = OrdersView(viewModel: OrdersViewModel()) }
            }
            """
        let files = Analysis.app(replacing: [CompliantApp.screenPath: source, "Tests/AppTests/View Tests/OrdersViewTests.swift": test])
        #expect(source.contains("OrdersView(viewModel: OrdersViewModel())\n}"))
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.line == PlantedSource.line(of: "init(viewModel:", in: source))
    }
}
