import Foundation
import GateTestSupport
import Testing
@testable import Verdict

/// The shipped build and test items on an Xcode-style CFA app (no `Package.swift`): the gate builds and tests the app's
/// Linux-compilable files as a package of its own, outside the repository, and says exactly what it left out.
struct ModelBuildRunTests {
    private let checklist = "# Gate\n\n1. **Builds.** <!-- probe: build -->\n2. **Tests pass.** <!-- probe: test -->\n"

    private func gate(_ arguments: [String], in fixture: GitFixture) async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try CFAGateBinary.run(arguments, in: fixture) }) }.start()
        }
    }

    /// Runs `body` with the folder of a fresh signing key `ci.pem`, outside the fixture (a key in the working tree is refused).
    private func withSigningKey<T>(_ fixture: GitFixture, _ body: (String) async throws -> T) async throws -> T {
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-model-build-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: keys) }
        #expect(try CFAGateBinary.run(["keygen", "--out", "\(keys)/ci.pem"], in: fixture).status == 0)
        return try await body(keys)
    }

    private func run(_ fixture: GitFixture, _ extra: [String] = []) async throws -> (result: ProcessResult, predicate: GatePredicate) {
        try await withSigningKey(fixture) { keys in
            let result = try await gate(["run", "--no-progress", "--key", "\(keys)/ci.pem", "--out", "\(keys)/verdict.json"] + extra, in: fixture)
            #expect(FileManager.default.fileExists(atPath: "\(keys)/verdict.json"), "\(result.standardOutput)\(result.standardError)")
            return (result, try DSSE.unverifiedStatement(in: try VerdictFile.read(path: "\(keys)/verdict.json")).predicate)
        }
    }

    private func committedBytes(_ fixture: GitFixture) throws -> [String: Data] {
        var bytes: [String: Data] = [:]
        for path in ModelBuildApp.files.keys { bytes[path] = try Data(contentsOf: URL(fileURLWithPath: fixture.path(path))) }
        return bytes
    }

    @Test func theModelBuildCompilesTheModelLayerRunsItsTestsAndAccountsForTheRest() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist]) { $1 })
        let before = try committedBytes(fixture)
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let build = try #require(predicate.items.first { $0.number == 1 })
        let test = try #require(predicate.items.first { $0.number == 2 })
        #expect(build.status == .passed, "\(build.summary)")
        #expect(build.summary.hasPrefix("model build (no Package.swift): 10 of 18 files; left out: SwiftUI 3, StoreKit 1, via left-out types 3, UI tests 1; "))
        let record = try #require(build.evidence.modelBuild)
        #expect(record.compiled == ModelBuildApp.compiledSources + ModelBuildApp.compiledTests)
        #expect(Dictionary(uniqueKeysWithValues: record.excluded.map { ($0.path, $0.reason) }) == ModelBuildApp.excluded)
        // The fix comes first: the palette takes the badge ViewModel and its test along, StoreKit the AppModel.
        let rootCauses = try #require(record.rootCauses)
        #expect(rootCauses.count == 2)
        #expect(rootCauses.first?.hasPrefix("`\(ModelBuildApp.palettePath)` imports SwiftUI: 2 files left out with it") == true, "\(rootCauses)")
        #expect(rootCauses.last?.hasPrefix("`AppModel.live()` constructs `StoreKitPurchaseRepository` (imports StoreKit): AppModel is left out") == true)
        #expect(build.evidence.excerpt.first == "model build: \(rootCauses[0])")
        #expect(test.status == .passed, "\(test.summary)")
        #expect(test.evidence.modelBuild == record)
        let statuses = Dictionary(uniqueKeysWithValues: (test.evidence.testCases ?? []).map { ($0.id, $0.status) })
        var expected = Dictionary(uniqueKeysWithValues: ModelBuildApp.passingTests.map { ($0, TestCaseStatus.passed) })
        for id in ModelBuildApp.unavailableTests { expected[id] = .unavailable }
        #expect(statuses == expected)
        let unavailable = try #require(test.evidence.testCases?.first { $0.id == ModelBuildApp.unavailableTests[0] })
        #expect(unavailable.excerpt == ["\(ModelBuildApp.badgeViewModelTestPath) \(ModelBuildApp.excluded[ModelBuildApp.badgeViewModelTestPath]!)"])
        #expect(test.evidence.tests == TestCounts(passed: 3, failed: 0, skipped: 0))
        #expect(test.summary.contains("3 passed, 2 unavailable"), "\(test.summary)")
        // The app's files are byte for byte as committed, and nothing was written into the working tree.
        #expect(try committedBytes(fixture) == before)
        #expect(try fixture.git("status", "--porcelain", "--ignored").isEmpty)
    }

    /// Every shard lists the unavailable tests beside its share, and the merged verdict lists each once, with its reason.
    @Test func twoShardsOfTheAppMergeWithEachUnavailableTestListedOnce() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist]) { $1 })
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-model-shards-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: keys) }
        #expect(try CFAGateBinary.run(["keygen", "--out", "\(keys)/ci.pem"], in: fixture).status == 0)
        var shards: [String] = []
        var shares: [[String]] = []
        for index in 1...2 {
            let path = "\(keys)/shard-\(index).json"
            let run = try await gate(["run", "--shard", "\(index)/2", "--no-progress", "--key", "\(keys)/ci.pem", "--out", path], in: fixture)
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
            let predicate = try DSSE.unverifiedStatement(in: try VerdictFile.read(path: path)).predicate
            let test = try #require(predicate.items.first { $0.number == 2 })
            // The shard judges only its share, and lists the unavailable tests besides it.
            #expect(test.status == .passed, "\(test.summary)")
            #expect((test.evidence.testCases ?? []).filter { $0.status == .unavailable }.map(\.id).sorted() == ModelBuildApp.unavailableTests.sorted())
            #expect(test.evidence.tests?.passed == predicate.shard?.tests.count)
            shares.append(predicate.shard?.tests ?? [])
            shards.append(path)
        }
        #expect(Set(shares.flatMap { $0 }) == Set(ModelBuildApp.passingTests))
        let merged = "\(keys)/merged.json"
        let merge = try await gate(["merge"] + shards + ["--out", merged, "--key", "\(keys)/ci.pem", "--pubkey", "\(keys)/ci.pem.pub"], in: fixture)
        #expect(merge.status == 0, "\(merge.standardOutput)\(merge.standardError)")
        let whole = try DSSE.unverifiedStatement(in: try VerdictFile.read(path: merged)).predicate
        let test = try #require(whole.items.first { $0.number == 2 })
        let cases = test.evidence.testCases ?? []
        #expect(cases.map(\.id).sorted() == (ModelBuildApp.passingTests + ModelBuildApp.unavailableTests).sorted())
        let badge = try #require(cases.first { $0.id == ModelBuildApp.unavailableTests[0] })
        #expect(badge.status == .unavailable)
        #expect(badge.excerpt == ["\(ModelBuildApp.badgeViewModelTestPath) \(ModelBuildApp.excluded[ModelBuildApp.badgeViewModelTestPath]!)"])
        // The merged counts agree with the test cases.
        #expect(test.evidence.testRun?.counts == ["passed": ModelBuildApp.passingTests.count, "unavailable": ModelBuildApp.unavailableTests.count])
        #expect(test.evidence.tests == TestCounts(passed: ModelBuildApp.passingTests.count, failed: 0, skipped: 0))
        #expect(test.summary.hasPrefix("model build (no Package.swift): 10 of 18 files; 3 passed, 2 unavailable across 2 shards"), "\(test.summary)")
    }

    private func checklist(options: String) -> String {
        "# Gate\n\n<!-- cfa-gate: \(options) -->\n\n1. **Builds.** <!-- probe: build -->\n2. **Tests pass.** <!-- probe: test -->\n"
    }

    @Test func modelBuildFullForbidsTheModelBuildWithWhatIsMissingAndTheFix() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist(options: "model-build=full")]) { $1 })
        let (result, predicate) = try await run(fixture)
        #expect(result.status != 0, "\(result.standardOutput)\(result.standardError)")
        for number in [1, 2] {
            let item = try #require(predicate.items.first { $0.number == number })
            #expect(item.status == .error)
            #expect(item.summary == "no `Package.swift` at the package path (the repository root), and the checklist's `model-build=full` forbids"
                + " the model build — run the gate where the app builds with SwiftPM, or set `model-build=automatic` on the protected branch")
            #expect(item.evidence.modelBuild == nil)
        }
    }

    @Test func floorsTheAppMissesFailBothItemsAndNameEachMissingPartAndTestFile() async throws {
        let fixture = try GitFixture()
        let options = "model-build-requires=features,viewmodels model-build-min-tests=80%"
        try fixture.makeRepository(committing: ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist(options: options)]) { $1 })
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let build = try #require(predicate.items.first { $0.number == 1 })
        #expect(build.status == .failed)
        #expect(build.summary.hasPrefix("model build (no Package.swift): 10 of 18 files; "), "\(build.summary)")
        #expect(build.summary.hasSuffix("; model build floor: 1 of 2 ViewModels left out"), "\(build.summary)")
        let missing = try #require(build.evidence.diagnostics.first { $0.name == "model-build-requires" })
        #expect(missing.file == ModelBuildApp.badgeViewModelPath)
        #expect(missing.line == 1)
        #expect(missing.message.contains("ViewModel `StreakBadgeViewModel` is left out: it names `ThemeColor`"), "\(missing.message)")
        #expect(missing.message.contains("`#if canImport(…)`"), "\(missing.message)")
        #expect(build.evidence.diagnostics.filter { $0.name == "model-build-requires" }.count == 1)
        #expect(build.evidence.excerpt.contains { $0.hasPrefix("\(ModelBuildApp.badgeViewModelPath): ViewModel `StreakBadgeViewModel`") })
        // The build compiled, so the tests still ran, and they fall short of their own floor.
        let test = try #require(predicate.items.first { $0.number == 2 })
        #expect(test.status == .failed)
        #expect(test.summary.hasSuffix("; model build floor: 3 of 5 declared tests ran (60%), floor 80%"), "\(test.summary)")
        #expect(test.evidence.tests == TestCounts(passed: 3, failed: 0, skipped: 0))
        #expect(test.evidence.excerpt.contains { $0.hasPrefix("\(ModelBuildApp.badgeViewModelTestPath): 1 test did not run: it names `StreakBadgeViewModel`") })
        #expect(test.evidence.excerpt.contains { $0.hasPrefix("\(ModelBuildApp.uiTestPath): 1 test did not run: it is a UI test") })
    }

    @Test func floorsTheAppMeetsPass() async throws {
        let fixture = try GitFixture()
        let options = "model-build-requires=features model-build-min-tests=60%"
        try fixture.makeRepository(committing: ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist(options: options)]) { $1 })
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let build = try #require(predicate.items.first { $0.number == 1 })
        let test = try #require(predicate.items.first { $0.number == 2 })
        #expect(build.status == .passed, "\(build.summary)")
        #expect(test.status == .passed, "\(test.summary)")
        #expect(!build.summary.contains("floor") && !test.summary.contains("floor"))
        #expect(test.summary.contains("3 passed, 2 unavailable"), "\(test.summary)")
    }


    /// The "model checks" manifest an Xcode app may carry, which cannot load on Linux.
    private static let sideManifest = """
        // swift-tools-version:5.9
        import PackageDescription
        import AppKit

        let package = Package(name: "HabitsModelChecks", targets: [.target(name: "HabitsModelChecks", path: "Habits")])

        """

    @Test func anXcodeAppsSidePackageThatDoesNotLoadHereGivesWayToTheModelBuildAndSaysSo() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist, "Package.swift": Self.sideManifest]) { $1 })
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        for number in [1, 2] {
            let item = try #require(predicate.items.first { $0.number == number })
            #expect(item.status == .passed, "\(item.summary)")
            #expect(item.summary.hasPrefix("model build (Package.swift does not load here): "), "\(item.summary)")
            #expect(item.evidence.modelBuild?.compiled == ModelBuildApp.compiledSources + ModelBuildApp.compiledTests)
        }
    }

    @Test func everyShardJudgesTheTestFloorOnTheWholePlan() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(
            committing: ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist(options: "model-build-min-tests=80%")]) { $1 })
        for index in 1...2 {
            let (result, predicate) = try await run(fixture, ["--shard", "\(index)/2"])
            #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
            let test = try #require(predicate.items.first { $0.number == 2 })
            #expect(test.status == .failed, "shard \(index): \(test.summary)")
            #expect(test.summary.hasSuffix("; model build floor: 3 of 5 declared tests ran (60%), floor 80%"), "shard \(index): \(test.summary)")
        }
    }

    @Test func aFailingFeatureTestFailsTheTestItemAtItsFile() async throws {
        let fixture = try GitFixture()
        var files = ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist]) { $1 }
        files[ModelBuildApp.featureTestPath] = ModelBuildApp.failingFeatureTest
        try fixture.makeRepository(committing: files)
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let test = try #require(predicate.items.first { $0.number == 2 })
        #expect(test.status == .failed)
        let failing = try #require(test.evidence.testCases?.first { $0.id == "HabitsTests.HabitsFeatureTests/addsAHabit()" })
        #expect(failing.status == .failed)
        #expect(failing.firstFailure?.file == ModelBuildApp.featureTestPath)
        #expect(test.summary.hasPrefix("model build (no Package.swift): "))
        #expect(try fixture.git("status", "--porcelain", "--ignored").isEmpty)
    }

    @Test func testCodeThatDisarmsXCTestIsFoundInAnXcodeAppsTestFolder() async throws {
        let fixture = try GitFixture()
        var files = ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist]) { $1 }
        files["HabitsTests/Test Support/Quiet.swift"] = """
            import XCTest

            func XCTAssertEqual<T: Equatable>(_ a: @autoclosure () throws -> T, _ b: @autoclosure () throws -> T,
                _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line) {}
            """
        try fixture.makeRepository(committing: files)
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let test = try #require(predicate.items.first { $0.number == 2 })
        #expect(test.status == .failed)
        #expect(test.summary.contains("disarm"), "\(test.summary)")
        #expect(test.summary.contains("HabitsTests/Test Support/Quiet.swift"), "\(test.summary)")
    }

    @Test func aJoinedFileThatDoesNotCompileFailsTheBuildAtItsRepositoryPath() async throws {
        let fixture = try GitFixture()
        var files = ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist]) { $1 }
        files[ModelBuildApp.habitPath]! += "\nlet brokenCount: Int = \"three\"\n"
        try fixture.makeRepository(committing: files)
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let build = try #require(predicate.items.first { $0.number == 1 })
        #expect(build.status == .failed)
        #expect(build.evidence.diagnostics.first?.file == ModelBuildApp.habitPath, "\(build.evidence.diagnostics)")
        #expect(build.summary.contains("\(ModelBuildApp.habitPath):"), "\(build.summary)")
        #expect(!build.summary.contains("model-package"), "\(build.summary)")
        #expect(build.evidence.excerpt.contains { $0.contains(#"{"modelBuild": {"exclude": [{"path": "\#(ModelBuildApp.habitPath)""#) }, "\(build.evidence.excerpt)")
        let test = try #require(predicate.items.first { $0.number == 2 })
        #expect(test.status == .skipped)
        // The tests of left-out files are accounted for even so.
        #expect(test.evidence.testCases?.map(\.id).sorted() == ModelBuildApp.unavailableTests.sorted())
        #expect(test.evidence.testCases?.allSatisfy { $0.status == .unavailable } == true)
    }

    @Test func aTestReadsItsFixtureThroughBundleModuleAsInXcode() async throws {
        let fixture = try GitFixture()
        var files = ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist]) { $1 }
        files["HabitsTests/Fixtures/habits.json"] = #"["Read", "Walk"]"#
        files["HabitsTests/Feature Tests/HabitFixtureTests.swift"] = """
            import Foundation
            import Testing
            @testable import Habits

            struct HabitFixtureTests {
                @Test func readsTheFixture() throws {
                    #if SWIFT_PACKAGE
                    let bundle = Bundle.module
                    #else
                    let bundle = Bundle.main
                    #endif
                    let url = try #require(bundle.url(forResource: "habits", withExtension: "json"))
                    #expect(try JSONDecoder().decode([String].self, from: Data(contentsOf: url)) == ["Read", "Walk"])
                }
            }
            """
        try fixture.makeRepository(committing: files)
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let test = try #require(predicate.items.first { $0.number == 2 })
        let fixtureTest = try #require(test.evidence.testCases?.first { $0.id == "HabitsTests.HabitFixtureTests/readsTheFixture()" })
        #expect(fixtureTest.status == .passed, "\(fixtureTest.excerpt)")
        #expect(try fixture.git("status", "--porcelain", "--ignored").isEmpty)
    }

    @Test func anAppWithoutTestsFailsTheTestItemWithOneLineNotAnInternalPath() async throws {
        let fixture = try GitFixture()
        let files = ModelBuildApp.files.filter { !$0.key.hasPrefix("HabitsTests/") && !$0.key.hasPrefix("HabitsUITests/") }
        try fixture.makeRepository(committing: files.merging(["gate/cfa-change-gate.md": checklist]) { $1 })
        let (result, predicate) = try await run(fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(predicate.items.first { $0.number == 1 }?.status == .passed)
        let test = try #require(predicate.items.first { $0.number == 2 })
        #expect(test.status == .failed)
        #expect(test.summary.contains("the app has no tests"), "\(test.summary)")
        #expect(test.summary.contains("`HabitsTests/`"), "\(test.summary)")
        #expect(!test.summary.contains(".build"), "\(test.summary)")
    }
}

