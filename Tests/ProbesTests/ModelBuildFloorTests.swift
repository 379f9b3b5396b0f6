import CFAAnalysis
import Checklist
import GateTestSupport
import Testing
import Verdict
@testable import Probes

/// The `model-build` mode and the floors the protected checklist sets on a model build, judged on the real-CFA-shaped
/// fixture app: 2 ViewModels (one left out), 2 Features, 1 AppModel (left out); 5 declared tests, 2 in left-out files.
@Suite struct ModelBuildFloorTests {
    private struct NotPrepared: Error {}

    private func context(_ fixture: GitFixture, _ settings: ModelBuildSettings) throws -> ProbeContext {
        try fixture.makeDirectory(".git/floor-logs")
        var context = ProbeContext(
            repositoryRoot: fixture.root, packageDirectory: fixture.root, logDirectory: fixture.path(".git/floor-logs"),
            environment: SwiftPackageFixture.environment(for: fixture), timeouts: ProbeTimeouts())
        context.modelBuildSettings = settings
        return context
    }

    private func floor(_ settings: ModelBuildSettings, files: [String: String] = ModelBuildApp.files) async throws -> ModelBuildFloor {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: files)
        guard case .ready(let scope) = await ModelBuildScope.prepare(in: try context(fixture, settings), trigger: .noPackageManifest, configuration: AnalysisConfiguration()) else {
            throw NotPrepared()
        }
        return scope.floor
    }

    private let built = ProbeOutcome(status: .passed, summary: "Build complete!")
    private let tested = ProbeOutcome(status: .passed, summary: "3 passed, 2 unavailable")

    /// A side package of model checks whose manifest needs macOS, as real CFA apps carry: SwiftPM cannot load it here.
    static let appleOnlyManifest = """
        // swift-tools-version:5.9
        import PackageDescription
        import AppKit

        let package = Package(name: "HabitsModelChecks", targets: [.target(name: "HabitsModelChecks", path: "Habits")])

        """

    @Test func aManifestThatDoesNotLoadGivesWayOnlyInAnXcodeAppThatCommitsItsProject() async throws {
        let app = try GitFixture()
        try app.makeRepository(committing: ModelBuildApp.files.merging(["Package.swift": Self.appleOnlyManifest]) { $1 })
        guard case .modelBuild(.manifestDoesNotLoad) = await ModelBuildScope.decide(in: try context(app, ModelBuildSettings())) else {
            Issue.record("an Xcode app whose manifest does not load here must use the model build")
            return
        }
        // model-build=full keeps the package, whose evaluation then fails the items as SwiftPM's.
        guard case .package(nil) = await ModelBuildScope.decide(in: try context(app, ModelBuildSettings(mode: .full))) else {
            Issue.record("full must never fall back")
            return
        }
        // A plain package (no Xcode project) whose manifest is broken stays a package: the change cannot downgrade it.
        var plain = ModelBuildApp.files.merging(["Package.swift": Self.appleOnlyManifest]) { $1 }
        plain[ModelBuildApp.projectPath] = nil
        let package = try GitFixture()
        try package.makeRepository(committing: plain)
        guard case .package(nil) = await ModelBuildScope.decide(in: try context(package, ModelBuildSettings())) else {
            Issue.record("a plain package must keep its own build")
            return
        }
        // Nor does an Xcode project the commit does not track make one an Xcode app.
        try package.write(ModelBuildApp.projectPath, ModelBuildApp.files[ModelBuildApp.projectPath]!)
        guard case .package(nil) = await ModelBuildScope.decide(in: try context(package, ModelBuildSettings())) else {
            Issue.record("an untracked Xcode project must not count")
            return
        }
        // An Xcode app whose manifest loads is built by SwiftPM, with the evaluation made once.
        let loads = try GitFixture()
        try loads.makeRepository(committing: ModelBuildApp.files.merging([
            "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"Checks\", targets: [])\n",
        ]) { $1 })
        guard case .package(let evaluation?) = await ModelBuildScope.decide(in: try context(loads, ModelBuildSettings())) else {
            Issue.record("an Xcode app whose manifest loads keeps its package")
            return
        }
        #expect(evaluation.failure == nil)
    }

    @Test func theModeDecidesOnlyWhereThereIsNoPackageManifest() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ModelBuildApp.files)
        guard case .modelBuild(.noPackageManifest) = await ModelBuildScope.decide(in: try context(fixture, ModelBuildSettings())) else {
            Issue.record("automatic must use the model build without a Package.swift")
            return
        }
        guard case .refused(let refusal) = await ModelBuildScope.decide(in: try context(fixture, ModelBuildSettings(mode: .full))) else {
            Issue.record("full must refuse the model build")
            return
        }
        #expect(refusal.status == .error)
        #expect(refusal.summary.contains("no `Package.swift` at the package path (the repository root)"))
        #expect(refusal.summary.contains("`model-build=full` forbids the model build"))
        #expect(refusal.summary.contains("set `model-build=automatic` on the protected branch"))
        // A real package is built as it is, whatever the mode.
        try fixture.write("Package.swift", "// swift-tools-version:6.0\n")
        guard case .package = await ModelBuildScope.decide(in: try context(fixture, ModelBuildSettings(mode: .full))) else {
            Issue.record("a package with a manifest must never be refused or modelled")
            return
        }
    }

    @Test func everyRequiredPartLeftOutIsCountedAndNamedWithItsReasonAndFix() async throws {
        let floor = try await floor(ModelBuildSettings(requires: [.features, .viewmodels, .appmodel]))
        let judged = floor.judgeBuild(built)
        #expect(judged.status == .failed)
        #expect(judged.summary == "model build floor: 1 of 2 ViewModels and 1 of 1 AppModel left out")
        #expect(judged.evidence.diagnostics.map(\.file) == [ModelBuildApp.badgeViewModelPath, ModelBuildApp.appModelPath])
        #expect(judged.evidence.diagnostics.allSatisfy { $0.line == 1 && $0.severity == "error" })
        let appModel = try #require(judged.evidence.diagnostics.last)
        #expect(appModel.message.hasPrefix(
            "\(ModelBuildApp.appModelPath): AppModel `AppModel` is left out: it names `StoreKitPurchaseRepository`"), "\(appModel.message)")
        #expect(judged.evidence.excerpt.count == 2)
    }

    @Test func aMetFloorAFailedBuildAndNoFloorLeaveTheOutcomeAsItWas() async throws {
        let met = try await floor(ModelBuildSettings(requires: [.features], minimumTestPercent: 60))
        #expect(met.judgeBuild(built) == built)
        #expect(met.judgeTests(tested, planned: 3) == tested)
        let failedBuild = ProbeOutcome(status: .failed, summary: "error: cannot compile")
        let missed = try await floor(ModelBuildSettings(requires: [.viewmodels], minimumTestPercent: 100))
        #expect(missed.judgeBuild(failedBuild) == failedBuild)
        let none = try await floor(ModelBuildSettings())
        #expect(none.judgeBuild(built) == built)
        #expect(none.judgeTests(tested, planned: 3) == tested)
    }

    @Test func theTestFloorIsJudgedOnTheWholePlanAndNamesTheLeftOutTestFiles() async throws {
        let floor = try await floor(ModelBuildSettings(minimumTestPercent: 80))
        let judged = floor.judgeTests(tested, planned: 3)
        #expect(judged.status == .failed)
        #expect(judged.summary == "model build floor: 3 of 5 declared tests ran (60%), floor 80%")
        #expect(judged.evidence.excerpt.map { $0.prefix(while: { $0 != ":" }) } == [
            Substring(ModelBuildApp.badgeViewModelTestPath), Substring(ModelBuildApp.uiTestPath),
        ])
        #expect(judged.evidence.excerpt[1].contains("run it on an Apple platform"))
        // A shard whose share holds one test of a plan of eight answers for the plan: 8 of 10 ran, at the floor.
        let shard = ProbeOutcome(status: .passed, summary: "1 passed")
        #expect(floor.judgeTests(shard, planned: 8) == shard)
        #expect(floor.judgeTests(shard, planned: 7).summary == "model build floor: 7 of 9 declared tests ran (77%), floor 80%")
        // An item that already failed keeps its own reason.
        let failing = ProbeOutcome(status: .failed, summary: "1 failed")
        #expect(floor.judgeTests(failing, planned: 3) == failing)
    }

    @Test func aRequiredPartTheAppDoesNotDeclareFailsClosed() async throws {
        var files = ModelBuildApp.files
        files[ModelBuildApp.appModelPath] = nil
        let floor = try await floor(ModelBuildSettings(requires: [.appmodel]), files: files)
        let judged = floor.judgeBuild(built)
        #expect(judged.status == .failed)
        #expect(judged.summary == "model build floor: the app declares no AppModel")
        #expect(judged.evidence.excerpt.first?.contains("drop `appmodel` from `model-build-requires`") == true)
    }
}
