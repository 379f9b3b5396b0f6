import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewModelDedicatedRuleTests {
    static let rule = ViewModelDedicatedRule.id

    static func single(_ findings: [Finding]) -> Finding? { findings.count == 1 ? findings[0] : nil }

    static func view(_ name: String, _ members: String) -> String {
        """
        #if canImport(SwiftUI)
        import SwiftUI

        struct \(name): View {
            \(members)
            var body: some View { Text("\(name)") }
        }
        #endif
        """
    }

    static func viewModel(_ name: String) -> String {
        """
        import Observation

        @MainActor @Observable
        final class \(name) {
            init() {}
        }
        """
    }

    @Test func aComponentStoringTheViewModelIsReportedAtItsProperty() throws {
        let component = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrderRow: View {
                @Bindable var viewModel: OrdersViewModel
                let name: String

                var body: some View {
                    Text(name)
                }
            }
            #endif
            """
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.componentPath: component]))))
        #expect(finding.file == CompliantApp.componentPath)
        #expect(finding.line == 5)
        #expect(finding.item == 1)
        #expect(finding.message == "OrderRow stores OrdersViewModel, which belongs to OrdersView alone; pass OrderRow plain values instead")
    }

    @Test func anotherScreenCreatingTheViewModelIsReportedOnce() throws {
        let path = "App/1 - View/Views/Orders/OrderHistoryView.swift"
        let files = Analysis.app(replacing: [path: Self.view("OrderHistoryView", "@State private var viewModel = OrdersViewModel()")])
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.file == path)
        #expect(finding.line == 5)
        #expect(finding.message.contains("OrderHistoryView stores OrdersViewModel, which belongs to OrdersView alone"))
    }

    @Test func creatingTheViewModelOutsideItsScreenIsReportedAtTheCall() throws {
        let appModel = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    func applicationDidFinishLaunching() {",
            with: """
                    func makeOrdersViewModel() -> OrdersViewModel {
                        OrdersViewModel(ordersFeature: ordersFeature)
                    }

                    func applicationDidFinishLaunching() {
                """)
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.appModelPath: appModel]))))
        #expect(finding.file == CompliantApp.appModelPath)
        #expect(finding.line == PlantedSource.line(of: "OrdersViewModel(ordersFeature: ordersFeature)", in: appModel))
        #expect(finding.message == "AppModel creates OrdersViewModel; only OrdersView creates it, as `@State private var viewModel = OrdersViewModel()`")
    }

    @Test func aViewModelThatKeepsASharedInstanceOfItselfIsReported() throws {
        let viewModel = CompliantApp.files[CompliantApp.viewModelPath]!.replacingOccurrences(
            of: "    var draftName = \"\"", with: "    static let shared = OrdersViewModel()\n    var draftName = \"\"")
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: viewModel]))))
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == PlantedSource.line(of: "static let shared", in: viewModel))
    }

    @Test func aFreeFunctionCreatingTheViewModelIsReported() throws {
        let path = "App/1 - View/Views/Orders/OrdersFactory.swift"
        let files = Analysis.app(replacing: [path: "func makeOrdersViewModel() -> OrdersViewModel {\n    OrdersViewModel()\n}\n"])
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.file == path)
        #expect(finding.line == 2)
        #expect(finding.message.hasPrefix("Code outside any type creates OrdersViewModel"))
    }

    @Test func testsPreviewsAndDebugCodeAreExcepted() {
        let screen = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "#Preview {\n    OrdersView()\n}",
            with: """
                #Preview {
                    let viewModel = OrdersViewModel(ordersFeature: AppModel.shared.ordersFeature)
                    return OrderRow(name: viewModel.draftName)
                }

                #if DEBUG
                struct OrdersPreviewHost: View {
                    let viewModel = OrdersViewModel()
                    var body: some View { OrdersView() }
                }
                #endif
                """)
        let test = """
            import Testing
            @testable import App

            @MainActor
            struct OrdersScreenTests {
                let viewModel = OrdersViewModel(ordersFeature: OrdersFeature(repository: InMemoryOrdersRepository()))
                @Test func drafts() { #expect(viewModel.draftName.isEmpty) }
            }
            """
        let files = Analysis.app(replacing: [CompliantApp.screenPath: screen, "Tests/AppTests/View Model Tests/OrdersScreenTests.swift": test])
        #expect(screen.contains("OrdersPreviewHost"))
        #expect(Analysis.findings(Self.rule, in: files) == [])
    }

    @Test func severalScreensInOneFolderEachWithItsOwnViewModelAreFine() {
        let folder = "App/1 - View/Views/Orders/"
        let files = Analysis.app(replacing: [
            folder + "OrderHistoryView.swift": Self.view("OrderHistoryView", "@State private var viewModel = OrderHistoryViewModel()"),
            folder + "OrderHistoryViewModel.swift": Self.viewModel("OrderHistoryViewModel"),
        ])
        #expect(Analysis.findings(Self.rule, in: files) == [])
    }

    @Test func aViewModelSharedByScreensWithoutANamesakeIsReportedAtEachOne() {
        let folder = "App/1 - View/Views/Shared/"
        let files = Analysis.app(replacing: [
            folder + "InboxView.swift": Self.view("InboxView", "@State private var viewModel = MailboxViewModel()"),
            folder + "ArchiveView.swift": Self.view("ArchiveView", "@State private var viewModel = MailboxViewModel()"),
            folder + "MailboxViewModel.swift": Self.viewModel("MailboxViewModel"),
        ])
        let findings = Analysis.findings(Self.rule, in: files)
        #expect(findings.map(\.file) == [folder + "ArchiveView.swift", folder + "InboxView.swift"])
        #expect(findings.map(\.line) == [5, 5])
        #expect(findings.first?.message == "ArchiveView stores MailboxViewModel, which InboxView also stores; give each screen its own ViewModel")
    }

    @Test func theOneScreenHoldingAViewModelUnderAnotherNameOwnsIt() {
        let folder = "App/1 - View/Views/Inbox/"
        let files = Analysis.app(replacing: [
            folder + "InboxView.swift": Self.view("InboxView", "@State private var viewModel = MailboxViewModel()"),
            folder + "MailboxViewModel.swift": Self.viewModel("MailboxViewModel"),
        ])
        #expect(Analysis.findings(Self.rule, in: files) == [])
    }

    /// One `let viewModel: X` on a screen was three findings (INIT-CLEAN, DEDICATED, INLINE). Another screen's
    /// ViewModel is this rule's one finding ("belongs to OrdersView alone"); the screen's own ViewModel handed in is
    /// CFA-VIEW-INIT-CLEAN's one finding.
    @Test func aViewModelHandedToAScreenIsOneFinding() throws {
        let path = "App/1 - View/Views/Orders/OrderHistoryView.swift"
        for (held, owner, message) in [
            ("OrdersViewModel", Self.rule, "OrderHistoryView stores OrdersViewModel, which belongs to OrdersView alone"),
            ("OrderHistoryViewModel", ViewInitCleanRule.id,
             "OrderHistoryView receives a ViewModel (OrderHistoryViewModel) through `let viewModel: OrderHistoryViewModel`"),
        ] {
            let files = Analysis.app(replacing: [
                "App/1 - View/Views/Orders/OrderHistoryViewModel.swift": Self.viewModel("OrderHistoryViewModel"),
                CompliantApp.rootPath: CompliantApp.files[CompliantApp.rootPath]!.replacingOccurrences(
                    of: "OrdersView()", with: "OrderHistoryView(viewModel: \(held)())"),
                path: Self.view("OrderHistoryView", "let viewModel: \(held)"),
            ])
            let findings = Analysis.result(files).findings.filter { $0.file == path || $0.file == CompliantApp.rootPath }
            let finding = try #require(Self.single(findings), "\(findings.map(\.compilerStyle))")
            #expect(finding.rule == owner)
            #expect(finding.file == path && finding.line == 5)
            #expect(finding.message.contains(message))
            let call = PlantedSource.line(of: "OrderHistoryView(viewModel:", in: files[CompliantApp.rootPath]!)
            #expect(finding.related.map(\.position) == ["\(CompliantApp.rootPath):\(call)"])
        }
    }
}
