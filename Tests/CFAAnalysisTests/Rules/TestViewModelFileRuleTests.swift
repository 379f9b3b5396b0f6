import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct TestViewModelFileRuleTests {
    private let rule = TestViewModelFileRule.id

    private func app(without removed: [String], adding added: [String: String] = [:]) -> [String: String] {
        var files = Analysis.app(replacing: added)
        for path in removed { files[path] = nil }
        return files
    }

    @Test func theCompliantAppHasItsViewModelTests() {
        #expect(Analysis.findings(rule, in: CompliantApp.files) == [])
    }

    @Test func aMissingViewModelTestIsReportedAtTheViewModelNamingTheFileToAdd() throws {
        let findings = Analysis.findings(rule, in: app(without: [CompliantApp.viewModelTestPath]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == 3)
        #expect(finding.column == 1)
        #expect(finding.item == 23)
        #expect(finding.message == "OrdersViewModel has no test file; add Tests/AppTests/View Model Tests/OrdersViewModelTests.swift")
    }

    @Test(arguments: [
        "Tests/AppTests/OrdersViewModelTests.swift", "Tests/AppTests/Feature Tests/OrdersViewModelTests.swift",
    ])
    func aTestFileInTheWrongFolderIsNamedWithWhereToMoveIt(misplaced: String) throws {
        let files = app(without: [CompliantApp.viewModelTestPath], adding: [misplaced: CompliantApp.files[CompliantApp.viewModelTestPath]!])
        let finding = try #require(Analysis.findings(rule, in: files).first)
        #expect(
            finding.message
                == "OrdersViewModel's test file \(misplaced) is not in a tests folder for it; move it to Tests/AppTests/View Model Tests/OrdersViewModelTests.swift")
    }

    @Test(arguments: [
        "Tests/AppTests/ViewModelTests/OrdersViewModelTests.swift", "Tests/AppTests/View model tests/OrdersViewModelTests.swift",
        "Tests/AppTests/2 - View Model Tests/Orders/OrdersViewModelTests.swift", "AppTests/viewmodel tests/OrdersViewModelTests.swift",
    ])
    func folderNamesMatchIgnoringCaseSpacesAndNumbering(path: String) {
        let files = app(without: [CompliantApp.viewModelTestPath], adding: [path: CompliantApp.files[CompliantApp.viewModelTestPath]!])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func theFileMustBeNamedAfterTheViewModel() {
        let files = app(
            without: [CompliantApp.viewModelTestPath],
            adding: ["Tests/AppTests/View Model Tests/OrdersViewModelTest.swift": CompliantApp.files[CompliantApp.viewModelTestPath]!])
        #expect(Analysis.findings(rule, in: files).map(\.message) == [
            "OrdersViewModel has no test file; add Tests/AppTests/View Model Tests/OrdersViewModelTests.swift"
        ])
    }

    @Test func aConfiguredFolderIsUsed() {
        var configuration = AnalysisConfiguration()
        configuration.folders.viewModelTests = ["Presentation Tests"]
        #expect(Analysis.findings(rule, in: CompliantApp.files, configuration: configuration).map(\.message) == [
            "OrdersViewModel's test file Tests/AppTests/View Model Tests/OrdersViewModelTests.swift is not in a tests folder for it; move it to Tests/AppTests/Presentation Tests/OrdersViewModelTests.swift"
        ])
        let moved = app(
            without: [CompliantApp.viewModelTestPath],
            adding: ["Tests/AppTests/Presentation Tests/OrdersViewModelTests.swift": CompliantApp.files[CompliantApp.viewModelTestPath]!])
        #expect(Analysis.findings(rule, in: moved, configuration: configuration) == [])
    }

    @Test func eachOfSeveralScreensInOneFolderNeedsItsOwnTest() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Orders/OrderDetailView.swift": """
                #if canImport(SwiftUI)
                import SwiftUI

                struct OrderDetailView: View {
                    @State private var viewModel = OrderDetailViewModel()
                    var body: some View { Text(viewModel.title) }
                }
                #endif
                """,
            "App/1 - View/Views/Orders/OrderDetailViewModel.swift": """
                import Observation

                @MainActor @Observable
                final class OrderDetailViewModel {
                    var title = ""
                }
                """,
        ])
        let findings = Analysis.findings(rule, in: files)
        #expect(findings.map(\.file) == ["App/1 - View/Views/Orders/OrderDetailViewModel.swift"])
        #expect(findings.map(\.message) == [
            "OrderDetailViewModel has no test file; add Tests/AppTests/View Model Tests/OrderDetailViewModelTests.swift"
        ])
    }

    @Test func aConfiguredRootViewNeedsNoViewModelTest() {
        let files = Analysis.app(replacing: [
            CompliantApp.rootPath: """
                #if canImport(SwiftUI)
                import SwiftUI

                struct RootView: View {
                    @State private var viewModel = RootViewModel()
                    var body: some View { TabView { OrdersView() } }
                }
                #endif
                """,
            "App/1 - View/RootViewModel.swift": """
                import Observation

                @MainActor @Observable
                final class RootViewModel {
                    var selectedTab = 0
                }
                """,
        ])
        var configuration = AnalysisConfiguration()
        configuration.rootView = "RootView"
        #expect(Analysis.findings(rule, in: files, configuration: configuration) == [])
        #expect(Analysis.findings(rule, in: files) == [], "RootView is a root by default too")
        // With another root configured, `RootView` is an ordinary screen.
        configuration.rootView = "MainView"
        #expect(Analysis.findings(rule, in: files, configuration: configuration).map(\.file) == ["App/1 - View/RootViewModel.swift"])
    }

    @Test func debugOnlyScreensNeedNoTest() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Debug/DebugMenuView.swift": """
                #if DEBUG
                import SwiftUI
                import Observation

                struct DebugMenuView: View {
                    @State private var viewModel = DebugMenuViewModel()
                    var body: some View { Text("debug") }
                }

                @MainActor @Observable
                final class DebugMenuViewModel {}
                #endif
                """
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func componentsNeedNoViewModelTest() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Components/OrderBadge.swift": """
                import SwiftUI

                struct OrderBadge: View {
                    let count: Int
                    var body: some View { Text("\\(count)") }
                }
                """
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func theExampleAppHasItsViewModelTests() async {
        let result = await Analyzer.analyze(repositoryRoot: PlantedSource.exampleAppRoot, configuration: AnalysisConfiguration())
        #expect(result.fileCount > 0)
        #expect(result.findings.filter { $0.rule == rule } == [])
    }

}
