import GateTestSupport
@testable import CFAAnalysis
import Testing

struct ViewDeclarativeRuleTests {
    let id = ViewDeclarativeRule.id

    /// The compliant screen with one statement planted in its toolbar button.
    private func screen(doing statement: String) -> String {
        CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "Button(\"Add\") { viewModel.placeDraftOrder() }",
            with: "Button(\"Add\") {\n                    \(statement)\n                    viewModel.placeDraftOrder()\n                }")
    }

    private func findings(_ files: [String: String], configuration: AnalysisConfiguration = AnalysisConfiguration()) -> [Finding] {
        Analysis.findings(id, in: Analysis.app(replacing: files), configuration: configuration)
    }

    @Test(arguments: [
        ("UserDefaults.standard.set(true, forKey: \"placed\")", "UserDefaults"),
        ("_ = FileManager.default.fileExists(atPath: \"/tmp\")", "FileManager"),
        ("_ = URLSession.shared.dataTask(with: URL(string: \"https://example.com\")!)", "URLSession"),
        ("_ = Bundle.main.url(forResource: \"orders\", withExtension: \"json\")", "Bundle.main"),
        ("NotificationCenter.default.post(name: .init(\"placed\"), object: nil)", "NotificationCenter"),
        ("let context: ModelContext? = nil", "ModelContext"),
    ])
    func eachSideEffectingAPIIsReportedOnceWhereItIsUsed(_ statement: String, _ api: String) throws {
        let source = screen(doing: statement)
        let finding = try #require(findings([CompliantApp.screenPath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.line == PlantedSource.line(of: statement, in: source))
        #expect(finding.item == 11)
        #expect(finding.message.contains("OrdersView uses \(api);"))
    }

    @Test func twoUsesOnOneLineAreOneFinding() {
        let statement = "UserDefaults.standard.set(UserDefaults.standard.bool(forKey: \"a\"), forKey: \"b\")"
        let found = findings([CompliantApp.screenPath: screen(doing: statement)])
        #expect(found.count == 1)
    }

    @Test func theEnvironmentModelContextIsReportedAtItsProperty() throws {
        let source = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    @Environment(\\.modelContext) private var modelContext")
        let finding = try #require(findings([CompliantApp.screenPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "@Environment(\\.modelContext)", in: source))
        #expect(finding.message.contains("ModelContext"))
    }

    @Test func aComponentAndAViewExtensionInAnotherFileAreChecked() {
        let component = CompliantApp.files[CompliantApp.componentPath]!.replacingOccurrences(
            of: "Text(name)", with: "Text(UserDefaults.standard.string(forKey: name) ?? name)")
        let extensionPath = "App/1 - View/Views/Orders/OrdersView+Files.swift"
        let viewExtension = """
            import Foundation

            extension OrdersView {
                var hasExport: Bool { FileManager.default.fileExists(atPath: "/tmp/orders.csv") }
            }
            """
        let found = findings([CompliantApp.componentPath: component, extensionPath: viewExtension])
        #expect(found.map(\.file) == [CompliantApp.componentPath, extensionPath])
    }

    @Test func aRootViewNamedByConfigurationIsChecked() throws {
        let root = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct RootView: View {
                var body: some View {
                    OrdersView()
                        .onAppear { UserDefaults.standard.set(true, forKey: "opened") }
                }
            }
            #endif
            """
        var configuration = AnalysisConfiguration()
        configuration.rootView = "RootView"
        var files = Analysis.app(replacing: ["App/1 - View/RootView.swift": root])
        files[CompliantApp.rootPath] = nil
        let finding = try #require(Analysis.findings(id, in: files, configuration: configuration).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "UserDefaults", in: root))
    }

    @Test func appStorageOtherBundlesAndNonViewsAreNotReported() {
        let source = CompliantApp.files[CompliantApp.screenPath]!
            .replacingOccurrences(
                of: "    @State private var viewModel = OrdersViewModel()",
                with: "    @State private var viewModel = OrdersViewModel()\n    @AppStorage(\"sort\") private var sort = \"name\"\n    private let icon = Bundle.module.url(forResource: \"icon\", withExtension: \"png\")")
        // The App type and a ViewModel are not Views; what they do is other rules' business.
        let app = CompliantApp.files[CompliantApp.appPath]!.replacingOccurrences(
            of: "AppModel.shared.applicationDidFinishLaunching()",
            with: "AppModel.shared.applicationDidFinishLaunching()\n        UserDefaults.standard.register(defaults: [:])")
        let viewModel = CompliantApp.files[CompliantApp.viewModelPath]!.replacingOccurrences(
            of: "    var draftName = \"\"", with: "    var draftName = UserDefaults.standard.string(forKey: \"draft\") ?? \"\"")
        #expect(findings([CompliantApp.screenPath: source, CompliantApp.appPath: app, CompliantApp.viewModelPath: viewModel]) == [])
    }

    @Test func previewAndDebugOnlyCodeIsNotReported() {
        let source = CompliantApp.files[CompliantApp.screenPath]!
            .replacingOccurrences(
                of: "#Preview {\n    OrdersView()",
                with: "#Preview {\n    UserDefaults.standard.set(true, forKey: \"preview\")\n    return OrdersView()")
            .replacingOccurrences(
                of: "        .toolbar {",
                with: "        .onAppear {\n            #if DEBUG\n            print(FileManager.default.currentDirectoryPath)\n            #endif\n        }\n        .toolbar {")
        #expect(findings([CompliantApp.screenPath: source]) == [])
    }

    @Test func severalScreensInOneFolderAreEachChecked() {
        let folder = "App/1 - View/Views/Orders/"
        let history = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrderHistoryView: View {
                var body: some View {
                    Text(Bundle.main.bundleIdentifier ?? "")
                }
            }
            #endif
            """
        let found = findings([folder + "OrderHistoryView.swift": history])
        #expect(found.map(\.file) == [folder + "OrderHistoryView.swift"])
        #expect(found.first?.message.contains("OrderHistoryView uses Bundle.main") == true)
    }
}
