import GateTestSupport
@testable import CFAAnalysis
import Testing

struct FeatureNoLoadStateRuleTests {
    let id = FeatureNoLoadStateRule.id

    /// The compliant Feature with extra members planted before its first stored property.
    private func feature(adding members: String, after: String = "") -> String {
        CompliantApp.files[CompliantApp.featurePath]!
            .replacingOccurrences(of: "    private(set) var orders: [Order] = []", with: members + "\n    private(set) var orders: [Order] = []")
            + after
    }

    private func findings(_ files: [String: String]) -> [Finding] {
        Analysis.findings(id, in: Analysis.app(replacing: files))
    }

    @Test func aLoadStateEnumNestedInAFeatureIsReported() throws {
        let source = feature(adding: """
                enum LoadState { case idle, loading, loaded, failed }
                private(set) var state = LoadState.idle
            """)
        let finding = try #require(findings([CompliantApp.featurePath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.featurePath)
        #expect(finding.line == PlantedSource.line(of: "enum LoadState", in: source))
        #expect(finding.item == 8)
        #expect(finding.message.contains("LoadState") && finding.message.contains("OrdersFeature"))
    }

    @Test func aLoadingStateEnumStoredByAFeatureIsReported() throws {
        let domain = "enum OrdersLoadingState { case idle, loading, done }"
        let source = feature(adding: "    private(set) var state: OrdersLoadingState = .idle")
        let finding = try #require(findings([CompliantApp.featurePath: source, "App/Domain/OrdersLoadingState.swift": domain]).onlyFinding)
        #expect(finding.file == "App/Domain/OrdersLoadingState.swift")
        #expect(finding.line == 1)
    }

    @Test func anEnumWithADataCaseAndAnErrorCaseIsReported() throws {
        let source = feature(
            adding: "    private(set) var status: OrdersStatus = .idle",
            after: "\n\nenum OrdersStatus {\n    case idle\n    case loaded([Order])\n    case failed(any Error)\n}\n")
        let finding = try #require(findings([CompliantApp.featurePath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "enum OrdersStatus", in: source))
        #expect(finding.message.contains("`loaded`") && finding.message.contains("`failed`"))
    }

    @Test func aCaseCarryingALibraryErrorTypeIsAnErrorCase() throws {
        let source = feature(adding: """
                enum Sync { case synced([Order]); case offline(URLError) }
                private(set) var sync: Sync?
            """)
        let finding = try #require(findings([CompliantApp.featurePath: source]).onlyFinding)
        #expect(finding.message.contains("`offline`"))
    }

    @Test func aFailureCaseCarryingItsMessageIsAnErrorCase() throws {
        let source = feature(adding: """
                enum Status { case ready([Order]); case failed(message: String) }
                private(set) var status: Status?
            """)
        let finding = try #require(findings([CompliantApp.featurePath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "enum Status", in: source))
    }

    @Test func anOperationReturningADataOrErrorEnumIsReported() throws {
        let outcome = """
            enum PlaceOutcome {
                case placed(Order)
                case rejected(OrderError)
            }

            enum OrderError: Error {
                case emptyName
            }
            """
        let source = feature(adding: "    func place(_ name: String) async -> PlaceOutcome { .rejected(.emptyName) }")
        let finding = try #require(findings([CompliantApp.featurePath: source, "App/Domain/PlaceOutcome.swift": outcome]).onlyFinding)
        #expect(finding.file == "App/Domain/PlaceOutcome.swift")
        #expect(finding.line == 1)
    }

    @Test func anErrorConformingEnumInTheDomainIsNotALoadState() {
        // Carries data (`rejected(Order)`) and an underlying error, and the Feature keeps it as `lastError`:
        // it is the Feature's typed error, exactly what item 8 asks for.
        let error = """
            enum OrderError: Error, Equatable {
                case rejected(Order)
                case storageFailed(String)
                case underlying(String)
            }
            """
        let localized = """
            import Foundation

            enum SyncError: LocalizedError {
                case conflict(Order)
                case failed(any Error)
            }
            """
        let source = feature(adding: "    private(set) var lastOrderError: OrderError?\n    private(set) var lastSyncError: SyncError?")
        let files = [CompliantApp.featurePath: source, "App/Domain/OrderError.swift": error, "App/Domain/SyncError.swift": localized]
        #expect(findings(files) == [])
    }

    @Test func anEnumWithoutAnErrorCaseIsFine() {
        let source = feature(adding: """
                enum Filter { case all, named(String), placedAfter(Order) }
                var filter = Filter.all
            """)
        #expect(findings([CompliantApp.featurePath: source]) == [])
    }

    @Test func aLoadStateNotOwnedByAFeatureIsNotThisRulesConcern() {
        // A screen's presentation state lives in its ViewModel; item 8 is about Features.
        let source = CompliantApp.files[CompliantApp.viewModelPath]!
            .replacingOccurrences(of: "    var draftName = \"\"", with: "    enum LoadState { case idle, loaded([Order]), failed(String) }\n    var state = LoadState.idle\n    var draftName = \"\"")
        #expect(findings([CompliantApp.viewModelPath: source]) == [])
    }

    @Test func aResultStoredOrReturnedByAFeatureIsReported() {
        let source = feature(adding: """
                private(set) var lastLoad: Result<[Order], any Error>?
                func reload() async -> Result<[Order], any Error> { .success([]) }
            """)
        let found = findings([CompliantApp.featurePath: source])
        #expect(found.map(\.line) == [PlantedSource.line(of: "private(set) var lastLoad", in: source), PlantedSource.line(of: "func reload", in: source)])
    }

    @Test func aLegacyManagerFeatureIsChecked() throws {
        let path = "App/2 - AppModel/Features/ReceiptsManager.swift"
        let source = """
            import Observation

            @MainActor @Observable
            final class ReceiptsManager {
                enum ReceiptsLoadState { case idle, loading }
                private(set) var state = ReceiptsLoadState.idle
            }
            """
        let finding = try #require(findings([path: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "enum ReceiptsLoadState", in: source))
    }

    @Test func featuresInTestsAndPreviewsAreNotChecked() {
        let test = """
            import Testing
            @testable import App

            enum FakeLoadState { case idle, loaded([Order]), failed(String) }
            """
        let preview = """
            #if DEBUG
            extension OrdersFeature {
                enum PreviewLoadState { case idle }
            }
            #endif
            """
        let files = [
            "Tests/AppTests/Test Support/FakeLoadState.swift": test,
            "App/2 - AppModel/Features/OrdersFeature+Preview.swift": preview,
        ]
        #expect(findings(files) == [])
    }
}
