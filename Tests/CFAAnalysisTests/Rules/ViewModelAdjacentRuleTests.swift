import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewModelAdjacentRuleTests {
    static let rule = ViewModelAdjacentRule.id

    static func single(_ findings: [Finding]) -> Finding? { findings.count == 1 ? findings[0] : nil }

    static func view(_ name: String, holding viewModel: String) -> String {
        """
        #if canImport(SwiftUI)
        import SwiftUI

        struct \(name): View {
            @State private var viewModel = \(viewModel)()
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

    @Test func aViewModelAwayFromItsScreenIsAWarningAtItsDeclaration() throws {
        let moved = "App/ViewModels/OrdersViewModel.swift"
        var files = CompliantApp.files
        files[moved] = files.removeValue(forKey: CompliantApp.viewModelPath)
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.file == moved)
        #expect(finding.line == 3)
        #expect(finding.item == 1)
        #expect(finding.severity == .warning)
        #expect(finding.message == "OrdersViewModel is in `App/ViewModels`, not beside its screen OrdersView in `App/1 - View/Views/Orders`; move OrdersViewModel.swift into that folder")
    }

    @Test func severalScreensInOneFolderWithTheirViewModelsAreFine() {
        let folder = "App/1 - View/Views/Orders/"
        let files = Analysis.app(replacing: [
            folder + "OrderHistoryView.swift": Self.view("OrderHistoryView", holding: "OrderHistoryViewModel"),
            folder + "OrderHistoryViewModel.swift": Self.viewModel("OrderHistoryViewModel"),
        ])
        #expect(Analysis.findings(Self.rule, in: files) == [])
    }

    @Test func aViewModelDeclaredInItsScreensFileIsBesideIt() {
        let path = "App/1 - View/Views/History/OrderHistoryView.swift"
        let files = Analysis.app(replacing: [path: Self.view("OrderHistoryView", holding: "OrderHistoryViewModel") + "\n" + Self.viewModel("OrderHistoryViewModel")])
        #expect(Analysis.findings(Self.rule, in: files) == [])
    }

    @Test func theOneScreenHoldingAViewModelUnderAnotherNameIsItsScreen() throws {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Inbox/InboxView.swift": Self.view("InboxView", holding: "MailboxViewModel"),
            "App/1 - View/Views/Mailbox/MailboxViewModel.swift": Self.viewModel("MailboxViewModel"),
        ])
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.file == "App/1 - View/Views/Mailbox/MailboxViewModel.swift")
        #expect(finding.message.contains("not beside its screen InboxView in `App/1 - View/Views/Inbox`"))
    }

    @Test func aViewModelNoScreenOwnsIsLeftToTheDedicatedRule() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Inbox/InboxView.swift": Self.view("InboxView", holding: "MailboxViewModel"),
            "App/1 - View/Views/Archive/ArchiveView.swift": Self.view("ArchiveView", holding: "MailboxViewModel"),
            "App/ViewModels/MailboxViewModel.swift": Self.viewModel("MailboxViewModel"),
        ])
        #expect(Analysis.findings(Self.rule, in: files) == [])
        #expect(Analysis.findings(ViewModelDedicatedRule.id, in: files).count == 2)
    }
}
