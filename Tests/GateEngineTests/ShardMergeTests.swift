import Foundation
import GateTestSupport
import TestOrchestration
import Testing
@testable import GateEngine
@testable import Verdict

/// Shard verdicts made in memory: shard I of N ran the build, its share of the tests, and (shard 1) the rest.
struct ShardMergeTests {
    static let tests = ["App.A/one()", "App.A/two()", "App.B/three()", "App.B/four()", "App.C/five()"]

    static func shard(
        _ index: Int, of count: Int, tests: [String] = ShardMergeTests.tests, reported: [String]? = nil, failing: Set<String> = [],
        skipped: Bool = false, edit: (inout GatePredicate) -> Void = { _ in }
    ) -> ShardMerge.Shard {
        let (_, record) = ShardAssignment(index: index, count: count).plan(tests)
        let cases = (reported ?? record.tests).map { id in
            let outcome: TestAttemptOutcome = skipped ? .skipped : failing.contains(id) ? .failed : .passed
            let status: TestCaseStatus = skipped ? .skipped : failing.contains(id) ? .failed : .passed
            return TestCaseResult(id: id, status: status, attempts: [TestAttempt(durationSeconds: 0.5, outcome: outcome)])
        }
        let testItem = ItemResult(
            number: 25, title: "The tests pass", section: "Build", probe: "test", status: failing.isEmpty ? .passed : .failed,
            summary: "\(cases.count) passed", durationSeconds: 3,
            evidence: Evidence(testCases: cases, testRun: TestRunRecord(listSHA256: "x", expected: cases.count, counts: [:], shard: record)))
        var items = [SampleVerdicts.build, testItem]
        if index == 1 { items.append(SampleVerdicts.clean) }
        var statement = SampleVerdicts.statement(result: failing.isEmpty ? .passed : .failed, items: items, awaiting: [])
        statement.predicate.shard = record
        edit(&statement.predicate)
        return ShardMerge.Shard(path: "shard-\(index).json", statement: statement, verdictSHA256: String(index), keyID: "k")
    }

    @Test func theMergedRunWasSandboxedOnlyIfEveryShardWas() {
        func shards(_ sandboxes: RunSandbox?...) -> [ShardMerge.Shard] {
            sandboxes.enumerated().map { offset, sandbox in Self.shard(offset + 1, of: sandboxes.count) { $0.sandbox = sandbox } }
        }
        #expect(ShardMergeRun.sandbox(of: shards(.namespace, .namespace)) == .namespace)
        #expect(ShardMergeRun.sandbox(of: shards(.namespace, RunSandbox.none)) == RunSandbox.none)
        #expect(ShardMergeRun.sandbox(of: shards(nil, .namespace)) == nil)
    }

    @Test func theMergedRunLacksEveryGuaranteeAnyShardLackedSoVerifyJudgesItAsEachShard() throws {
        func record(_ missing: [String], keyTakenWithout: [String]? = nil) -> IsolationRecord {
            var record = IsolationRecord(
                gateUID: 0, probeUID: 1001, noNewPrivileges: true, groups: [], capabilityBoundingSetEmpty: true, namespaces: ["pid", "mount"],
                readOnlyRoot: true, writablePaths: [], readOnlyPaths: [], hiddenPaths: [], privateTemporary: true, landlockABI: nil, missing: missing)
            record.keyTakenWithout = keyTakenWithout
            return record
        }
        let gate = ProbeConfinement.Guarantee.gateOutOfReach.rawValue
        let groups = ProbeConfinement.Guarantee.noGroups.rawValue
        let shards = [
            Self.shard(1, of: 2) { $0.isolation = record([groups]) },
            Self.shard(2, of: 2) { $0.isolation = record([gate], keyTakenWithout: [gate]) },
        ]
        let merged = try #require(ShardMergeRun.isolation(of: shards))
        #expect(merged.missing == [groups, gate])
        #expect(merged.keyTakenWithout == [gate])
        // A shard that recorded nothing leaves the merged run's isolation unknown, as an old verdict's.
        #expect(ShardMergeRun.isolation(of: [Self.shard(1, of: 2) { $0.isolation = record([]) }, Self.shard(2, of: 2)]) == nil)
    }

