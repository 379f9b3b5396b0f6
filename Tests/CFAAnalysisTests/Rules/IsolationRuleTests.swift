import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct IsolationRuleTests {
    private let rule = IsolationRule.id

    /// The compliant Feature or ViewModel with its `@MainActor @Observable` line replaced.
    private func replacingAttributes(of path: String, with attributes: String) -> [String: String] {
        let source = CompliantApp.files[path]!.replacingOccurrences(of: "@MainActor @Observable\n", with: attributes.isEmpty ? "" : "\(attributes)\n")
        return Analysis.app(replacing: [path: source])
    }

    @Test func aFeatureWithoutMainActorIsReportedAtItsDeclaration() throws {
        let findings = Analysis.findings(rule, in: replacingAttributes(of: CompliantApp.featurePath, with: "@Observable"))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == CompliantApp.featurePath)
        #expect(finding.line == 4, "the declaration starts at its attributes")
        #expect(finding.item == 18)
        #expect(finding.message == "Feature OrdersFeature is missing @MainActor; declare `@MainActor @Observable final class OrdersFeature`")
    }

    /// Observation means something only where there is state: a `@MainActor final class` Feature serving static data
    /// is not asked for `@Observable`; one with a stored `var` is, and a stateless one without `@MainActor` is still reported.
    @Test func aFeatureWithoutMutableStateNeedsOnlyMainActor() {
        let path = "App/2 - AppModel/Features/Terms/TermsManager.swift"
        let stateless = "@MainActor\nfinal class TermsManager {\n    static let all = [\"a\"]\n    let locale = \"en\"\n    var count: Int { Self.all.count }\n}"
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [path: stateless])) == [])
        let stateful = stateless.replacingOccurrences(of: "let locale", with: "var locale")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [path: stateful])).map(\.message) == [
            "Feature TermsManager is missing @Observable; declare `@MainActor @Observable final class TermsManager`"
        ])
        let unisolated = stateless.replacingOccurrences(of: "@MainActor\n", with: "")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [path: unisolated])).map(\.message) == [
            "Feature TermsManager is missing @MainActor; declare `@MainActor final class TermsManager`"
        ])
    }

    @Test func aViewModelWithoutObservableIsReported() {
        let findings = Analysis.findings(rule, in: replacingAttributes(of: CompliantApp.viewModelPath, with: "@MainActor"))
        #expect(findings.map(\.line) == [3])
        #expect(findings.first?.message.contains("ViewModel OrdersViewModel is missing @Observable") == true)
    }

    @Test func bothMissingIsOneFindingNamingBoth() {
        let findings = Analysis.findings(rule, in: replacingAttributes(of: CompliantApp.featurePath, with: ""))
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("missing @MainActor and @Observable") == true)
    }

    @Test func moduleQualifiedAttributesCount() {
        let files = replacingAttributes(of: CompliantApp.featurePath, with: "@_Concurrency.MainActor @Observation.Observable")
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func anActorFeatureIsReported() {
        let source = """
            actor PricingFeature {
                private(set) var prices: [String: Int] = [:]
            }
            """
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: ["App/2 - AppModel/Features/PricingFeature.swift": source]))
        #expect(findings.map(\.line) == [1])
        #expect(findings.first?.message.contains("is an actor") == true)
    }

    @Test func aManagerUnderAFeaturesFolderIsAFeatureButAPresentationManagerIsNot() {
        let manager = { (name: String) in "import Observation\n\n@Observable\nfinal class \(name) {\n    var value = 0\n}\n" }
        let appModel = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    private var hasLaunched = false\n", with: "    private var hasLaunched = false\n    let themeManager: ThemeManager = ThemeManager()\n")
        let files = Analysis.app(replacing: [
            "App/2 - AppModel/Features/SyncManager.swift": manager("SyncManager"),
            "App/1 - View/ThemeManager.swift": manager("ThemeManager"),
            CompliantApp.appModelPath: appModel,
        ])
        #expect(Analysis.result(files).index.role(of: "ThemeManager") == .domain, "a presentation manager stored on AppModel is not a Feature")
        let findings = Analysis.findings(rule, in: files)
        #expect(findings.map(\.file) == ["App/2 - AppModel/Features/SyncManager.swift"])
        #expect(findings.first?.message.contains("Feature SyncManager is missing @MainActor") == true)
    }

    @Test func viewModelsBehindCanImportAndAmongSeveralScreensInOneFolderAreChecked() {
        let folder = "App/1 - View/Views/Account/"
        let screen = { (name: String) in
            "#if canImport(SwiftUI)\nimport SwiftUI\n\nstruct \(name)View: View {\n    @State private var viewModel = \(name)ViewModel()\n    var body: some View { Text(\"\") }\n}\n#endif\n"
        }
        let files = Analysis.app(replacing: [
            folder + "ProfileView.swift": screen("Profile"),
            folder + "ProfileViewModel.swift": "import Observation\n\n@MainActor @Observable\nfinal class ProfileViewModel {}\n",
            folder + "SettingsView.swift": screen("Settings"),
            folder + "SettingsViewModel.swift": "#if canImport(SwiftUI)\nimport SwiftUI\n\n@Observable\nfinal class SettingsViewModel {}\n#endif\n",
        ])
        let findings = Analysis.findings(rule, in: files)
        #expect(findings.map { "\($0.file):\($0.line)" } == [folder + "SettingsViewModel.swift:4"])
    }

    @Test func valueTypesPreviewOnlyClassesAndTestTypesAreNotReported() {
        let files = Analysis.app(replacing: [
            "App/Domain/RowViewModel.swift": "struct RowViewModel {\n    let title: String\n}\nenum AppFeature {\n    case sync\n}\n",
            "App/1 - View/Views/Orders/OrdersPreviewSupport.swift": "#if DEBUG\nfinal class PreviewOrdersFeature {}\n#endif\n",
            "Tests/AppTests/Test Support/SpyViewModel.swift": "final class SpyViewModel {}\n",
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

}

