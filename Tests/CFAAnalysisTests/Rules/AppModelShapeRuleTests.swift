import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct AppModelShapeRuleTests {
    private let rule = AppModelShapeRule.id

    /// The compliant AppModel with `members` added after its launch Bool, and the findings of this rule.
    private func findings(adding members: String, extraFiles: [String: String] = [:]) -> (findings: [Finding], source: String) {
        let source = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    private var hasLaunched = false\n", with: "    private var hasLaunched = false\n\(members)\n")
        let files = Analysis.app(replacing: extraFiles.merging([CompliantApp.appModelPath: source]) { _, new in new })
        return (Analysis.findings(rule, in: files), source)
    }

    @Test func aStoredRepositoryIsReportedAtTheProperty() throws {
        let (findings, source) = findings(adding: "    private let repository: any OrdersRepository")
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == CompliantApp.appModelPath)
        #expect(finding.line == PlantedSource.line(of: "private let repository", in: source))
        #expect(finding.item == 14)
        #expect(finding.message.contains("repository") && finding.message.contains("live()"))
    }

    @Test func aCacheAStoredViewModelAndAStaticConstantAreReported() {
        let (findings, source) = findings(adding: """
                private var cache: [UUID: Order] = [:]
                let ordersViewModel = OrdersViewModel()
                static let defaultsKey = "orders"
            """)
        #expect(findings.map(\.line) == ["private var cache", "let ordersViewModel", "static let defaultsKey"].map { PlantedSource.line(of: $0, in: source) })
        #expect(findings[1].message.contains("@State private var viewModel"))
    }

    @Test func aPresentationManagerIsNotAFeature() {
        let (findings, source) = findings(
            adding: "    let themeManager: ThemeManager",
            extraFiles: [
                "App/1 - View/ThemeManager.swift": """
                    import Observation

                    @MainActor @Observable
                    final class ThemeManager {
                        var usesLargeText = false
                    }
                    """
            ])
        #expect(findings.map(\.line) == [PlantedSource.line(of: "let themeManager", in: source)])
        #expect(findings.first?.message.contains("ThemeManager") == true)
    }

    @Test func aManagerUnderAFeaturesFolderIsAFeature() {
        let (findings, _) = findings(
            adding: "    let syncManager: SyncManager",
            extraFiles: [
                "App/2 - AppModel/Features/SyncManager.swift": """
                    import Observation

                    @MainActor @Observable
                    final class SyncManager {
                        private(set) var isSyncing = false
                    }
                    """
            ])
        #expect(findings == [])
    }

    @Test func aSecondBoolIsReportedAndTheLaunchBoolIsTheOneLaunchSets() {
        // `isOnline` comes first, but `hasLaunched` is the one applicationDidFinishLaunching() sets.
        let source = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
            of: "    let ordersFeature: OrdersFeature\n", with: "    private var isOnline = true\n    let ordersFeature: OrdersFeature\n")
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.appModelPath: source]))
        #expect(findings.map(\.line) == [PlantedSource.line(of: "isOnline", in: source)])
        #expect(findings.first?.message.contains("second Bool") == true)
    }

    @Test func aLaunchBoolThatIsNotPrivateVarIsReported() {
        for declaration in ["var hasLaunched = false", "private(set) var hasLaunched = false", "private let hasLaunched: Bool"] {
            let source = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
                of: "private var hasLaunched = false", with: declaration)
            let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.appModelPath: source]))
            #expect(findings.map(\.line) == [PlantedSource.line(of: "hasLaunched", in: source)], "\(declaration)")
            #expect(findings.first?.message.contains("private var hasLaunched") == true)
        }
    }

    @Test func featuresStoredAsVarOptionalOrTwiceAreReported() {
        let cases = [
            ("var ordersFeature: OrdersFeature", "let ordersFeature: OrdersFeature"),
            ("let ordersFeature: OrdersFeature?", "as an Optional"),
        ]
        for (declaration, expected) in cases {
            let source = CompliantApp.files[CompliantApp.appModelPath]!.replacingOccurrences(
                of: "let ordersFeature: OrdersFeature\n", with: "\(declaration)\n")
            let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.appModelPath: source]))
            #expect(findings.map(\.line) == [PlantedSource.line(of: declaration, in: source)], "\(declaration)")
            #expect(findings.first?.message.contains(expected) == true)
        }
        let (twice, source) = findings(adding: "    let backupOrdersFeature: OrdersFeature")
        #expect(twice.map(\.line) == [PlantedSource.line(of: "backupOrdersFeature", in: source)])
        #expect(twice.first?.message.contains("second time") == true)
    }

    @Test func computedPropertiesAndLiveRootsAreNotThisRulesConcern() {
        let (findings, _) = findings(adding: """
                var isLoading: Bool { ordersFeature.isLoading }
                static let preview = AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                let featureAPI: any OrdersFeatureAPI
            """,
            extraFiles: ["App/2 - AppModel/Features/OrdersFeatureAPI.swift": "@MainActor protocol OrdersFeatureAPI {}"])
        #expect(findings == [])
    }

}

