import GateTestSupport
@testable import CFAAnalysis
import Testing

struct RepositoryModelActorRuleTests {
    let id = RepositoryModelActorRule.id

    static let recordPath = "App/3 - User Data Storage/OrderRecord.swift"
    static let record = """
        import Foundation
        import SwiftData

        @Model
        final class OrderRecord {
            var id: UUID
            var name: String
            init(id: UUID, name: String) {
                self.id = id
                self.name = name
            }
        }
        """
    static let modelActorPath = "App/3 - User Data Storage/SwiftDataOrdersRepository.swift"
    static let modelActor = """
        import Foundation
        import SwiftData

        @ModelActor
        actor SwiftDataOrdersRepository: OrdersRepository {
            func fetchOrders() async throws -> [Order] {
                try modelContext.fetch(FetchDescriptor<OrderRecord>()).map(order)
            }

            func save(_ order: Order) async throws {
                let scratch = ModelContext(modelContainer)
                scratch.insert(OrderRecord(id: order.id, name: order.name))
                try scratch.save()
            }

            private func order(_ record: OrderRecord) -> Order {
                Order(id: record.id, name: record.name)
            }
        }
        """

    private func findings(_ files: [String: String]) -> [Finding] {
        Analysis.findings(id, in: Analysis.app(replacing: [Self.recordPath: Self.record].merging(files) { _, new in new }))
    }

    @Test func aModelActorRepositoryMayHoldContextsAndRecords() {
        #expect(findings([Self.modelActorPath: Self.modelActor]) == [])
    }

    @Test func aRepositoryStoringAModelContextWithoutModelActorIsReported() throws {
        let source = """
            import SwiftData

            final class SwiftDataOrdersRepository: OrdersRepository, @unchecked Sendable {
                private let context: ModelContext
                init(container: ModelContainer) { context = ModelContext(container) }
                func fetchOrders() async throws -> [Order] { [] }
                func save(_ order: Order) async throws {}
            }
            """
        let finding = try #require(findings([Self.modelActorPath: source]).onlyFinding)
        #expect(finding.file == Self.modelActorPath)
        #expect(finding.line == PlantedSource.line(of: "private let context", in: source))
        #expect(finding.item == 10)
        #expect(finding.message.contains("SwiftDataOrdersRepository.context") && finding.message.contains("@ModelActor"))
    }

    @Test func aPropertyInitializedWithAModelContextIsStoringOne() throws {
        let source = """
            import SwiftData

            actor SwiftDataOrdersRepository: OrdersRepository {
                private let context = ModelContext(try! ModelContainer(for: OrderRecord.self))
                func fetchOrders() async throws -> [Order] { [] }
                func save(_ order: Order) async throws {}
            }
            """
        let finding = try #require(findings([Self.modelActorPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "private let context", in: source))
    }

    @Test func creatingAContextOrUsingTheMainContextOutsideAModelActorIsReported() {
        let source = """
            import SwiftData

            @MainActor
            final class SwiftDataOrdersRepository: OrdersRepository {
                private let container: ModelContainer
                init(container: ModelContainer) { self.container = container }
                func fetchOrders() async throws -> [Order] {
                    let context = ModelContext(container)
                    return try context.fetch(FetchDescriptor<OrderRecord>()).map { Order(id: $0.id, name: $0.name) }
                }
                func save(_ order: Order) async throws {
                    container.mainContext.insert(OrderRecord(id: order.id, name: order.name))
                }
            }
            """
        let found = findings([Self.modelActorPath: source])
        #expect(found.map(\.line) == [PlantedSource.line(of: "let context = ModelContext", in: source), PlantedSource.line(of: "container.mainContext", in: source)])
    }

    @Test func aFeatureStoringAModelContextIsReported() throws {
        let source = CompliantApp.files[CompliantApp.featurePath]!
            .replacingOccurrences(of: "import Observation", with: "import Observation\nimport SwiftData")
            .replacingOccurrences(of: "    private(set) var isLoading = false", with: "    private(set) var isLoading = false\n    private let context: ModelContext? = nil")
        let finding = try #require(Analysis.findings(id, in: Analysis.app(replacing: [CompliantApp.featurePath: source])).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "private let context", in: source))
    }

