import Foundation
import Verdict

/// Which shard runs which test. The same expected list, shard count and timings always give the same
/// split, so a re-run shard runs exactly the tests it ran before.
public struct ShardPlan: Sendable, Equatable {
    public enum Balance: String, Codable, Sendable {
        /// Longest tests first, each to the shard with the least time so far (durations of an earlier verdict).
        case timings
        /// Tests ordered by a hash of their id and dealt in turn: equal counts, stable across machines.
        case hash
    }

    public var count: Int
    public var balance: Balance
    /// Every test of the expected list → its 1-based shard.
    public var assignments: [String: Int]

    /// `timings` maps test ids to seconds; tests it does not know count as the mean of those it does.
    public init(tests: [String], count: Int, timings: [String: Double] = [:]) {
        precondition(count >= 1, "a plan needs at least one shard")
        self.count = count
        let unique = Array(Set(tests))
        let known = unique.compactMap { timings[$0] }.filter { $0.isFinite && $0 >= 0 }
        var assignments: [String: Int] = [:]
        if known.isEmpty {
            balance = .hash
            let ordered = unique.map { (key: Self.hashKey($0), id: $0) }.sorted { ($0.key, $0.id) < ($1.key, $1.id) }
            for (position, entry) in ordered.enumerated() { assignments[entry.id] = position % count + 1 }
        } else {
            balance = .timings
            let fallback = known.reduce(0, +) / Double(known.count)
            func seconds(_ id: String) -> Double {
                guard let known = timings[id], known.isFinite, known >= 0 else { return fallback }
                return known
            }
            let ordered: [(seconds: Double, id: String)] = unique.map { (seconds($0), $0) }
                .sorted { $0.seconds != $1.seconds ? $0.seconds > $1.seconds : $0.id < $1.id }
            var load = Array(repeating: 0.0, count: count)
            for entry in ordered {
                // Ties go to the lowest index, so the split does not depend on anything but the inputs.
                let shard = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
                load[shard] += entry.seconds
                assignments[entry.id] = shard + 1
            }
        }
        self.assignments = assignments
    }

    /// Rebuilds a plan from the shares shards recorded (the merge's view).
    public init(count: Int, balance: Balance, assignments: [String: Int]) {
        self.count = count
        self.balance = balance
        self.assignments = assignments
    }

    /// The tests shard `index` runs, sorted.
    public func tests(forShard index: Int) -> [String] {
        assignments.filter { $0.value == index }.keys.sorted()
    }

    /// The digest every shard records and the merge recomputes from the shards' shares: the count and every
    /// `test → shard` line, sorted, so any missing, extra or moved test changes it.
    public var sha256: String {
        var text = "cfa-gate shard plan 1\ncount \(count)\n"
        for id in assignments.keys.sorted() { text += "\(id)\t\(assignments[id]!)\n" }
        return Digest.sha256Hex(Data(text.utf8))
    }

    private static func hashKey(_ id: String) -> String {
        Digest.sha256Hex(Data(id.utf8))
    }
}

/// This run's place in a CI matrix: shard `index` of `count`, and the durations (test id → seconds) of an
/// earlier verdict to balance the plan by.
public struct ShardAssignment: Sendable, Equatable {
    public var index: Int
    public var count: Int
    public var timings: [String: Double]

    public init(index: Int, count: Int, timings: [String: Double] = [:]) {
        self.index = index
        self.count = count
        self.timings = timings
    }

    /// The plan for `tests` and this shard's record of it.
    public func plan(_ tests: [String]) -> (plan: ShardPlan, record: ShardRecord) {
        let plan = ShardPlan(tests: tests, count: count, timings: timings)
        let record = ShardRecord(
            index: index, count: count, planSHA256: plan.sha256, balance: plan.balance.rawValue, tests: plan.tests(forShard: index))
        return (plan, record)
    }
}
