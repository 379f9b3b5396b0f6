import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewModelInlineRuleTests {
    static let rule = ViewModelInlineRule.id
    static let compliantLine = "@State private var viewModel = OrdersViewModel()"

    /// The compliant app with the screen's ViewModel line written differently.
    static func screen(holding replacement: String) -> [String: String] {
        let source = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(of: compliantLine, with: replacement)
        return Analysis.app(replacing: [CompliantApp.screenPath: source])
    }

    /// The one finding, or nil when there are none or several (so `#require` fails).
    static func single(_ findings: [Finding]) -> Finding? { findings.count == 1 ? findings[0] : nil }

    @Test(arguments: ["StateObject", "ObservedObject", "Bindable"])
    func aForeignWrapperIsReportedAtTheProperty(wrapper: String) throws {
        // The screen sits inside `#if canImport(SwiftUI)`, which is analysed like any other code.
        let findings = Analysis.findings(Self.rule, in: Self.screen(holding: "@\(wrapper) private var viewModel = OrdersViewModel()"))
        let finding = try #require(Self.single(findings))
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.line == 5)
        #expect(finding.item == 1)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("OrdersView holds its ViewModel with @\(wrapper)"))
        #expect(finding.message.contains("`@State private var viewModel = OrdersViewModel()`"))
    }

    @Test func aPropertyWithoutStateIsReported() throws {
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Self.screen(holding: "private var viewModel = OrdersViewModel()"))))
        #expect(finding.line == 5)
        #expect(finding.message.contains("without @State"))
    }

    @Test func aPropertyThatIsNotPrivateIsReported() throws {
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Self.screen(holding: "@State var viewModel = OrdersViewModel()"))))
        #expect(finding.line == 5)
        #expect(finding.message.contains("without `private`"))
    }

    @Test func aViewModelCreatedWithArgumentsIsReported() throws {
        let files = Self.screen(holding: "@State private var viewModel = OrdersViewModel(ordersFeature: AppModel.shared.ordersFeature)")
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.line == 5)
        #expect(finding.message.contains("created with arguments"))
    }

    @Test func aViewModelSetFromElsewhereIsReported() throws {
        let files = Self.screen(holding: "@State private var viewModel: OrdersViewModel = .preview")
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.message.contains("instead of a new `OrdersViewModel()`"))
    }

    @Test func aViewModelUnderAnotherNameIsReported() throws {
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Self.screen(holding: "@State private var model = OrdersViewModel()"))))
        #expect(finding.line == 5)
        #expect(finding.message.contains("as `model`"))
    }

    @Test func theInitializerSpellingsOfTheInlineFormAreAccepted() {
        #expect(Analysis.findings(Self.rule, in: Self.screen(holding: "@State private var viewModel: OrdersViewModel = .init()")) == [])
        #expect(Analysis.findings(Self.rule, in: Self.screen(holding: "@State private var viewModel = OrdersViewModel.init()")) == [])
        #expect(Analysis.findings(Self.rule, in: Self.screen(holding: "@State fileprivate var viewModel: OrdersViewModel = OrdersViewModel()")) == [])
    }

    @Test func assigningStateInAnInitializerIsReportedAtTheAssignmentOnly() throws {
        let replacement = """
            @State private var viewModel: OrdersViewModel

                init(ordersFeature: OrdersFeature) {
                    _viewModel = State(initialValue: OrdersViewModel(ordersFeature: ordersFeature))
                }
            """
        let files = Self.screen(holding: replacement)
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.line == PlantedSource.line(of: "_viewModel = State", in: files[CompliantApp.screenPath]!))
        #expect(finding.message.contains("assigns `_viewModel = State(initialValue: OrdersViewModel(ordersFeature: ordersFeature))` in init"))
    }

    /// One defect, one finding: a ViewModel held under another name and set in an initializer is reported at the
    /// property, where the fix goes, with the assignment as a related location — not at both.
    @Test func aViewModelUnderAnotherNameSetInAnInitializerIsOneFinding() throws {
        let replacement = """
            @State private var model: OrdersViewModel

                init() {
                    _model = State(initialValue: OrdersViewModel())
                }
            """
        let files = Self.screen(holding: replacement)
        let source = files[CompliantApp.screenPath]!
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.line == PlantedSource.line(of: "@State private var model", in: source))
        #expect(finding.message.contains("as `model`"))
        #expect(finding.related.map(\.position) == ["\(CompliantApp.screenPath):\(PlantedSource.line(of: "_model = State", in: source))"])
    }

    /// A ViewModel the caller hands in — through the memberwise initializer or an initializer parameter stored with
    /// `_viewModel = State(initialValue: viewModel)` — is CFA-VIEW-INIT-CLEAN's one finding, not this rule's as well.
    @Test func aHandedInViewModelIsLeftToTheInitCleanRule() throws {
        let memberwise = Self.screen(holding: "let viewModel: OrdersViewModel")
        #expect(Analysis.findings(Self.rule, in: memberwise) == [])
        #expect(Analysis.findings(ViewInitCleanRule.id, in: memberwise).count == 1)
        let parameter = Self.screen(holding: """
            @State private var viewModel: OrdersViewModel

                init(viewModel: OrdersViewModel) {
                    _viewModel = State(initialValue: viewModel)
                }
            """)
        let source = parameter[CompliantApp.screenPath]!
        #expect(Analysis.findings(Self.rule, in: parameter) == [])
        let owner = try #require(Self.single(Analysis.findings(ViewInitCleanRule.id, in: parameter)))
        #expect(owner.line == PlantedSource.line(of: "init(viewModel:", in: source))
        #expect(owner.related.map(\.position) == ["\(CompliantApp.screenPath):\(PlantedSource.line(of: "_viewModel = State", in: source))"])
    }

    @Test func aScreenWithoutAViewModelIsReportedAtItsDeclaration() throws {
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Self.screen(holding: "let title = \"Orders\""))))
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.line == 4)
        #expect(finding.message.contains("OrdersView is a screen without a ViewModel"))
    }

    @Test func onlyTheViolatingScreenOfAFolderWithSeveralIsReported() throws {
        let folder = "App/1 - View/Views/Orders/"
        let files = Analysis.app(replacing: [
            folder + "OrderHistoryView.swift": """
                #if canImport(SwiftUI)
                import SwiftUI

                struct OrderHistoryView: View {
                    @StateObject private var viewModel = OrderHistoryViewModel()
                    var body: some View { Text("History") }
                }
                #endif
                """,
            folder + "OrderHistoryViewModel.swift": """
                import Observation

                @MainActor @Observable
                final class OrderHistoryViewModel {
                    init() {}
                }
                """,
        ])
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.file == folder + "OrderHistoryView.swift")
        #expect(finding.line == 5)
    }

    @Test func previewOnlyViewsAreLeftAlone() {
        let source = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "#Preview {",
            with: """
                #if DEBUG
                struct OrdersPreviewHost: View {
                    @StateObject var viewModel = OrdersViewModel(ordersFeature: AppModel.shared.ordersFeature)
                    var body: some View { OrdersView() }
                }
                #endif

                #Preview {
                """)
        #expect(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.screenPath: source])) == [])
    }

    @Test func aRootViewNamedRootViewOrByConfigurationNeedsNoViewModel() {
        // Alone in its own file in the screens folder and taking no input, it would otherwise be a screen.
        let files = Analysis.app(replacing: [
            CompliantApp.rootPath: "",
            "App/1 - View/Views/RootView.swift": """
                #if canImport(SwiftUI)
                import SwiftUI

                struct RootView: View {
                    var body: some View { TabView { OrdersView() } }
                }
                #endif
                """,
        ])
        var configuration = AnalysisConfiguration()
        configuration.rootView = "RootView"
        #expect(Analysis.findings(Self.rule, in: files, configuration: configuration) == [])
        #expect(Analysis.findings(Self.rule, in: files) == [], "RootView is a root by default too")
        // With another root configured, `RootView` is a screen without a ViewModel.
        configuration.rootView = "MainView"
        #expect(Analysis.findings(Self.rule, in: files, configuration: configuration).count == 1)
    }
}