    @Test func aRecordInAFeaturePropertyIsReported() throws {
        let source = CompliantApp.files[CompliantApp.featurePath]!
            .replacingOccurrences(of: "    private(set) var isLoading = false", with: "    private(set) var records: [OrderRecord] = []\n    private(set) var isLoading = false")
        let finding = try #require(findings([CompliantApp.featurePath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.featurePath)
        #expect(finding.line == PlantedSource.line(of: "private(set) var records", in: source))
        #expect(finding.message.contains("OrderRecord"))
    }

    @Test func aRecordInAViewModelMethodSignatureIsReported() {
        let source = CompliantApp.files[CompliantApp.viewModelPath]!
            .replacingOccurrences(
                of: "    var orders: [Order] { ordersFeature.orders }",
                with: "    var orders: [Order] { ordersFeature.orders }\n\n    func select(_ record: OrderRecord) {}\n\n    func newest() -> OrderRecord? { nil }")
        let found = findings([CompliantApp.viewModelPath: source])
        #expect(found.map(\.line) == [PlantedSource.line(of: "func select", in: source), PlantedSource.line(of: "func newest", in: source)])
    }

    @Test func aQueryOfRecordsInAViewIsReported() throws {
        let source = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    @Query private var records: [OrderRecord]")
        let finding = try #require(findings([CompliantApp.screenPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "@Query", in: source))
    }

    @Test func aRepositoryProtocolSpeakingInRecordsIsReported() throws {
        let source = """
            protocol OrdersRepository: Sendable {
                func fetchOrders() async throws -> [Order]
                func save(_ order: Order) async throws
                func records() async throws -> [OrderRecord]
            }
            """
        let finding = try #require(findings([CompliantApp.repositoryPath: source]).onlyFinding)
        #expect(finding.line == 4)
    }

    @Test func aViewUsingAModelContextIsLeftToViewDeclarative() {
        let source = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    @Environment(\\.modelContext) private var modelContext\n    private let scratch: ModelContext? = nil")
        let files = Analysis.app(replacing: [Self.recordPath: Self.record, CompliantApp.screenPath: source])
        #expect(Analysis.findings(id, in: files) == [])
        #expect(Analysis.findings(ViewDeclarativeRule.id, in: files).count == 2)
    }

    @Test func debugOnlyMembersOfAViewModelMayNameRecords() {
        let source = CompliantApp.files[CompliantApp.viewModelPath]!.replacingOccurrences(
            of: "    var orders: [Order] { ordersFeature.orders }",
            with: """
                    var orders: [Order] { ordersFeature.orders }

                    #if DEBUG
                    private var sampleRecord: OrderRecord?
                    static func previewing(_ record: OrderRecord) -> OrdersViewModel { OrdersViewModel() }
                    static func sample() -> OrderRecord? { nil }
                    #endif
                """)
        #expect(source.contains("#if DEBUG"))
        #expect(findings([CompliantApp.viewModelPath: source]) == [])
    }

    @Test func previewsAndTestDoublesMayUseSwiftData() {
        let preview = """
            #if canImport(SwiftUI)
            import SwiftData
            import SwiftUI

            #Preview {
                let container = try! ModelContainer(for: OrderRecord.self)
                let context = ModelContext(container)
                context.insert(OrderRecord(id: UUID(), name: "Tea"))
                return OrdersView()
            }

            #if DEBUG
            extension OrdersViewModel {
                static func previewing(_ record: OrderRecord) -> OrdersViewModel { OrdersViewModel() }
            }
            #endif
            #endif
            """
        let double = """
            import SwiftData
            @testable import App

            final class ContextBackedOrdersRepository {
                let context: ModelContext
                init(context: ModelContext) { self.context = context }
            }
            """
        let files = ["App/1 - View/Views/Orders/OrdersPreview.swift": preview, "Tests/AppTests/Test Support/ContextBackedOrdersRepository.swift": double]
        #expect(findings(files) == [])
    }
}
