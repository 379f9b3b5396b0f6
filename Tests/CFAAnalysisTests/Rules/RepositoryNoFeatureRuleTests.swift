import GateTestSupport
@testable import CFAAnalysis
import Testing

struct RepositoryNoFeatureRuleTests {
    let id = RepositoryNoFeatureRule.id

    private func findings(_ files: [String: String]) -> [Finding] {
        Analysis.findings(id, in: Analysis.app(replacing: files))
    }

    @Test func anImplementationHoldingAFeatureIsReported() throws {
        let source = CompliantApp.files[CompliantApp.repositoryImplementationPath]!.replacingOccurrences(
            of: "actor JSONFileOrdersRepository: OrdersRepository {",
            with: "actor JSONFileOrdersRepository: OrdersRepository {\n    private weak var ordersFeature: OrdersFeature?")
        let finding = try #require(findings([CompliantApp.repositoryImplementationPath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.repositoryImplementationPath)
        #expect(finding.line == PlantedSource.line(of: "private weak var ordersFeature", in: source))
        #expect(finding.item == 12)
        #expect(finding.message.contains("JSONFileOrdersRepository names the Feature OrdersFeature"))
    }

    @Test func anImplementationReadingAppModelSharedIsReported() throws {
        let source = CompliantApp.files[CompliantApp.repositoryImplementationPath]!.replacingOccurrences(
            of: "        try JSONEncoder().encode(orders).write(to: url)",
            with: "        try JSONEncoder().encode(orders).write(to: url)\n        await AppModel.shared.ordersFeature.startLoading()")
        let finding = try #require(findings([CompliantApp.repositoryImplementationPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "await AppModel.shared", in: source))
        #expect(finding.message.contains("names AppModel"))
    }

    @Test func aProtocolSpeakingOfAViewModelIsReported() throws {
        let source = """
            protocol OrdersRepository: Sendable {
                func fetchOrders() async throws -> [Order]
                func save(_ order: Order) async throws
                func notify(_ viewModel: OrdersViewModel) async
            }
            """
        let finding = try #require(findings([CompliantApp.repositoryPath: source]).onlyFinding)
        #expect(finding.line == 4)
        #expect(finding.message.contains("the ViewModel OrdersViewModel"))
    }

    @Test func anyTypeInAStorageFolderIsAStorageType() throws {
        let path = "App/3 - User Data Storage/OrdersFileFormat.swift"
        let source = """
            struct OrdersFileFormat {
                var version = 1
                func migrate(into feature: OrdersFeature) {}
            }
            """
        let finding = try #require(findings([path: source]).onlyFinding)
        #expect(finding.file == path)
        #expect(finding.line == 3)
    }

    @Test func aLegacyManagerFeatureCountsAsAFeature() throws {
        let manager = """
            import Observation

            @MainActor @Observable
            final class ReceiptsManager {
                var receipts: [Order] = []
            }
            """
        let source = CompliantApp.files[CompliantApp.repositoryImplementationPath]!.replacingOccurrences(
            of: "    func save(_ order: Order) async throws {",
            with: "    func attach(_ manager: ReceiptsManager) {}\n\n    func save(_ order: Order) async throws {")
        let files = ["App/2 - AppModel/Features/ReceiptsManager.swift": manager, CompliantApp.repositoryImplementationPath: source]
        let finding = try #require(findings(files).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "func attach", in: source))
    }

    @Test func testDoublesDomainTypesAndPresentationManagersAreNotReported() {
        let double = """
            @testable import App

            actor SpyOrdersRepository: OrdersRepository {
                var feature: OrdersFeature?
                func fetchOrders() async throws -> [Order] { [] }
                func save(_ order: Order) async throws {}
            }
            """
        let domain = """
            struct OrderSummary {
                static func of(_ feature: OrdersFeature) -> Int { 0 }
            }
            """
        let theme = """
            import Observation

            @MainActor @Observable
            final class ThemeManager {
                var accent = "blue"
            }
            """
        // A presentation manager is not a Feature, and debug-only code may reach anything.
        let repository = CompliantApp.files[CompliantApp.repositoryImplementationPath]!.replacingOccurrences(
            of: "    func save(_ order: Order) async throws {",
            with: "    func theme(_ manager: ThemeManager) {}\n\n    #if DEBUG\n    func debugFeature() -> OrdersFeature? { nil }\n    #endif\n\n    func save(_ order: Order) async throws {")
        let files = [
            // A test folder named like a storage folder does not make a test double a storage type.
            "Tests/AppTests/Storage/SpyOrdersRepository.swift": double,
            "App/Domain/OrderSummary.swift": domain,
            "App/1 - View/Theme/ThemeManager.swift": theme,
            CompliantApp.repositoryImplementationPath: repository,
        ]
        #expect(findings(files) == [])
    }
}
