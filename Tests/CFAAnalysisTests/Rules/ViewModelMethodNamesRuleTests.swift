import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewModelMethodNamesRuleTests {
    private let rule = ViewModelMethodNamesRule.id

    /// The compliant ViewModel with one more method, written as given.
    private func viewModel(adding method: String) -> String {
        """
        import Observation

        @MainActor @Observable
        final class OrdersViewModel {
            private let ordersFeature: OrdersFeature

            init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                self.ordersFeature = ordersFeature
            }

            var orders: [Order] { ordersFeature.orders }

            func placeDraftOrder() {}

            \(method)
        }
        """
    }

    @Test func theCompliantAppHasNoEventNamedMethods() {
        #expect(Analysis.findings(rule, in: CompliantApp.files) == [])
    }

    @Test(arguments: [
        "saveTapped", "addButtonPressed", "rowClicked", "screenAppeared", "onAppear", "onDisappear", "viewDidLoad",
        "screenDisappeared", "viewWillAppear", "viewDidDisappear", "tapped",
    ])
    func anEventNamedMethodIsReportedAtTheMethod(name: String) throws {
        let source = viewModel(adding: "func \(name)() {}")
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == PlantedSource.line(of: "func \(name)()", in: source))
        #expect(finding.column == 5)
        #expect(finding.item == 19)
        #expect(finding.severity == .error)
        #expect(finding.message.hasPrefix("OrdersViewModel.\(name)() names the UI event"))
    }

    @Test func theMessageSuggestsANameForTheWork() throws {
        let tapped = viewModel(adding: "func saveButtonTapped() {}")
        let appeared = viewModel(adding: "func onAppear() {}")
        let tappedFinding = try #require(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: tapped])).first)
        let appearedFinding = try #require(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: appeared])).first)
        #expect(tappedFinding.message.contains("`save()`"))
        #expect(appearedFinding.message.contains("`startLoading()`"))
    }

    @Test func namesThatOnlyContainAnEventWordAreFine() {
        let source = viewModel(adding: "func tappedCount() -> Int { 0 }\n    func pressedKeys() {}\n    func appearance() {}\n    func onAppearance() {}")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])) == [])
    }

    @Test func aMethodInAnExtensionIsReportedInTheExtensionsFile() throws {
        let path = "App/1 - View/Views/Orders/OrdersViewModel+Actions.swift"
        let files = Analysis.app(replacing: [path: "extension OrdersViewModel {\n    func refreshPressed() {}\n}\n"])
        let finding = try #require(Analysis.findings(rule, in: files).first)
        #expect(finding.file == path)
        #expect(finding.line == 2)
    }

    @Test func aViewModelInsideCanImportSwiftUIIsChecked() throws {
        let source = "#if canImport(SwiftUI)\n" + viewModel(adding: "func saveTapped() {}") + "\n#endif\n"
        let finding = try #require(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])).first)
        #expect(finding.line == PlantedSource.line(of: "func saveTapped()", in: source))
    }

    @Test func viewsFeaturesAndPresentationManagersAreNotViewModels() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Components/SaveButton.swift": """
                import SwiftUI

                struct SaveButton: View {
                    let action: () -> Void
                    var body: some View { Button("Save", action: buttonTapped) }
                    func buttonTapped() { action() }
                }
                """,
            "App/1 - View/Theme/ThemeManager.swift": """
                import Observation

                @MainActor @Observable
                final class ThemeManager {
                    func toggleTapped() {}
                }
                """,
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func previewStandInsAreNotChecked() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Orders/OrdersPreviewSupport.swift": """
                #if DEBUG
                import Observation

                @MainActor @Observable
                final class PreviewOrdersViewModel {
                    func saveTapped() {}
                }
                #endif
                """
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func theExampleAppHasNoEventNamedMethods() async {
        let result = await Analyzer.analyze(repositoryRoot: PlantedSource.exampleAppRoot, configuration: AnalysisConfiguration())
        #expect(result.fileCount > 0)
        #expect(result.findings.filter { $0.rule == rule } == [])
    }

}