    @Test func completeShardsMergeIntoOneRunWithEveryTest() throws {
        let merged = try #require(ShardMerge.merge([Self.shard(2, of: 2), Self.shard(1, of: 2)]))
        #expect(merged.problems == [])
        #expect(merged.result == .passed)
        #expect(merged.items.map(\.number) == [0, 24, 25, 26])
        #expect(merged.items[0].status == .passed)
        let cases = try #require(merged.items[2].evidence.testCases)
        #expect(cases.map(\.id) == Self.tests.sorted())
        #expect(merged.items[2].evidence.testRun?.expected == Self.tests.count)
        #expect(merged.shards.map(\.index) == [1, 2])
    }

    @Test func aMissingShardFailsAndIsNamed() throws {
        let merged = try #require(ShardMerge.merge([Self.shard(1, of: 3), Self.shard(3, of: 3)]))
        #expect(merged.result == .failed)
        #expect(merged.items[0].status == .failed)
        #expect(merged.problems.contains { $0.hasPrefix("shard 2/3 missing") })
    }

    @Test func aShardGivenTwiceFailsAndIsNamed() throws {
        let merged = try #require(ShardMerge.merge([Self.shard(1, of: 2), Self.shard(2, of: 2), Self.shard(2, of: 2)]))
        #expect(merged.result == .failed)
        #expect(merged.problems.contains { $0.hasPrefix("shard 2/2 appears 2 times") })
    }

    @Test(arguments: ["commit", "policy", "plan", "tool"])
    func aForeignShardFails(_ difference: String) throws {
        let foreign = Self.shard(2, of: 2, tests: difference == "plan" ? Self.tests + ["App.D/six()"] : Self.tests) { predicate in
            switch difference {
            case "commit": predicate.repository.commit = String(repeating: "9", count: 40)
            case "policy":
                predicate.policy = PolicyRecord(
                    source: .base, revision: nil, description: "",
                    files: [PolicyFileRecord(role: .checklist, path: "gate/cfa-change-gate.md", source: .base, sha256: "0")])
            case "tool": predicate.tool.version = "9.9.9"
            default: break
            }
        }
        let merged = try #require(ShardMerge.merge([Self.shard(1, of: 2), foreign]))
        #expect(merged.result == .failed)
        #expect(merged.problems.contains { $0.hasPrefix("foreign shard: shard-2.json") }, "\(merged.problems)")
        // Without the foreign shard, index 2 is missing as well.
        #expect(merged.problems.contains { $0.hasPrefix("shard 2/2 missing") })
    }

    @Test func aPlannedTestNoShardReportedIsNotRunAndFails() throws {
        let (_, record) = ShardAssignment(index: 2, count: 2).plan(Self.tests)
        let silent = record.tests[0]
        let merged = try #require(ShardMerge.merge([Self.shard(1, of: 2), Self.shard(2, of: 2, reported: Array(record.tests.dropFirst()))]))
        #expect(merged.result == .failed)
        let cases = try #require(merged.items.first { $0.number == 25 }?.evidence.testCases)
        #expect(cases.first { $0.id == silent }?.status == .notRun)
        #expect(merged.problems.contains("planned test \(silent) (shard 2) never reported"))
    }

    @Test func aFailingShardFailsTheMergeAndItsBuildTakesTheWorstOutcome() throws {
        let (_, record) = ShardAssignment(index: 1, count: 2).plan(Self.tests)
        let merged = try #require(ShardMerge.merge([Self.shard(1, of: 2, failing: [record.tests[0]]), Self.shard(2, of: 2)]))
        #expect(merged.problems == [])
        #expect(merged.result == .failed)
        #expect(merged.items.first { $0.number == 25 }?.status == .failed)
    }

    /// A shard may hold only skipped tests (its share is small); the merged run may not.
    @Test func shardsThatTogetherExecutedNoTestFail() throws {
        let merged = try #require(ShardMerge.merge([Self.shard(1, of: 2, skipped: true), Self.shard(2, of: 2, skipped: true)]))
        #expect(merged.result == .failed)
        #expect(merged.problems == ["no shard executed a test: all 5 planned tests were skipped"])
    }
}

