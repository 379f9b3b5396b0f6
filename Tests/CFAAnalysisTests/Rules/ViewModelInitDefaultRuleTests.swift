import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewModelInitDefaultRuleTests {
    static let rule = ViewModelInitDefaultRule.id
    static let compliantInit = "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {"

    static func single(_ findings: [Finding]) -> Finding? { findings.count == 1 ? findings[0] : nil }

    /// The compliant ViewModel with `changes` applied, and the findings of this rule.
    static func findings(_ changes: [(String, String)], extraFiles: [String: String] = [:]) -> (source: String, findings: [Finding]) {
        var source = CompliantApp.files[CompliantApp.viewModelPath]!
        for (old, new) in changes {
            precondition(source.contains(old), "the compliant ViewModel has no `\(old)`")
            source = source.replacingOccurrences(of: old, with: new)
        }
        let files = Analysis.app(replacing: extraFiles.merging([CompliantApp.viewModelPath: source]) { _, new in new })
        return (source, Analysis.findings(Self.rule, in: files))
    }

    @Test func aRepositoryParameterIsReportedAtTheParameter() throws {
        let (source, findings) = Self.findings([
            (Self.compliantInit, "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature, repository: any OrdersRepository) {")
        ])
        let finding = try #require(Self.single(findings))
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == PlantedSource.line(of: "repository: any OrdersRepository", in: source))
        #expect(finding.column > 60)
        #expect(finding.item == 2)
        #expect(finding.message.hasPrefix("OrdersViewModel.init takes `repository: any OrdersRepository`, which is a repository"))
    }

    /// One defect, one finding: a `nil` default patched with `?? AppModel.shared…` in `init` is fixed at the parameter,
    /// so the read is its related location; a read elsewhere, or with no misdefaulted Feature, stays a finding.
    @Test func anInitFallingBackOnAppModelIsARelatedLocationOfTheMisdefaultedParameter() throws {
        let (source, findings) = Self.findings([
            (Self.compliantInit, "init(ordersFeature: OrdersFeature? = nil) {"),
            ("self.ordersFeature = ordersFeature", "self.ordersFeature = ordersFeature ?? AppModel.shared.ordersFeature"),
        ])
        let finding = try #require(Self.single(findings))
        #expect(finding.line == PlantedSource.line(of: "init(ordersFeature", in: source))
        #expect(finding.message.contains("defaults `ordersFeature: OrdersFeature?` to `nil`"))
        #expect(finding.related.map(\.line) == [PlantedSource.line(of: "?? AppModel.shared", in: source)])
        let (_, unpatched) = Self.findings([("self.ordersFeature = ordersFeature", "self.ordersFeature = AppModel.shared.ordersFeature")])
        #expect(unpatched.map(\.related) == [[]])
        #expect(unpatched.first?.message.contains("reaches AppModel in `init`") == true)
    }

    @Test func aFeatureParameterWithoutADefaultIsReported() throws {
        let (source, findings) = Self.findings([(Self.compliantInit, "init(ordersFeature: OrdersFeature) {")])
        let finding = try #require(Self.single(findings))
        #expect(finding.line == PlantedSource.line(of: "init(ordersFeature", in: source))
        #expect(finding.message == "OrdersViewModel.init takes `ordersFeature: OrdersFeature` without a default; write `ordersFeature: OrdersFeature = AppModel.shared.ordersFeature`")
    }

    @Test func aFeatureDefaultedToAnythingButTheSharedAppModelIsReported() throws {
        let (_, findings) = Self.findings([
            (Self.compliantInit, "init(ordersFeature: OrdersFeature = OrdersFeature(repository: JSONFileOrdersRepository())) {")
        ])
        let finding = try #require(Self.single(findings))
        #expect(finding.message.contains("defaults `ordersFeature: OrdersFeature` to `OrdersFeature(repository: JSONFileOrdersRepository())`"))
    }

    @Test func storingTheAppModelIsReportedAtTheParameterAndTheProperty() {
        let (source, findings) = Self.findings([
            (Self.compliantInit, "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature, appModel: AppModel = .shared) {"),
            ("    private let ordersFeature: OrdersFeature\n", "    private let ordersFeature: OrdersFeature\n    private let appModel: AppModel\n"),
            ("        self.ordersFeature = ordersFeature\n", "        self.ordersFeature = ordersFeature\n        self.appModel = appModel\n"),
        ])
        #expect(findings.map(\.line) == [PlantedSource.line(of: "private let appModel", in: source), PlantedSource.line(of: "appModel: AppModel = .shared", in: source)])
        #expect(findings.first?.message.hasPrefix("OrdersViewModel.appModel stores the AppModel") == true)
        #expect(findings.last?.message.contains("takes the whole AppModel") == true)
    }

    @Test func aStoredPropertyReadFromTheSharedAppModelIsReported() throws {
        let (source, findings) = Self.findings([
            (Self.compliantInit, "init() {"),
            ("    private let ordersFeature: OrdersFeature\n", "    private let ordersFeature = AppModel.shared.ordersFeature\n"),
            ("        self.ordersFeature = ordersFeature\n", ""),
        ])
        let finding = try #require(Self.single(findings))
        #expect(finding.line == PlantedSource.line(of: "private let ordersFeature = AppModel", in: source))
        #expect(finding.message.contains("is set from `AppModel.shared.ordersFeature`"))
    }

    @Test func aViewModelCreatingItsOwnFeatureIsReported() throws {
        let (_, findings) = Self.findings([
            (Self.compliantInit, "init() {"),
            ("    private let ordersFeature: OrdersFeature\n", "    private let ordersFeature = OrdersFeature(repository: JSONFileOrdersRepository())\n"),
            ("        self.ordersFeature = ordersFeature\n", ""),
        ])
        let finding = try #require(Self.single(findings))
        #expect(finding.message.contains("creates its own OrdersFeature"))
    }

    @Test func reachingTheAppModelInAMethodIsReported() throws {
        let (source, findings) = Self.findings([
            ("    var orders: [Order] { ordersFeature.orders }", "    var orders: [Order] { AppModel.shared.ordersFeature.orders }")
        ])
        let finding = try #require(Self.single(findings))
        #expect(finding.line == PlantedSource.line(of: "AppModel.shared.ordersFeature.orders", in: source))
        #expect(finding.message.contains("reaches AppModel in `orders`"))
    }

    @Test func aPresentationManagerIsNotAFeature() throws {
        let theme = """
            import Observation

            @MainActor @Observable
            final class ThemeManager {
                static let shared = ThemeManager()
                var accent = "blue"
            }
            """
        let (_, findings) = Self.findings(
            [(Self.compliantInit, "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature, themeManager: ThemeManager = .shared) {")],
            extraFiles: ["App/1 - View/Theme/ThemeManager.swift": theme])
        let finding = try #require(Self.single(findings))
        #expect(finding.message.contains("takes `themeManager: ThemeManager`, which is not a Feature"))
    }

    @Test func aPlainValueParameterIsReported() throws {
        let (_, findings) = Self.findings([
            (Self.compliantInit, "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature, pageSize: Int = 20) {")
        ])
        #expect(try #require(Self.single(findings)).message.contains("takes `pageSize: Int`, which is not a Feature"))
    }

    @Test func aLegacyManagerFeatureDefaultedFromAppModelIsAccepted() {
        // `*Manager` under a Features folder is a Feature; whether its property is named `…Feature` is item 7's concern.
        let manager = """
            import Observation

            @MainActor @Observable
            final class OrdersManager {
                private(set) var orders: [Order] = []
            }
            """
        let (_, findings) = Self.findings(
            [(Self.compliantInit, "init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature, ordersManager: OrdersManager = AppModel.shared.ordersManager) {")],
            extraFiles: ["App/2 - AppModel/Features/OrdersManager.swift": manager])
        #expect(findings == [])
    }

    @Test func previewOnlyCodeIsLeftAlone() {
        let (_, findings) = Self.findings([
            ("    var orders: [Order] { ordersFeature.orders }", """
                    var orders: [Order] { ordersFeature.orders }

                #if DEBUG
                    static func preview() -> OrdersViewModel {
                        OrdersViewModel(ordersFeature: AppModel.shared.ordersFeature)
                    }
                #endif
                """)
        ])
        #expect(findings == [])
    }

    @Test func aViewModelInsideCanImportSwiftUIIsChecked() throws {
        let source = "#if canImport(SwiftUI)\n"
            + CompliantApp.files[CompliantApp.viewModelPath]!.replacingOccurrences(of: Self.compliantInit, with: "init(ordersFeature: OrdersFeature) {")
            + "\n#endif\n"
        let findings = Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source]))
        let finding = try #require(Self.single(findings))
        #expect(finding.line == PlantedSource.line(of: "init(ordersFeature", in: source))
        #expect(finding.message.contains("without a default"))
    }
    @Test func aFeatureProtocolParameterIsLeftToNoFeatureProtocolButItsDefaultIsChecked() throws {
        let api = ["App/2 - AppModel/Features/OrdersFeatureAPI.swift": "protocol OrdersFeatureAPI: AnyObject {}\nextension OrdersFeature: OrdersFeatureAPI {}\n"]
        let (_, defaulted) = Self.findings([
            (Self.compliantInit, "init(ordersFeature: any OrdersFeatureAPI = AppModel.shared.ordersFeature) {"),
            ("private let ordersFeature: OrdersFeature", "private let ordersFeature: any OrdersFeatureAPI"),
        ], extraFiles: api)
        // One defect, one finding: CFA-NO-FEATURE-PROTOCOL names the protocol; nothing here calls it "not a Feature".
        #expect(defaulted == [])
        let (_, nilDefault) = Self.findings([
            (Self.compliantInit, "init(ordersFeature: (any OrdersFeatureAPI)? = nil) {"),
            ("private let ordersFeature: OrdersFeature", "private let ordersFeature: any OrdersFeatureAPI"),
            ("self.ordersFeature = ordersFeature", "self.ordersFeature = ordersFeature ?? AppModel.shared.ordersFeature"),
        ], extraFiles: api)
        #expect(nilDefault.contains { $0.message.contains("defaults `ordersFeature: (any OrdersFeatureAPI)?` to `nil`") })
        #expect(!nilDefault.contains { $0.message.contains("which is not a Feature") })
    }
}
