@testable import CFAAnalysis
import Foundation
import GateTestSupport
@testable import Git
import Testing
@testable import Probes
@testable import Verdict

/// The inventory diff on real repositories: two commits read from git objects.
struct InventoryProbeTests {
    /// A repository whose first commit is the compliant app, and whose second commit is `change`.
    private func repository(change: [String: String?], message: String = "change") throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        for (path, text) in CompliantApp.files { try fixture.write(path, text) }
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "compliant app")
        try apply(change, to: fixture)
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "--allow-empty", "-m", message)
        return fixture
    }

    private func apply(_ change: [String: String?], to fixture: GitFixture) throws {
        for (path, text) in change {
            if let text { try fixture.write(path, text) } else { try fixture.remove(path) }
        }
    }

    private func outcome(_ fixture: GitFixture, base: String? = nil) async throws -> ProbeOutcome {
        let choice = try InventoryProbe.chooseBase(repositoryRoot: fixture.root, explicit: base)
        let report = try await InventoryProbe.compare(
            repositoryRoot: fixture.root, folder: "", base: choice, configuration: AnalysisConfiguration())
        return InventoryProbe.judge(report)
    }

    static let statsViewModelPath = "App/1 - View/Views/Stats/StatsViewModel.swift"
    static let statsScreen: [String: String?] = [
        "App/1 - View/Views/Stats/StatsView.swift": """
            #if canImport(SwiftUI)
            import SwiftUI

            struct StatsView: View {
                @State private var viewModel = StatsViewModel()
                var body: some View { Text("\\(viewModel.count)") }
            }
            #endif
            """,
        statsViewModelPath: """
            import Observation

            @MainActor @Observable
            final class StatsViewModel {
                private let ordersFeature: OrdersFeature
                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) { self.ordersFeature = ordersFeature }
                var count: Int { ordersFeature.orders.count }
            }
            """,
    ]

    @Test func aNewScreenWithoutItsViewModelTestFailsNamingTheFile() async throws {
        let fixture = try repository(change: Self.statsScreen)
        let result = try await outcome(fixture)
        #expect(result.status == .failed)
        #expect(result.summary.contains("new screen StatsView has no ViewModel test — add Tests/AppTests/View Model Tests/StatsViewModelTests.swift"))
        let changes = try #require(result.evidence.inventory)
        #expect(changes.changes.map { "\($0.kind.rawValue) \($0.part) \($0.name)" } == ["added screen StatsView", "added ViewModel StatsViewModel"])
        #expect(changes.base.contains("first parent"))
    }

    @Test func addingTheTestMakesItPass() async throws {
        var change = Self.statsScreen
        change["Tests/AppTests/View Model Tests/StatsViewModelTests.swift"] = """
            import Testing
            @testable import App

            @MainActor
            struct StatsViewModelTests {
                @Test func countsOrders() {
                    let viewModel = StatsViewModel(ordersFeature: OrdersFeature(repository: InMemoryOrdersRepository()))
                    #expect(viewModel.count == 0)
                }
            }
            """
        let result = try await outcome(try repository(change: change))
        #expect(result.status == .passed, "\(result.summary)")
        #expect(result.summary.hasPrefix("+3 −0"))
    }

    @Test func aRenamedFeatureIsReportedAsARename() async throws {
        let renamed = CompliantApp.files.filter { $0.value.contains("OrdersFeature") }.mapValues { text -> String? in
            text.replacingOccurrences(of: "OrdersFeature", with: "PurchasesFeature")
        }
        var change = renamed
        change[CompliantApp.featurePath] = .some(nil)
        change["App/2 - AppModel/Features/PurchasesFeature.swift"] = renamed[CompliantApp.featurePath]!
        change["Tests/AppTests/Feature Tests/PurchasesFeatureTests.swift"] = renamed[CompliantApp.featureTestPath]!
        change[CompliantApp.featureTestPath] = .some(nil)
        let result = try await outcome(try repository(change: change))
        let changes = try #require(result.evidence.inventory).changes
        let rename = try #require(changes.first { $0.kind == .renamed && $0.part == "Feature" }, "\(changes)")
        #expect(rename.previousName == "OrdersFeature")
        #expect(rename.name == "PurchasesFeature")
        #expect(!changes.contains { $0.kind == .added && $0.name == "PurchasesFeature" })
        #expect(result.status == .passed, "\(result.summary)")
    }

    @Test func aFeatureAddedButNotWiredIntoAppModelFails() async throws {
        let result = try await outcome(try repository(change: [
            "App/2 - AppModel/Features/SyncFeature.swift": """
                import Observation

                @MainActor @Observable
                final class SyncFeature {
                    private(set) var lastSync: Int = 0
                }
                """,
            "Tests/AppTests/Feature Tests/SyncFeatureTests.swift": "import Testing\n@testable import App\n\nstruct SyncFeatureTests {\n    @Test func starts() {}\n}\n",
        ]))
        #expect(result.status == .failed)
        let problem = try #require(result.evidence.diagnostics.first { $0.name == "CFA-INVENTORY-WIRING" })
        #expect(problem.message == "new Feature SyncFeature is not wired into AppModel: add a stored property, an initialiser parameter, its construction in live()")
        #expect(problem.file == CompliantApp.appModelPath)
    }

    @Test func aViewModelThatGainsAFeatureIsReportedAsRewired() async throws {
        let viewModel = CompliantApp.files[CompliantApp.viewModelPath]!.replacingOccurrences(
            of: "    private let ordersFeature: OrdersFeature\n",
            with: "    private let ordersFeature: OrdersFeature\n    private let syncFeature: SyncFeature\n")
        let result = try await outcome(try repository(change: [
            "App/2 - AppModel/Features/SyncFeature.swift": "import Observation\n\n@MainActor @Observable\nfinal class SyncFeature {}\n",
            CompliantApp.viewModelPath: viewModel,
        ]))
        let rewired = try #require(result.evidence.inventory?.changes.first { $0.kind == .rewired })
        #expect(rewired.name == "OrdersViewModel")
        #expect(rewired.detail == "gained SyncFeature")
    }

    @Test func aRemovedFeatureThatIsStillReferencedFails() async throws {
        let result = try await outcome(try repository(change: [CompliantApp.featurePath: nil, CompliantApp.featureTestPath: nil]))
        #expect(result.status == .failed)
        #expect(result.evidence.diagnostics.contains { $0.name == "CFA-INVENTORY-DANGLING" && $0.message.hasPrefix("removed Feature OrdersFeature is still referenced") })
        #expect(result.evidence.inventory?.changes.contains { $0.kind == .removed && $0.name == "OrdersFeature" } == true)
    }

    @Test func theWorkingTreeDoesNotChangeTheResult() async throws {
        let fixture = try repository(change: Self.statsScreen)
        let clean = try await outcome(fixture)
        // Dirty, untracked, and even a deleted file in the working tree: only commits are read.
        try fixture.write("Tests/AppTests/View Model Tests/StatsViewModelTests.swift", "struct StatsViewModelTests {}\n")
        try fixture.remove(CompliantApp.appModelPath)
        try fixture.write(CompliantApp.screenPath, "broken {{{")
        let dirty = try await outcome(fixture)
        #expect(dirty == clean)
    }

    @Test func anExplicitBaseThatIsNotAnAncestorIsUsedAndSaid() async throws {
        let fixture = try repository(change: Self.statsScreen)
        try fixture.git("checkout", "-q", "-b", "side", "HEAD~1")
        try fixture.write("App/Domain/Note.swift", "struct Note {}\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "side")
        try fixture.git("checkout", "-q", "main")
        let result = try await outcome(fixture, base: "side")
        #expect(result.evidence.excerpt.contains { $0.contains("not an ancestor") })
        #expect(result.evidence.inventory?.base.contains("not an ancestor of HEAD") == true)
    }

    @Test func binaryBlobsAndSubmodulesAreListedNotAnalyzed() async throws {
        let fixture = try repository(change: [:], message: "empty")
        try Data([0x73, 0x74, 0x00, 0xFF, 0x00]).write(to: URL(fileURLWithPath: fixture.path("App/Blob.swift")))
        let inner = try GitFixture()
        try inner.makeRepositoryWithCommit()
        try fixture.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", inner.root, "Vendor/Inner")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "binary and submodule")
        let changes = try #require(try await outcome(fixture).evidence.inventory)
        #expect(changes.skippedFiles == ["App/Blob.swift"])
        #expect(changes.submodules == ["Vendor/Inner"])
    }

    @Test func aRootCommitIsComparedWithTheEmptyTree() async throws {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        for (path, text) in CompliantApp.files { try fixture.write(path, text) }
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "root")
        let result = try await outcome(fixture)
        let changes = try #require(result.evidence.inventory)
        #expect(changes.baseCommit == nil)
        #expect(changes.changes.contains { $0.kind == .added && $0.name == "OrdersFeature" })
        #expect(result.status == .passed, "\(result.summary)")
    }
}

