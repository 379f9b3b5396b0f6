import Foundation
import Verdict

/// Which shard runs which test. The same expected list, shard count and timings always give the same
/// split, so a re-run shard runs exactly the tests it ran before.
struct ShardPlan: Sendable, Equatable {
    enum Balance: String, Codable, Sendable {
        /// Longest tests first, each to the shard with the least time so far (durations of an earlier verdict).
        case timings
        /// Tests ordered by a hash of their id and dealt in turn: equal counts, stable across machines.
        case hash
    }

    var count: Int
    var balance: Balance
    /// Every test of the expected list → its 1-based shard.
    var assignments: [String: Int]

    /// `timings` maps test ids to seconds; tests it does not know count as the mean of those it does.
    init(tests: [String], count: Int, timings: [String: Double] = [:]) {
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
    init(count: Int, balance: Balance, assignments: [String: Int]) {
        self.count = count
        self.balance = balance
        self.assignments = assignments
    }

    /// The tests shard `index` runs, sorted.
    func tests(forShard index: Int) -> [String] {
        assignments.filter { $0.value == index }.keys.sorted()
    }

    /// The digest every shard records and the merge recomputes from the shards' shares: the count and every
    /// `test → shard` line, sorted, so any missing, extra or moved test changes it.
    var sha256: String {
        var text = "cfa-gate shard plan 1\ncount \(count)\n"
        for id in assignments.keys.sorted() { text += "\(id)\t\(assignments[id]!)\n" }
        return Digest.sha256Hex(Data(text.utf8))
    }

    private static func hashKey(_ id: String) -> String {
        Digest.sha256Hex(Data(id.utf8))
    }
}
