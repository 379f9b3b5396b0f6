import CFAAnalysis
import GateTestSupport
import Testing
import Verdict
@testable import Probes

/// A model build whose test files are all left out: the test item fails with one line that names the root cause, and
/// lists every declared test `unavailable`.
struct ModelBuildWithoutTestsTests {
    private struct NotPrepared: Error {}

    @Test func everyTestFileLeftOutFailsTheTestItemNamingTheRootCause() async throws {
        let fixture = try GitFixture()
        let running = [ModelBuildApp.featureTestPath, ModelBuildApp.listViewModelTestPath, ModelBuildApp.testDoublePath]
        try fixture.makeRepository(committing: ModelBuildApp.files.filter { !running.contains($0.key) })
        try fixture.makeDirectory(".git/without-tests-logs")
        let context = ProbeContext(
            repositoryRoot: fixture.root, packageDirectory: fixture.root, logDirectory: fixture.path(".git/without-tests-logs"),
            environment: SwiftPackageFixture.environment(for: fixture), timeouts: ProbeTimeouts())
        guard case .ready(let scope) = await ModelBuildScope.prepare(in: context, trigger: .noPackageManifest, configuration: AnalysisConfiguration())
        else { throw NotPrepared() }
        let outcome = try #require(scope.withoutTests)
        #expect(outcome.status == .failed)
        let root = try #require(scope.package.selection.rootCauses.first?.description)
        #expect(outcome.summary == "no test file compiles here: the 2 test files declaring tests are left out, 2 tests unavailable — \(root)")
        #expect(outcome.evidence.testCases?.map(\.id).sorted() == ModelBuildApp.unavailableTests.sorted())
        #expect(outcome.evidence.testCases?.allSatisfy { $0.status == .unavailable } == true)
    }

    @Test func theLeaveOutHintNamesEveryFileTheCompilerFailedOnInOneEntryEach() throws {
        #expect(ModelBuildScope.leaveOutHint(for: []) == nil)
        let one = try #require(ModelBuildScope.leaveOutHint(for: ["App/Sync.swift"]))
        #expect(one.hasPrefix("model build: if `App/Sync.swift` uses an API Linux lacks, leave it out in .cfa-gate.json"))
        #expect(one.hasSuffix(#"{"modelBuild": {"exclude": [{"path": "App/Sync.swift", "reason": "…"}]}}"#))
        let two = try #require(ModelBuildScope.leaveOutHint(for: ["App/Sync.swift", "App/Queue.swift"]))
        #expect(two.hasPrefix("model build: if these 2 files use an API Linux lacks, leave them out"))
        #expect(two.hasSuffix(#"[{"path": "App/Sync.swift", "reason": "…"}, {"path": "App/Queue.swift", "reason": "…"}]}}"#))
    }
}