extension ModelBuildRunTests {
    private static let cloudFlagsPath = "Habits/2 - AppModel/Networking & Data Storage/CloudFlags.swift"
    /// The app with a Foundation-only file that uses an API Linux's Foundation lacks (it would fail the build), which the
    /// base's `.cfa-gate.json` leaves out of the model build with its reason.
    private func appLeavingOutCloudFlags(_ extra: [String: String]) -> [String: String] {
        var files = ModelBuildApp.files.merging(extra) { $1 }
        files[Self.cloudFlagsPath] = "import Foundation\n\nstruct CloudFlags {\n    var store: NSUbiquitousKeyValueStore { .default }\n}\n"
        files[".cfa-gate.json"] = #"{"modelBuild": {"exclude": [{"path": "\#(Self.cloudFlagsPath)", "reason": "NSUbiquitousKeyValueStore is iCloud's"}]}}"#
        return files
    }

    @Test func aFileTheConfigurationLeavesOutIsLeftOutWithItsReason() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: appLeavingOutCloudFlags(["gate/cfa-change-gate.md": checklist]))
        let (result, predicate) = try await run(fixture)
        let build = try #require(predicate.items.first { $0.number == 1 })
        #expect(build.status == .passed, "\(build.summary)\n\(result.standardOutput)")
        let reason = build.evidence.modelBuild?.excluded.first { $0.path == Self.cloudFlagsPath }?.reason
        #expect(reason == "left out by .cfa-gate.json: NSUbiquitousKeyValueStore is iCloud's")
    }

    @Test func theBasesConfigurationReachesTheModelBuildAlsoWhenASideManifestDoesNotLoad() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: appLeavingOutCloudFlags(["gate/cfa-change-gate.md": checklist, "Package.swift": Self.sideManifest]))
        let (result, predicate) = try await run(fixture)
        let build = try #require(predicate.items.first { $0.number == 1 })
        #expect(build.status == .passed, "\(build.summary)\n\(result.standardOutput)")
        #expect(build.summary.hasPrefix("model build (Package.swift does not load here): "), "\(build.summary)")
        let reason = build.evidence.modelBuild?.excluded.first { $0.path == Self.cloudFlagsPath }?.reason
        #expect(reason == "left out by .cfa-gate.json: NSUbiquitousKeyValueStore is iCloud's")
    }

    @Test func aBrokenConfigurationStopsTheRunBeforeAnythingRunsEvenWhenOnlyTheModelBuildWouldReadIt() async throws {
        let fixture = try GitFixture()
        var files = ModelBuildApp.files.merging(["gate/cfa-change-gate.md": checklist, "Package.swift": Self.sideManifest]) { $1 }
        files[".cfa-gate.json"] = #"{"modelBuild": {"exclude": [{"path": "Habits/Sync.swift"}]}}"#
        try fixture.makeRepository(committing: files)
        let out = fixture.path(".git/no-verdict.json")
        let result = try await withSigningKey(fixture) { keys in
            try await gate(["run", "--no-progress", "--key", "\(keys)/ci.pem", "--out", out], in: fixture)
        }
        #expect(result.status == 2, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains(#".cfa-gate.json: modelBuild.exclude[0] ("Habits/Sync.swift") has no "reason""#), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}

extension ModelBuildRunTests {
    /// An Xcode 26 app whose module is MainActor by default: a global of a non-Sendable class compiles in Swift 6 only so.
    private static let mainActorApp: [String: String] = [
        "Counter.xcodeproj/project.pbxproj": XcodeProjectText.synchronized(
            app: "Counter", project: .init(debug: "SWIFT_VERSION = 5.0;", release: "SWIFT_VERSION = 5.0;"),
            appTarget: .init(
                debug: "SWIFT_VERSION = 6.0;\nSWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;\nSWIFT_APPROACHABLE_CONCURRENCY = YES;",
                release: "SWIFT_VERSION = 6.0;"),
            testTarget: .init(debug: "SWIFT_VERSION = 6.0;", release: "SWIFT_VERSION = 6.0;")),
        "Counter/Tally.swift": """
            import Foundation

            final class Tally {
                var count = 0
            }

            let sharedTally = Tally()

            final class TallyFeature {
                func bump() { sharedTally.count += 1 }
                var count: Int { sharedTally.count }
            }
            """,
        "CounterTests/TallyFeatureTests.swift": """
            import Testing
            @testable import Counter

            @MainActor
            struct TallyFeatureTests {
                @Test func bumps() {
                    let feature = TallyFeature()
                    feature.bump()
                    #expect(feature.count == 1)
                }
            }
            """,
    ]

    @Test func theAppCompilesWithItsXcodeTargetsDefaultIsolationAndTheVerdictSaysWhichSettingsApplied() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: Self.mainActorApp.merging(["gate/cfa-change-gate.md": checklist]) { $1 })
        let (result, predicate) = try await run(fixture)
        let build = try #require(predicate.items.first { $0.number == 1 })
        let test = try #require(predicate.items.first { $0.number == 2 })
        #expect(build.status == .passed, "\(build.summary)\n\(build.evidence.excerpt)\n\(result.standardOutput)")
        #expect(test.status == .passed, "\(test.summary)")
        #expect(test.evidence.tests == TestCounts(passed: 1, failed: 0, skipped: 0))
        let settings = try #require(build.evidence.modelBuild?.xcodeSettings)
        #expect(settings.project == "Counter.xcodeproj")
        #expect(settings.app == XcodeSettingsRecord.Target(
            name: "Counter", configuration: "Debug",
            applied: ["Swift 6", "default isolation MainActor", "upcoming InferIsolatedConformances NonisolatedNonsendingByDefault"], ignored: []))
        #expect(settings.tests?.applied == ["Swift 6"])
        #expect(build.evidence.excerpt.contains(
            "model build: Xcode settings of target Counter (Debug): Swift 6, default isolation MainActor, upcoming InferIsolatedConformances "
                + "NonisolatedNonsendingByDefault; tests: target CounterTests (Debug): Swift 6"), "\(build.evidence.excerpt)")
    }
}
