import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewModelNoDomainCopyRuleTests {
    static let rule = ViewModelNoDomainCopyRule.id
    static let anchor = "    var draftName = \"\"\n"

    static func single(_ findings: [Finding]) -> Finding? { findings.count == 1 ? findings[0] : nil }

    /// The compliant ViewModel with `property` added, and the findings of this rule.
    static func findings(adding property: String, extraFiles: [String: String] = [:]) -> (source: String, findings: [Finding]) {
        let source = CompliantApp.files[CompliantApp.viewModelPath]!.replacingOccurrences(of: anchor, with: anchor + "    \(property)\n")
        let files = Analysis.app(replacing: extraFiles.merging([CompliantApp.viewModelPath: source]) { _, new in new })
        return (source, Analysis.findings(Self.rule, in: files))
    }

    @Test(arguments: [
        "private(set) var orders: [Order] = []", "var lastOrder: Order?", "var ordersByID: [UUID: Order] = [:]",
        "var pinnedOrder = Order(id: UUID(), name: \"Tea\")", "private var cachedOrders = AppModel.shared.ordersFeature.orders",
    ])
    func aStoredCopyOfFeatureDataIsReportedAtTheProperty(property: String) throws {
        let (source, findings) = Self.findings(adding: property)
        let finding = try #require(Self.single(findings))
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == PlantedSource.line(of: property, in: source))
        #expect(finding.item == 5)
        #expect(finding.message.contains("stores Order, which OrdersFeature owns and exposes; read it through a computed property"))
    }

    @Test func theMessageNamesTheViewModelAndProperty() throws {
        let finding = try #require(Self.single(Self.findings(adding: "private(set) var orders: [Order] = []").findings))
        #expect(finding.message.hasPrefix("OrdersViewModel.orders stores Order"))
        #expect(finding.message.contains("`var orders: … { ordersFeature.… }`"))
    }

    @Test(arguments: ["var draftOrder: Order?", "var selectedOrder: Order?", "var editingOrder: Order?", "var selectedOrders: [Order] = []"])
    func draftsAndSelectionsAreAllowed(property: String) {
        #expect(Self.findings(adding: property).findings == [])
    }

    @Test func computedPropertiesReadingTheFeatureAreFine() {
        #expect(Self.findings(adding: "var firstOrder: Order? { ordersFeature.orders.first }").findings == [])
    }

    @Test func aDomainTypeNoFeatureExposesIsPresentationState() {
        let filter = "enum OrderFilter: Sendable { case all, open }"
        #expect(Self.findings(adding: "var filter: OrderFilter = .all", extraFiles: ["App/Domain/OrderFilter.swift": filter]).findings == [])
    }

    @Test func privateFeatureStorageIsNotExposed() {
        let feature = CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "    private(set) var isLoading = false\n", with: "    private(set) var isLoading = false\n    private var archive: [Receipt] = []\n")
        let files = [CompliantApp.featurePath: feature, "App/Domain/Receipt.swift": "struct Receipt: Sendable { var total: Int }"]
        #expect(Self.findings(adding: "var receipts: [Receipt] = []", extraFiles: files).findings == [])
    }

    @Test func aProjectTypeNamedTaskIsToldApartFromSwiftsTask() throws {
        // A to-do app's own `Task` shadows Swift's, so its ViewModels write `_Concurrency.Task<…>` for handles.
        let feature = CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "    private(set) var isLoading = false\n", with: "    private(set) var isLoading = false\n    private(set) var tasks: [Task] = []\n")
        let extra = [CompliantApp.featurePath: feature, "App/Domain/Task.swift": "struct Task: Sendable { var title: String }"]
        #expect(Self.findings(adding: "private var saveTask: _Concurrency.Task<Void, Never>?", extraFiles: extra).findings == [])
        let copy = try #require(Self.single(Self.findings(adding: "var tasks: [Task] = []", extraFiles: extra).findings))
        #expect(copy.message.contains("stores Task, which OrdersFeature owns"))
    }
}
