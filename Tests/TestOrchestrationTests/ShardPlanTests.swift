import Testing
@testable import TestOrchestration

struct ShardPlanTests {
    static let tests = (1...40).map { "AppTests.Suite\($0 % 7)/test\($0)()" }

    @Test(arguments: [1, 2, 3, 5])
    func sharesAreDisjointAndCoverTheList(count: Int) {
        let plan = ShardPlan(tests: Self.tests, count: count)
        let shares = (1...count).map { plan.tests(forShard: $0) }
        #expect(shares.flatMap { $0 }.sorted() == Self.tests.sorted())
        #expect(Set(shares.flatMap { $0 }).count == Self.tests.count)
        // Dealt in turn, the counts differ by at most one.
        #expect((shares.map(\.count).max() ?? 0) - (shares.map(\.count).min() ?? 0) <= 1)
    }

    @Test func theSameInputsGiveTheSameSplitWhateverTheOrder() {
        let first = ShardPlan(tests: Self.tests, count: 3)
        let second = ShardPlan(tests: Self.tests.reversed(), count: 3)
        #expect(first == second)
        #expect(first.sha256 == second.sha256)
        #expect(first.balance == .hash)
    }

    @Test func timingsBalanceTheTimeNotTheCount() {
        let tests = ["slow", "a", "b", "c", "d"]
        let timings = ["slow": 10.0, "a": 2, "b": 2, "c": 2, "d": 2]
        let plan = ShardPlan(tests: tests, count: 2, timings: timings)
        #expect(plan.balance == .timings)
        #expect(plan.tests(forShard: 1) == ["slow"])
        #expect(plan.tests(forShard: 2) == ["a", "b", "c", "d"])
    }

    @Test func testsWithoutATimingCountAsTheMean() {
        let plan = ShardPlan(tests: ["x", "y", "new"], count: 2, timings: ["x": 4, "y": 2])
        // new counts 3 s: x (4) → 1, new (3) → 2, y (2) → 2.
        #expect(plan.tests(forShard: 1) == ["x"])
        #expect(plan.tests(forShard: 2) == ["new", "y"])
    }

    @Test func theDigestChangesWhenATestMovesOrGoes() {
        let plan = ShardPlan(tests: Self.tests, count: 2)
        var moved = plan
        let test = Self.tests[0]
        moved.assignments[test] = plan.assignments[test] == 1 ? 2 : 1
        var dropped = plan
        dropped.assignments[test] = nil
        #expect(Set([plan.sha256, moved.sha256, dropped.sha256]).count == 3)
    }
}
