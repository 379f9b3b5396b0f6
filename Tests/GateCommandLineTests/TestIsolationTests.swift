import Foundation
import Sandbox
import GateTestSupport
import Testing
@testable import Verdict

/// `test-isolation`: every test in a process of its own unless the trusted checklist says `batch`, so a test that
/// passes only on state another test left behind fails in the whole run and in every shard layout alike.
struct TestIsolationTests {
    private let checklist = "# Gate\n\n1. **Tests pass.** <!-- probe: test -->\n"

    private func predicate(_ path: String) throws -> GatePredicate {
        try DSSE.unverifiedStatement(in: try VerdictFile.read(path: path)).predicate
    }

    private func testItem(_ predicate: GatePredicate) throws -> ItemResult {
        try #require(predicate.items.first { $0.evidence.testRun != nil })
    }

    private func statuses(_ item: ItemResult) -> [String: TestCaseStatus] {
        Dictionary(uniqueKeysWithValues: (item.evidence.testCases ?? []).map { ($0.id, $0.status) })
    }

    /// Runs the binary on a thread of its own: the runs here take a minute or more, and a test holding one of the few
    /// threads the suite's tests share would starve the tests that wait on time (ChildProcessTests' timeouts).
    private func gate(_ arguments: [String], in fixture: GitFixture) async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try CFAGateBinary.run(arguments, in: fixture) }) }.start()
        }
    }

    @Test func orderDependentTestsFailAloneInEveryShardLayoutAndTheChangeCannotSwitchToBatch() async throws {
        let fixture = try GitFixture()
        try SwiftPackageFixture.writeOrderDependent(into: fixture)
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": checklist])
        try fixture.git("checkout", "-q", "-b", "change")
        try fixture.write("gate/cfa-change-gate.md", "<!-- cfa-gate: test-isolation=batch test-workers=64 -->\n" + checklist)
        try fixture.git("commit", "-qam", "the change runs its tests in batches")
        let keys = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-isolation-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: keys) }
        #expect(try CFAGateBinary.run(["keygen", "--out", "\(keys)/ci.pem"], in: fixture).status == 0)
        let expected: [String: TestCaseStatus] = [
            "LedgerTests.OrderXC/testA": .passed, "LedgerTests.OrderXC/testB": .failed, "LedgerTests.OrderXC/testIndependent": .passed,
            "LedgerTests.Order/a()": .passed, "LedgerTests.Order/b()": .failed, "LedgerTests.Order/independent()": .passed,
        ]

        // The whole run, under the base's checklist: a process per test, whatever the change's checklist says.
        let whole = try await gate(["run", "--no-progress", "--key", "\(keys)/ci.pem", "--out", "\(keys)/whole.json"], in: fixture)
        #expect(whole.status == 1, "\(whole.standardOutput)\(whole.standardError)")
        let wholeRun = try predicate("\(keys)/whole.json")
        let wholeItem = try testItem(wholeRun)
        #expect(wholeRun.result == .failed)
        #expect(statuses(wholeItem) == expected)
        #expect(wholeItem.evidence.testRun?.isolation == .process)
        // Where the sandbox has a PID namespace, every one of those processes was forked from the bundle loaded once,
        // and the order-dependent tests still fail: each fork starts from the image in which no test has run.
        if wholeRun.isolation?.namespaces.contains("pid") == true {
            #expect(wholeItem.evidence.testRun?.processStart == TestProcessStart(method: .forked))
        }
        #expect(!wholeItem.summary.contains("shared processes"))
        let summaries = (wholeRun.policy?.changes ?? []).map(\.summary)
        #expect(summaries.contains("option test-isolation changed from (unset) to batch"), "\(summaries)")
        #expect(summaries.contains("option test-workers changed from (unset) to 64"), "\(summaries)")
        #expect(whole.standardOutput.contains("option test-isolation changed from (unset) to batch"))
        // A test failing alone names its own message and location.
        let cases = wholeItem.evidence.testCases ?? []
        let testB = try #require(cases.first { $0.id == "LedgerTests.OrderXC/testB" }?.firstFailure)
        #expect(testB.message?.contains("testB needs testA first") == true)
        #expect(testB.file == "Tests/LedgerTests/OrderXCTests.swift")
        #expect(testB.line == SwiftPackageFixture.orderDependentAssertionLine)
        let b = try #require(cases.first { $0.id == "LedgerTests.Order/b()" }?.firstFailure)
        #expect(b.message?.contains("b needs a first") == true)
        #expect(b.file == "Tests/LedgerTests/OrderSwiftTests.swift")
        #expect(b.line == SwiftPackageFixture.orderDependentAssertionLine)

        // Two shards and their merge: the same statuses as the whole run.
        var shards: [String] = []
        for index in 1...2 {
            let path = "\(keys)/shard-\(index).json"
            let run = try await gate(["run", "--shard", "\(index)/2", "--key", "\(keys)/ci.pem", "--out", path, "--no-progress"], in: fixture)
            #expect([0, 1].contains(run.status), "\(run.standardOutput)\(run.standardError)")
            #expect(try testItem(try predicate(path)).evidence.testRun?.isolation == .process)
            shards.append(path)
        }
        let merge = try await gate(
            ["merge"] + shards + ["--out", "\(keys)/merged.json", "--key", "\(keys)/ci.pem", "--pubkey", "\(keys)/ci.pem.pub"], in: fixture)
        #expect(merge.status == 1, "\(merge.standardOutput)\(merge.standardError)")
        let merged = try predicate("\(keys)/merged.json")
        #expect(merged.result == .failed)
        #expect(statuses(try testItem(merged)) == expected)
        #expect(try testItem(merged).evidence.testRun?.isolation == .process)

        // The change's own checklist, run on purpose: `batch` lets the tests lean on each other, and says so.
        let batch = try await gate(
            ["run", "--no-progress", "--checklist", "gate/cfa-change-gate.md", "--key", "\(keys)/ci.pem", "--out", "\(keys)/batch.json"], in: fixture)
        #expect(batch.status == 0, "\(batch.standardOutput)\(batch.standardError)")
        let batchItem = try testItem(try predicate("\(keys)/batch.json"))
        #expect(Set(statuses(batchItem).values) == [.passed])
        #expect(batchItem.evidence.testRun?.isolation == .batch)
        #expect(batchItem.summary.contains("test-isolation=batch: tests shared processes"), "\(batchItem.summary)")
    }
}
