import Checklist
import Foundation
import Verdict

/// What `run --shard I/N` takes from elsewhere: the durations an earlier verdict recorded, and which items a
/// shard runs at all.
enum ShardTimings {
    /// Test id → seconds (every attempt's duration added up) from an earlier verdict's test items. The verdict
    /// only balances the split, which every shard records, so its signature is not needed here.
    static func read(_ path: String) throws(GateError) -> [String: Double] {
        let statement: Statement
        do {
            statement = try DSSE.unverifiedStatement(in: try VerdictFile.read(path: Gate.absolute(path)))
        } catch {
            throw .timingsUnreadable(path: path, reason: "\(error)")
        }
        var seconds: [String: Double] = [:]
        for item in statement.predicate.items {
            for testCase in item.evidence.testCases ?? [] {
                seconds[testCase.id, default: 0] += testCase.attempts.map(\.durationSeconds).reduce(0, +)
            }
        }
        return seconds
    }

    /// Shard 1 runs the whole checklist; every other shard only builds and runs its share of the tests. The
    /// analyser, the inventory, `git-clean`, commands and the manual items judge the commit, not a share of
    /// it, so they run once.
    static func items(_ items: [ChecklistItem], onShard shard: ShardSpec?) -> [ChecklistItem] {
        guard let shard, shard.index > 1 else { return items }
        return items.filter { item in
            switch item.probe.kind {
            case .build, .test: true
            case .gitClean, .command, .cfa, .inventory, .manual: false
            }
        }
    }
}
