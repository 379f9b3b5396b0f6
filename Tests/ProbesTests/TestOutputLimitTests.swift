import Foundation
import GateTestSupport
import Testing
@testable import Probes
@testable import TestOrchestration
@testable import Verdict

/// Issue 18 on the `test` probe: a test that writes past `output-limit` is killed and fails with "wrote more than …",
/// in both frameworks, while the tests beside it pass; an event stream record longer than the gate reads whole is a
/// protocol error for its test only.
@Suite(.serialized) struct TestOutputLimitTests {
    static let fixture: GitFixture = {
        let fixture = try! GitFixture()
        try! SwiftPackageFixture.writeCalculator(into: fixture)
        try! SwiftPackageFixture.writeFloodingTests(into: fixture)
        try! fixture.makeDirectory("logs")
        return fixture
    }()

    func context(_ variables: [String: String], limit: Int64) -> ProbeContext {
        var environment = SwiftPackageFixture.environment(for: Self.fixture)
        environment.merge(variables) { _, new in new }
        var context = ProbeContext(
            repositoryRoot: Self.fixture.root, packageDirectory: Self.fixture.root, logDirectory: Self.fixture.path("logs"),
            environment: environment, timeouts: ProbeTimeouts())
        context.outputLimit = limit
        return context
    }

    func cases(_ outcome: ProbeOutcome) -> [String: TestCaseResult] {
        Dictionary(uniqueKeysWithValues: (outcome.evidence.testCases ?? []).map { ($0.id, $0) })
    }

    @Test func aTestThatWritesPastTheLimitFailsAndItsNeighboursPass() async throws {
        let outcome = await TestProbe(arguments: ["--filter", "Flooding"]).run(
            in: context(["FLOOD_BYTES": "\(64 << 20)"], limit: 1 << 20), logName: "flood-\(UUID().uuidString)")
        let byID = cases(outcome)
        #expect(outcome.status == .failed, "\(outcome.summary)")
        for id in ["CalcTests.Flooding/floods()", "CalcTests.FloodingXC/testFloods"] {
            #expect(byID[id]?.status == .failed, "\(id): \(String(describing: byID[id]))")
            #expect(byID[id]?.firstFailure?.message?.contains("wrote more than 1 MiB of output") == true, "\(id)")
        }
        for id in ["CalcTests.Flooding/quiet()", "CalcTests.Flooding/hugeIssue()", "CalcTests.FloodingXC/testQuiet"] {
            #expect(byID[id]?.status == .passed, "\(id): \(String(describing: byID[id]))")
        }
        // The kept log is cut near the limit, not the 64 MiB the tests wrote, and its digest is of what is kept.
        let log = try #require(outcome.evidence.logs.first { $0.name.hasSuffix(".tests") })
        #expect(log.bytes < 16 << 20)
        let kept = try #require(FileManager.default.contents(atPath: Self.fixture.path("logs/\(log.path)")))
        #expect(Digest.sha256Hex(kept) == log.sha256)
    }

    @Test func anOverlongEventRecordFailsItsOwnTestOnly() async throws {
        let outcome = await TestProbe(arguments: ["--filter", "Flooding/(quiet|hugeIssue)"]).run(
            in: context(["FLOOD_RECORD": "1"], limit: 1 << 30), logName: "record-\(UUID().uuidString)")
        let byID = cases(outcome)
        #expect(byID["CalcTests.Flooding/hugeIssue()"]?.status == .failed, "\(outcome.summary)")
        #expect(byID["CalcTests.Flooding/hugeIssue()"]?.firstFailure?.message?.contains("longer than 1 MiB (a protocol error)") == true)
        #expect(byID["CalcTests.Flooding/quiet()"]?.status == .passed, "\(outcome.summary)")
    }
}

extension TestOutputLimitTests {
    /// The framework's own lines count: a test writing exactly the limit is over it.
    @Test func aTestWritingExactlyTheLimitIsOverIt() async throws {
        let outcome = await TestProbe(arguments: ["--filter", "FloodingXC/testFloods"]).run(
            in: context(["FLOOD_BYTES": "\(1 << 20)"], limit: 1 << 20), logName: "exact-\(UUID().uuidString)")
        let log = try #require(outcome.evidence.logs.first { $0.name.hasSuffix(".tests") })
        #expect(cases(outcome)["CalcTests.FloodingXC/testFloods"]?.status == .failed, "\(outcome.summary), log \(log.bytes) bytes")
    }
}
