import GateTestSupport
@testable import CFAAnalysis
import Testing

struct FeatureNoSharedRuleTests {
    let id = FeatureNoSharedRule.id

    private func findings(_ files: [String: String]) -> [Finding] {
        Analysis.findings(id, in: Analysis.app(replacing: files))
    }

    private func feature(replacing old: String, with new: String) -> String {
        let source = CompliantApp.files[CompliantApp.featurePath]!
        #expect(source.contains(old))
        return source.replacingOccurrences(of: old, with: new)
    }

    @Test func aFeatureReadingAppModelSharedIsReportedOncePerLine() throws {
        let source = feature(
            replacing: "        orders.append(order)",
            with: "        orders.append(order)\n        AppModel.shared.ordersFeature.startLoading()")
        let finding = try #require(findings([CompliantApp.featurePath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.featurePath)
        #expect(finding.line == PlantedSource.line(of: "AppModel.shared.ordersFeature.startLoading()", in: source))
        #expect(finding.item == 12)
        #expect(finding.message.contains("OrdersFeature reads AppModel.shared"))
    }

    @Test func twoReadsOnOneLineAreOneFinding() {
        let source = feature(
            replacing: "        orders.append(order)",
            with: "        orders.append(order)\n        _ = (AppModel.shared.ordersFeature.orders, AppModel.shared)")
        #expect(findings([CompliantApp.featurePath: source]).count == 1)
    }

    @Test func aParameterDefaultFromAppModelSharedIsReported() throws {
        let path = "App/2 - AppModel/Features/ReceiptsFeature.swift"
        let source = """
            import Observation

            @MainActor @Observable
            final class ReceiptsFeature {
                private let ordersFeature: OrdersFeature
                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                    self.ordersFeature = ordersFeature
                }
            }
            """
        let finding = try #require(findings([path: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "init(ordersFeature", in: source))
        #expect(finding.message.contains("reads AppModel.shared"))
    }

    @Test func aFeatureHoldingTheAppModelIsReported() throws {
        let source = feature(
            replacing: "    private var loadTask: Task<Void, Never>?",
            with: "    private var loadTask: Task<Void, Never>?\n    weak var appModel: AppModel?")
        let finding = try #require(findings([CompliantApp.featurePath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "weak var appModel", in: source))
        #expect(finding.message.contains("names AppModel"))
    }

    @Test func aFeatureExtensionInAnotherFileIsChecked() throws {
        let path = "App/2 - AppModel/Features/OrdersFeature+Sync.swift"
        let source = """
            extension OrdersFeature {
                func sync() { _ = AppModel.shared }
            }
            """
        let finding = try #require(findings([path: source]).onlyFinding)
        #expect(finding.file == path)
        #expect(finding.line == 2)
    }

    @Test func aLegacyManagerUnderFeaturesIsAFeature() throws {
        let path = "App/2 - AppModel/Features/ReceiptsManager.swift"
        let source = """
            import Observation

            @MainActor @Observable
            final class ReceiptsManager {
                var count: Int { AppModel.shared.ordersFeature.orders.count }
            }
            """
        let finding = try #require(findings([path: source]).onlyFinding)
        #expect(finding.line == 5)
    }

    @Test func viewModelsPresentationManagersAndPreviewCodeAreNotReported() {
        // The compliant ViewModel defaults its Feature from AppModel.shared: that is item 2's promise.
        let theme = """
            import Observation

            @MainActor @Observable
            final class ThemeManager {
                var prefersLarge: Bool { AppModel.shared.ordersFeature.orders.count > 10 }
            }
            """
        let preview = """
            #if DEBUG
            extension OrdersFeature {
                static var preview: OrdersFeature { AppModel.shared.ordersFeature }
            }
            #endif
            """
        let files = [
            "App/1 - View/Theme/ThemeManager.swift": theme,
            "App/2 - AppModel/Features/OrdersFeature+Preview.swift": preview,
        ]
        #expect(findings(files) == [])
    }
}
