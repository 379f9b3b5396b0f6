import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct AppModelLiveRuleTests {
    private let rule = AppModelLiveRule.id
    private let appModel = CompliantApp.files[CompliantApp.appModelPath]!

    private func findings(_ source: String, extraFiles: [String: String] = [:]) -> [Finding] {
        Analysis.findings(rule, in: Analysis.app(replacing: extraFiles.merging([CompliantApp.appModelPath: source]) { _, new in new }))
    }

    /// The compliant AppModel with `members` added before `static func live()`.
    private func adding(_ members: String) -> String {
        appModel.replacingOccurrences(of: "    static func live() -> AppModel {\n", with: "\(members)\n\n    static func live() -> AppModel {\n")
    }

    @Test func aSecondStaticFactoryIsReportedAtIt() throws {
        let source = adding("""
                static func preview() -> AppModel {
                    AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                }
            """)
        let findings = findings(source)
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.line == PlantedSource.line(of: "static func preview", in: source))
        #expect(finding.item == 15)
        #expect(finding.message.contains("preview()") && finding.message.contains("second composition root"))
    }

    @Test func factoriesInDebugExtensionsAndStaticPropertiesAreReported() {
        let extensionPath = "App/2 - AppModel/AppModel+Mock.swift"
        let mock = """
            #if DEBUG
            extension AppModel {
                static func mock() -> Self { Self(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository())) }
            }
            #endif
            """
        let source = adding("""
                static let demo = AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                static var sample: AppModel { live() }
            """)
        let found = findings(source, extraFiles: [extensionPath: mock])
        #expect(found.map { "\($0.file):\($0.line)" } == [
            "\(extensionPath):3",
            "\(CompliantApp.appModelPath):\(PlantedSource.line(of: "static let demo", in: source))",
            "\(CompliantApp.appModelPath):\(PlantedSource.line(of: "static var sample", in: source))",
        ])
    }

    @Test func aSecondLiveAndALiveWithParametersAreReported() {
        let source = adding("""
                static func live(inMemory: Bool) -> AppModel {
                    AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                }
            """)
        #expect(findings(source).map(\.line) == [PlantedSource.line(of: "live(inMemory", in: source)])
        #expect(findings(source).first?.message.contains("more than once") == true)

        let withParameters = appModel.replacingOccurrences(of: "static func live() -> AppModel", with: "static func live(inMemory: Bool = false) -> AppModel")
            .replacingOccurrences(of: "static let shared = live()", with: "static let shared = live(inMemory: false)")
        #expect(findings(withParameters).map(\.line) == [PlantedSource.line(of: "static func live", in: withParameters)])
        #expect(findings(withParameters).first?.message.contains("takes parameters") == true)
    }

    @Test func sharedMustBeAStaticLetBuiltByLive() {
        let cases = [
            ("static let shared = AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))", "not by live()"),
            ("static var shared = live()", "static var"),
            ("static var shared: AppModel { live() }", "computed"),
        ]
        for (declaration, expected) in cases {
            let source = appModel.replacingOccurrences(of: "static let shared = live()", with: declaration)
            let found = findings(source)
            #expect(found.map(\.line) == [5], "\(declaration)")
            #expect(found.first?.message.contains(expected) == true, "\(declaration)")
        }
        for accepted in ["static let shared = AppModel.live()", "static let shared: AppModel = .live()", "static let shared = Self.live()"] {
            #expect(findings(appModel.replacingOccurrences(of: "static let shared = live()", with: accepted)) == [], "\(accepted)")
        }
    }

    @Test func initializerParametersWithDefaultsAreReportedAtTheParameter() {
        let source = appModel.replacingOccurrences(
            of: "init(ordersFeature: OrdersFeature) {",
            with: "init(\n        ordersFeature: OrdersFeature = OrdersFeature(repository: JSONFileOrdersRepository())\n    ) {")
        let found = findings(source)
        #expect(found.map(\.line) == [PlantedSource.line(of: "ordersFeature: OrdersFeature = ", in: source)])
        #expect(found.first?.message.contains("remove the default") == true)
    }

    @Test func aSecondInitializerIsReported() {
        let source = adding("""
                convenience init() {
                    self.init(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                }
            """)
        #expect(findings(source).map(\.line) == [PlantedSource.line(of: "convenience init()", in: source)])
    }

    @Test func aFeatureTheInitializerDoesNotTakeIsReportedAtTheInitializer() {
        let source = appModel.replacingOccurrences(
            of: "init(ordersFeature: OrdersFeature) {\n        self.ordersFeature = ordersFeature",
            with: "init() {\n        self.ordersFeature = OrdersFeature(repository: JSONFileOrdersRepository())")
            .replacingOccurrences(of: "AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))", with: "AppModel()")
        let found = findings(source)
        #expect(found.map(\.line) == [PlantedSource.line(of: "init() {", in: source)])
        #expect(found.first?.message.contains("ordersFeature: OrdersFeature") == true)
    }

    @Test func aFeatureBuiltInItsDeclarationWithoutAnInitializerIsReported() {
        let source = """
            import Observation

            @MainActor @Observable
            final class AppModel {
                static let shared = live()

                let ordersFeature = OrdersFeature(repository: JSONFileOrdersRepository())
                private var hasLaunched = false

                static func live() -> AppModel { AppModel() }

                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    ordersFeature.startLoading()
                }
            }
            """
        let found = findings(source)
        #expect(found.map(\.line) == [3, 7], "the declaration starts at its attributes")
        #expect(found.first?.message.contains("no explicit initialiser") == true)
        #expect(found.last?.message.contains("built in its declaration") == true)
    }

    @Test func testExtensionsHelperFactoriesAndAMissingLiveAreNotThisRulesFindings() {
        let testExtension = """
            @testable import App

            extension AppModel {
                static func forTesting() -> AppModel { AppModel(ordersFeature: OrdersFeature(repository: InMemoryOrdersRepository())) }
            }
            """
        let helper = adding("""
                private static func makeOrdersFeature() -> OrdersFeature {
                    OrdersFeature(repository: JSONFileOrdersRepository())
                }
            """)
        #expect(findings(helper, extraFiles: ["Tests/AppTests/Test Support/AppModel+Testing.swift": testExtension]) == [])
        // Without `live()` CFA-ADOPTION reports the missing composition root; this rule does not repeat it.
        let noLive = appModel.replacingOccurrences(of: "static func live() -> AppModel", with: "static func make() -> AppModel")
            .replacingOccurrences(of: "shared = live()", with: "shared = make()")
        let result = Analysis.result(Analysis.app(replacing: [CompliantApp.appModelPath: noLive]))
        #expect(result.findings.contains { $0.rule == AdoptionRule.id })
        let found = result.findings.filter { $0.rule == rule }
        #expect(found.map(\.line) == [5, PlantedSource.line(of: "static func make", in: noLive)])
        #expect(found.last?.message.contains("name the one factory `live()`") == true)
    }

}

