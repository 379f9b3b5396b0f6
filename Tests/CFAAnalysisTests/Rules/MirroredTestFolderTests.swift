@testable import CFAAnalysis
import GateTestSupport
import Testing

/// Test files in folders mirroring the source tree (item 23), beyond what the rule examples show.
struct MirroredTestFolderTests {
    private let ordersFeature = "App/2 - AppModel/Features/Orders/OrdersFeature.swift"

    private func index(adding added: [String: String]) -> CodebaseIndex {
        var files = CompliantApp.files
        files[ordersFeature] = files[CompliantApp.featurePath]
        files[CompliantApp.featurePath] = nil
        files[CompliantApp.featureTestPath] = nil
        for (path, text) in added { files[path] = text }
        return Analysis.result(files).index
    }

    private func feature(_ name: String) -> String {
        "import Observation\n\n@MainActor @Observable\nfinal class \(name) {\n    private(set) var count = 0\n}\n"
    }

    private func test(_ name: String, naming types: [String]) -> String {
        let lines = types.map { "        _ = \($0).self" }.joined(separator: "\n")
        return "import Testing\n@testable import App\n\n@MainActor\nstruct \(name) {\n    @Test func works() {\n\(lines)\n    }\n}\n"
    }

    @Test func testFolderNamesMatchTheSourceFoldersTheyMirror() {
        #expect(MirroredTestFolder.mirrorName("FeatureTests") == MirroredTestFolder.mirrorName("Features"))
        #expect(MirroredTestFolder.mirrorName("AppModel tests") == MirroredTestFolder.mirrorName("2 - AppModel"))
        #expect(MirroredTestFolder.mirrorName("MetronomeTests") == MirroredTestFolder.mirrorName("Metronome"))
        #expect(MirroredTestFolder.mirrorName("Preset Storage") == "presetstorage")
        #expect(MirroredTestFolder.mirrorName("Orders") != MirroredTestFolder.mirrorName("Order Tests Support"))
    }

    @Test func theDeepestMirroredPrefixOfTheTestFoldersIsTheDepth() {
        let source = ["metronome", "appmodel", "feature", "metronome"]
        #expect(MirroredTestFolder.mirrorDepth(of: ["metronome", "appmodel", "feature", "metronome", "audio"], source) == 4)
        #expect(MirroredTestFolder.mirrorDepth(of: ["metronome", "appmodel", "feature", "metronome"], source) == 4)
        // Only the type's own folder matches: one name is too weak.
        #expect(MirroredTestFolder.mirrorDepth(of: ["app", "metronome"], source) == nil)
    }

    @Test func aFileInAMirroredFolderNamingTheFeatureIsItsTest() {
        let path = "Tests/AppTests/AppModel Tests/Features/Orders/OrderPlacementTests.swift"
        let index = index(adding: [path: test("OrderPlacementTests", naming: ["OrdersFeature"])])
        #expect(TestFileLookup.featureTest(for: "OrdersFeature", in: index) == path)
    }

    @Test func aFolderMirroringOnlyTheFeaturesOwnFolderNameIsNotEnough() {
        let index = index(adding: ["Tests/AppTests/Orders/OrderPlacementTests.swift": test("OrderPlacementTests", naming: ["OrdersFeature"])])
        #expect(TestFileLookup.featureTest(for: "OrdersFeature", in: index) == nil)
    }

    @Test func aFeatureInAMirroredSubfolderOwnsThatSubfoldersTests() {
        let path = "Tests/AppTests/AppModel Tests/Features/Orders/Receipts/ReceiptPrintingTests.swift"
        let index = index(adding: [
            "App/2 - AppModel/Features/Orders/Receipts/ReceiptsFeature.swift": feature("ReceiptsFeature"),
            path: test("ReceiptPrintingTests", naming: ["OrdersFeature", "ReceiptsFeature"]),
        ])
        #expect(TestFileLookup.featureTest(for: "ReceiptsFeature", in: index) == path)
        #expect(TestFileLookup.featureTest(for: "OrdersFeature", in: index) == nil)
    }

    @Test func aFileNamedForAnotherFeaturesAreaIsThatFeatures() {
        // `Customers` is what `CustomersFeature`'s pattern `*Feature` stands for.
        let index = index(adding: [
            "App/2 - AppModel/Features/Customers/CustomersFeature.swift": feature("CustomersFeature"),
            "Tests/AppTests/Feature Tests/CustomersFeatureTests.swift": test("CustomersFeatureTests", naming: ["CustomersFeature"]),
            "Tests/AppTests/AppModel Tests/Features/Orders/CustomersTests.swift": test("CustomersTests", naming: ["OrdersFeature"]),
        ])
        #expect(TestFileLookup.featureTest(for: "OrdersFeature", in: index) == nil)
    }

    @Test func aFactoryInTheSameFileAsItsOnlyCallerStillNamesTheFeature() {
        let path = "Tests/AppTests/AppModel Tests/Features/Orders/OrderPlacementTests.swift"
        let source = """
            import Testing
            @testable import App

            @MainActor
            struct OrderPlacementTests {
                @Test func works() { _ = makeFeature() }
            }
            """
        let factory = """
            @testable import App

            @MainActor
            func makeFeature() -> OrdersFeature { OrdersFeature(repository: InMemoryOrdersRepository()) }
            """
        #expect(TestFileLookup.featureTest(for: "OrdersFeature", in: index(adding: [path: source])) == nil)
        let withFactory = index(adding: [path: source, "Tests/AppTests/Test Support/Factories.swift": factory])
        #expect(TestFileLookup.featureTest(for: "OrdersFeature", in: withFactory) == path)
    }
}