struct RevisionParsingTests {
    /// Content shared between revisions is parsed once: the second revision's copy cannot even be read,
    /// and still gets the facts.
    @Test func unchangedBlobsAreParsedOnceAcrossRevisions() async {
        let base = [SourceInput.text("struct Kept {}\n", path: "A.swift", contentKey: "blob-1")]
        let final = [SourceInput(path: "Moved/A.swift", content: .file(absolutePath: "/nonexistent/A.swift"), size: 15, contentKey: "blob-1")]
        let parsed = await Analyzer.parseRevisions([base, final])
        #expect(parsed[0].facts.map(\.path) == ["A.swift"])
        #expect(parsed[1].facts.map(\.path) == ["Moved/A.swift"])
        #expect(parsed[1].facts.first?.types.map(\.name) == ["Kept"])
        #expect(parsed[1].skipped.isEmpty)
    }

    /// Facts parsed once in a run (the working tree, for the `cfa` items) serve a later parse of the same
    /// content (the final commit, for the inventory diff) through the run's cache.
    @Test func aRunsCacheServesTheSameContentToALaterParse() async {
        let cache = FactsCache()
        let workingTree = [SourceInput.text("struct Shared {}\n", path: "A.swift", contentKey: "blob-7")]
        _ = await Analyzer.parse(workingTree, cache: cache)
        #expect(await cache.count == 1)
        let finalCommit = [SourceInput(path: "A.swift", content: .file(absolutePath: "/nonexistent/A.swift"), size: 16, contentKey: "blob-7")]
        let parsed = await Analyzer.parse(finalCommit, cache: cache)
        #expect(parsed.facts.first?.types.map(\.name) == ["Shared"])
        // Files without a content key are never shared.
        let keyless = [SourceInput(path: "A.swift", content: .file(absolutePath: "/nonexistent/A.swift"), size: 16)]
        #expect(await Analyzer.parse(keyless, cache: cache).skipped == ["A.swift"])
    }
}
