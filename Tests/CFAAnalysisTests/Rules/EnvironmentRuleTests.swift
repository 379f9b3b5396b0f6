import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct EnvironmentRuleTests {
    static let rule = EnvironmentRule.id

    static func single(_ findings: [Finding]) -> Finding? { findings.count == 1 ? findings[0] : nil }

    /// The compliant App with a modifier on its window's contents, on a line of its own.
    static func app(modifying modifier: String) -> String {
        CompliantApp.files[CompliantApp.appPath]!.replacingOccurrences(
            of: "WindowGroup { RootTabView() }", with: "WindowGroup {\n            RootTabView()\n                \(modifier)\n        }")
    }

    /// The compliant component with one more property.
    static func component(with property: String) -> String {
        CompliantApp.files[CompliantApp.componentPath]!.replacingOccurrences(of: "    let name: String\n", with: "    let name: String\n    \(property)\n")
    }

    static let themeManager = """
        import Observation

        @MainActor @Observable
        final class ThemeManager {
            var accent = "blue"
        }
        """

    @Test(arguments: [
        (".environment(AppModel.shared)", "the AppModel"),
        (".environment(AppModel.shared.ordersFeature)", "the Feature `ordersFeature`"),
        (".environment(ordersFeature)", "the Feature `ordersFeature`"),
        (".environment(\\.appModel, AppModel.shared)", "the AppModel"),
        (".environmentObject(AppModel.shared)", "the AppModel"),
    ])
    func injectingTheModelIsReportedAtTheModifier(modifier: String, named: String) throws {
        let app = Self.app(modifying: modifier)
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.appPath: app]))))
        #expect(finding.file == CompliantApp.appPath)
        #expect(finding.line == PlantedSource.line(of: modifier, in: app))
        #expect(finding.line == PlantedSource.line(of: "RootTabView()", in: app) + 1)
        #expect(finding.item == 4)
        #expect(finding.message.contains("puts \(named) into the environment"))
    }

    @Test(arguments: [
        ("@Environment(OrdersFeature.self) private var ordersFeature", "the Feature OrdersFeature"),
        ("@Environment(AppModel.self) private var appModel", "the AppModel"),
        ("@Environment(\\.appModel) private var appModel", "the AppModel"),
    ])
    func readingTheModelFromTheEnvironmentIsReportedAtTheProperty(property: String, named: String) throws {
        let component = Self.component(with: property)
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: Analysis.app(replacing: [CompliantApp.componentPath: component]))))
        #expect(finding.file == CompliantApp.componentPath)
        #expect(finding.line == PlantedSource.line(of: property, in: component))
        #expect(finding.message.contains("OrderRow.\(property.split(separator: " ").last!) reads \(named) from the environment"))
    }

    @Test func everyEnvironmentObjectIsReported() throws {
        let component = Self.component(with: "@EnvironmentObject var theme: ThemeManager")
        let files = Analysis.app(replacing: [CompliantApp.componentPath: component, "App/1 - View/Theme/ThemeManager.swift": Self.themeManager])
        let finding = try #require(Self.single(Analysis.findings(Self.rule, in: files)))
        #expect(finding.line == PlantedSource.line(of: "@EnvironmentObject", in: component))
        #expect(finding.message.contains("OrderRow.theme is an @EnvironmentObject holding an ObservableObject"))
    }

    @Test func declaringAnEnvironmentValueForTheModelIsReported() {
        let key = """
            #if canImport(SwiftUI)
            import SwiftUI

            extension EnvironmentValues {
                @Entry var ordersFeature: OrdersFeature = AppModel.shared.ordersFeature
            }

            struct AppModelKey: EnvironmentKey {
                static let defaultValue = AppModel.shared
            }
            #endif
            """
        let findings = Analysis.findings(Self.rule, in: Analysis.app(replacing: ["App/1 - View/Environment.swift": key]))
        #expect(findings.map(\.line) == [5, 9])
        #expect(findings.first?.message.contains("EnvironmentValues.ordersFeature declares an environment value holding the Feature OrdersFeature") == true)
    }

    @Test func aLegacyManagerFeatureIsRecognizedByItsVariableName() throws {
        let manager = """
            import Observation

            @MainActor @Observable
            final class OrdersManager {
                static let shared = OrdersManager()
            }
            """
        let app = Self.app(modifying: ".environment(ordersManager)")
        let files = Analysis.app(replacing: [CompliantApp.appPath: app, "App/2 - AppModel/Features/OrdersManager.swift": manager])
        #expect(try #require(Self.single(Analysis.findings(Self.rule, in: files))).message.contains("the Feature `ordersManager`"))
    }

    @Test func presentationManagersAreNotFeatures() {
        let component = Self.component(with: "@Environment(ThemeManager.self) private var theme")
        let app = Self.app(modifying: ".environment(ThemeManager()).environment(themeManager).environment(\\.showsNewFeature, true)")
        let files = Analysis.app(replacing: [
            CompliantApp.componentPath: component, CompliantApp.appPath: app, "App/1 - View/Theme/ThemeManager.swift": Self.themeManager,
        ])
        #expect(Analysis.findings(Self.rule, in: files) == [])
    }

    @Test func previewsAndTestsAreExcepted() {
        let screen = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "    OrdersView()\n}", with: "    OrdersView()\n        .environment(AppModel.shared)\n}")
        let test = """
            import Testing
            @testable import App

            struct EnvironmentTests {
                @Test func injects() { _ = OrderRow(name: "Tea").environment(AppModel.shared) }
            }
            """
        let files = Analysis.app(replacing: [CompliantApp.screenPath: screen, "Tests/AppTests/View Tests/EnvironmentTests.swift": test])
        #expect(screen.contains(".environment(AppModel.shared)"))
        #expect(Analysis.findings(Self.rule, in: files) == [])
    }
}
