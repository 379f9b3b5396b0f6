import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct FeatureNoSwiftUIRuleTests {
    private let rule = FeatureNoSwiftUIRule.id

    /// The compliant Feature with `extraImport` written after `import Foundation` (line 2).
    private func feature(importing extraImport: String) -> String {
        CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "import Foundation\n", with: "import Foundation\n\(extraImport)\n")
    }

    @Test func aFeatureImportingSwiftUIIsAnErrorAtTheImport() throws {
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.featurePath: feature(importing: "import SwiftUI")]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == CompliantApp.featurePath)
        #expect(finding.line == 2)
        #expect(finding.item == 13)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("OrdersFeature") && finding.message.contains("import SwiftUI"))
    }

    @Test func aSingleDeclarationImportFromSwiftUICounts() {
        let findings = Analysis.findings(
            rule, in: Analysis.app(replacing: [CompliantApp.featurePath: feature(importing: "import struct SwiftUI.Color")]))
        #expect(findings.map(\.line) == [2])
    }

    @Test func uiKitAndAppKitAreWarnings() {
        for framework in ["UIKit", "AppKit"] {
            let findings = Analysis.findings(
                rule, in: Analysis.app(replacing: [CompliantApp.featurePath: feature(importing: "import \(framework)")]))
            #expect(findings.map(\.severity) == [.warning], "\(framework)")
            #expect(findings.first?.message.contains(framework) == true)
        }
    }

    @Test func aConfiguredSeverityAppliesToUIKitToo() {
        var configuration = AnalysisConfiguration()
        configuration.rules = [rule: .error]
        let findings = Analysis.findings(
            rule, in: Analysis.app(replacing: [CompliantApp.featurePath: feature(importing: "import UIKit")]), configuration: configuration)
        #expect(findings.map(\.severity) == [.error])
    }

    @Test func theAppModelFileIsCheckedEvenBehindCanImport() {
        let appModel = "#if canImport(SwiftUI)\nimport SwiftUI\n#endif\n" + CompliantApp.files[CompliantApp.appModelPath]!
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.appModelPath: appModel]))
        #expect(findings.map(\.file) == [CompliantApp.appModelPath])
        #expect(findings.map(\.line) == [2])
    }

    @Test func repositoryProtocolAndImplementationFilesAreChecked() {
        let files = Analysis.app(replacing: [
            CompliantApp.repositoryPath: "import SwiftUI\n" + CompliantApp.files[CompliantApp.repositoryPath]!,
            CompliantApp.repositoryImplementationPath: "import SwiftUI\n" + CompliantApp.files[CompliantApp.repositoryImplementationPath]!,
        ])
        let findings = Analysis.findings(rule, in: files)
        #expect(Set(findings.map(\.file)) == [CompliantApp.repositoryPath, CompliantApp.repositoryImplementationPath])
        #expect(findings.allSatisfy { $0.line == 1 })
    }

    @Test func aRepositoryWronglyStoredOnAppModelIsStillARepository() {
        let appModel = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    private var hasLaunched = false\n",
            with: "    private var hasLaunched = false\n    let repository: JSONFileOrdersRepository = JSONFileOrdersRepository()\n")
        let files = Analysis.app(replacing: [
            CompliantApp.appModelPath: appModel,
            CompliantApp.repositoryImplementationPath: "import SwiftUI\n" + CompliantApp.files[CompliantApp.repositoryImplementationPath]!,
        ])
        #expect(Analysis.result(files).index.role(of: "JSONFileOrdersRepository") == .repositoryImplementation, "stored on AppModel, still a repository")
        #expect(Analysis.findings(rule, in: files).map(\.file) == [CompliantApp.repositoryImplementationPath])
    }

    @Test func anExtensionOfAFeatureInASwiftUIFileIsReported() {
        let path = "App/2 - AppModel/Features/OrdersFeature+Colors.swift"
        let files = Analysis.app(replacing: [
            path: """
                import SwiftUI

                extension OrdersFeature {
                    var accent: Color { orders.isEmpty ? .gray : .blue }
                }
                """
        ])
        let findings = Analysis.findings(rule, in: files)
        #expect(findings.map(\.file) == [path])
        #expect(findings.first?.message.contains("OrdersFeature") == true)
    }

    @Test func aManagerUnderAFeaturesFolderIsAFeature() {
        let path = "App/2 - AppModel/Features/SyncManager.swift"
        let files = Analysis.app(replacing: [
            path: """
                import Observation
                import SwiftUI

                @MainActor @Observable
                final class SyncManager {
                    private(set) var isSyncing = false
                }
                """
        ])
        #expect(Analysis.findings(rule, in: files).map(\.line) == [2])
    }

    @Test func aPresentationManagerIsNotAFeatureEvenWhenStoredOnAppModel() {
        let themeManager = """
            import Observation
            import SwiftUI

            @MainActor @Observable
            final class ThemeManager {
                var accent: Color = .blue
            }
            """
        let alone = Analysis.app(replacing: ["App/1 - View/ThemeManager.swift": themeManager])
        #expect(Analysis.findings(rule, in: alone) == [])
        let appModel = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    private var hasLaunched = false\n", with: "    private var hasLaunched = false\n    let themeManager: ThemeManager = ThemeManager()\n")
        let stored = alone.merging([CompliantApp.appModelPath: appModel]) { _, new in new }
        #expect(Analysis.result(stored).index.role(of: "ThemeManager") == .domain, "a presentation manager stored on AppModel is not a Feature")
        #expect(Analysis.findings(rule, in: stored) == [])
    }

    @Test func previewOnlyExtensionsAndViewsAndTestsMayImportSwiftUI() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Orders/OrdersPreviewData.swift": """
                import SwiftUI

                #if DEBUG
                extension OrdersFeature {
                    static func preview() -> OrdersFeature { OrdersFeature(repository: JSONFileOrdersRepository()) }
                }
                #endif
                """,
            "Tests/AppTests/Feature Tests/OrdersFeatureSnapshotTests.swift": """
                import SwiftUI
                import Testing
                @testable import App

                @MainActor
                struct OrdersFeatureSnapshotTests {
                    @Test func startsEmpty() {
                        #expect(OrdersFeature(repository: InMemoryOrdersRepository()).orders.isEmpty)
                    }
                }
                """,
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

}

