import Foundation
import Verdict

/// A passing verdict of the model build on `ModelBuildApp`: the build and test items carry its record, and the test item
/// lists the two tests of its left-out test files as `unavailable`, each with its file's reason, as the gate writes them.
extension SampleVerdicts {
    public static let modelBuildRecord = ModelBuildRecord(
        compiled: ModelBuildApp.compiledSources + ModelBuildApp.compiledTests,
        excluded: ModelBuildApp.excluded.keys.sorted().map { ModelBuildRecord.Exclusion(path: $0, reason: ModelBuildApp.excluded[$0]!) })

    /// The unavailable tests, by the file each is declared in.
    public static let modelBuildUnavailable: [(test: String, file: String)] = [
        (ModelBuildApp.unavailableTests[0], ModelBuildApp.badgeViewModelTestPath), (ModelBuildApp.unavailableTests[1], ModelBuildApp.uiTestPath),
    ]

    public static func modelBuildTestCases(unavailable: [(test: String, file: String)] = modelBuildUnavailable) -> [TestCaseResult] {
        ModelBuildApp.passingTests.map { TestCaseResult(id: $0, status: .passed, attempts: [TestAttempt(durationSeconds: 0.01, outcome: .passed)]) }
            + unavailable.map { test, file in
                TestCaseResult(id: test, status: .unavailable, attempts: [], excerpt: ["\(file) \(ModelBuildApp.excluded[file]!)"])
            }
    }

    public static func modelBuilt(unavailable: [(test: String, file: String)] = modelBuildUnavailable) -> Statement {
        let line = "model build: 10 of 18 files; left out: SwiftUI 3, StoreKit 1, via left-out types 3, UI tests 1"
        let build = ItemResult(
            number: 24, title: "The package builds", section: "Build, tests and tree", probe: "build", status: .passed,
            summary: "\(line); `swift build` succeeded", durationSeconds: 12.25, evidence: Evidence(modelBuild: modelBuildRecord))
        let cases = modelBuildTestCases(unavailable: unavailable)
        let passed = ModelBuildApp.passingTests.count
        let tests = ItemResult(
            number: 25, title: "The tests pass at the final commit", section: "Build, tests and tree", probe: "test", status: .passed,
            summary: "\(line); \(passed) passed, \(unavailable.count) unavailable", durationSeconds: 6.5,
            evidence: Evidence(
                tests: TestCounts(passed: passed, failed: 0, skipped: 0), testCases: cases,
                testRun: TestRunRecord(
                    listSHA256: String(repeating: "3", count: 64), expected: passed, counts: ["passed": passed, "unavailable": unavailable.count]),
                modelBuild: modelBuildRecord))
        return statement(result: .passed, items: [build, tests, clean], awaiting: [])
    }
}