/// A model-built run's unavailable tests: every shard lists them, the merge keeps them once and refuses shards that
/// disagree about them.
struct ShardMergeUnavailableTests {
    static let badge = TestCaseResult(
        id: "HabitsTests.BadgeTests/testTint", status: .unavailable, attempts: [], excerpt: ["HabitsTests/BadgeTests.swift imports SwiftUI"])
    static let launch = TestCaseResult(
        id: "HabitsUITests.LaunchTests/testLaunch", status: .unavailable, attempts: [],
        excerpt: ["HabitsUITests/LaunchTests.swift is a UI test (names `XCUIApplication`), which needs the app running on an Apple platform"])

    static func shard(_ index: Int, of count: Int, unavailable: [TestCaseResult], skipped: Bool = false) -> ShardMerge.Shard {
        ShardMergeTests.shard(index, of: count, skipped: skipped) { predicate in
            let item = predicate.items.firstIndex { $0.number == 25 }!
            predicate.items[item].evidence.testCases! += unavailable
            predicate.items[item].evidence.tests = TestCounts(
                passed: skipped ? 0 : predicate.items[item].evidence.testRun!.expected, failed: 0,
                skipped: skipped ? predicate.items[item].evidence.testRun!.expected : 0)
        }
    }

    @Test func theUnavailableTestsEveryShardListsAreKeptOnceAndTheCountsAgree() throws {
        let merged = try #require(ShardMerge.merge([
            Self.shard(1, of: 2, unavailable: [Self.badge, Self.launch]), Self.shard(2, of: 2, unavailable: [Self.badge, Self.launch]),
        ]))
        #expect(merged.problems == [])
        #expect(merged.result == .passed)
        let item = try #require(merged.items.first { $0.number == 25 })
        let cases = try #require(item.evidence.testCases)
        #expect(cases.filter { $0.status == .unavailable } == [Self.badge, Self.launch])
        #expect(cases.count == ShardMergeTests.tests.count + 2)
        #expect(item.evidence.testRun?.counts == ["passed": ShardMergeTests.tests.count, "unavailable": 2])
        #expect(item.evidence.tests == TestCounts(passed: ShardMergeTests.tests.count, failed: 0, skipped: 0))
        #expect(item.summary.hasPrefix("\(ShardMergeTests.tests.count) passed, 2 unavailable across 2 shards"))
    }

    @Test func aShardMissingAnUnavailableTestOrGivingAnotherReasonIsRefusedNamingTheTest() throws {
        let missing = try #require(ShardMerge.merge([
            Self.shard(1, of: 2, unavailable: [Self.badge, Self.launch]), Self.shard(2, of: 2, unavailable: [Self.badge]),
        ]))
        #expect(missing.result == .failed)
        #expect(missing.items[0].status == .failed)
        #expect(missing.problems == [
            "unavailable test \(Self.launch.id) is listed by shard 1 but not by shard 2 — the shards did not build the same model package"
        ])
        var other = Self.badge
        other.excerpt = ["HabitsTests/BadgeTests.swift imports StoreKit"]
        let reason = try #require(ShardMerge.merge([Self.shard(1, of: 2, unavailable: [Self.badge]), Self.shard(2, of: 2, unavailable: [other])]))
        #expect(reason.result == .failed)
        #expect(reason.problems.count == 1)
        #expect(reason.problems.first?.hasPrefix("unavailable test \(Self.badge.id) has another reason in shard 2") == true)
    }

    /// Unavailable tests never ran: shards whose shares were all skipped still executed nothing.
    @Test func unavailableTestsDoNotCountAsExecuted() throws {
        let merged = try #require(ShardMerge.merge([
            Self.shard(1, of: 2, unavailable: [Self.badge], skipped: true), Self.shard(2, of: 2, unavailable: [Self.badge], skipped: true),
        ]))
        #expect(merged.result == .failed)
        #expect(merged.problems == ["no shard executed a test: all 5 planned tests were skipped"])
    }
}
