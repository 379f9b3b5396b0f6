@testable import TestOrchestration
@testable import Verdict

/// A runner whose tests do what a script says, attempt by attempt, so the orchestrator's bookkeeping can be
/// checked without building anything. A batch runs its tests in order, as one process would.
struct ScriptedRunner: TestRunner {
    enum Behavior: Sendable {
        case pass, fail, skip
        /// Dies by signal 6; the next test of the batch counts as running too, as in a parallel run.
        case crash
        /// Blocks until the watchdog cuts it.
        case hang
        /// The process exits 0 without ever mentioning the test.
        case vanish
        /// Passes once the given test has started in another process (fails if it never does within a minute).
        case passAfterStart(of: String)
    }

    actor Ledger {
        var runs: [String: Int] = [:]
        var batches: [[String]] = []
        func next(_ id: String) -> Int {
            runs[id, default: 0] += 1
            return runs[id]! - 1
        }
        func record(_ batch: [String]) { batches.append(batch) }
        func hasStarted(_ id: String) -> Bool { batches.contains { $0.contains(id) } }
    }

    var tests: [TestCase]
    var script: [String: [Behavior]]
    var ledger = Ledger()

    init(_ script: KeyValuePairs<String, [Behavior]>) {
        tests = script.map { TestCase(id: $0.key, target: String($0.key.prefix { $0 != "." })) }
        self.script = Dictionary(uniqueKeysWithValues: script.map { ($0.key, $0.value) })
    }

    func listTests() async throws(TestRunnerError) -> [TestCase] { tests }

    func batches(_ tests: [TestCase]) -> [[TestCase]] { [tests] }

    func run(_ batch: [TestCase], label: String, watch: @escaping @Sendable ([String: Duration]) -> Set<String>) async -> BatchReport {
        await ledger.record(batch.map(\.id))
        var report = BatchReport(end: .exited(0))
        for (index, test) in batch.enumerated() {
            let behaviors = script[test.id] ?? [.pass]
            let attempt = await ledger.next(test.id)
            switch behaviors[min(attempt, behaviors.count - 1)] {
            case .pass: report.finished[test.id] = ObservedAttempt(attempt: TestAttempt(durationSeconds: 0.01, outcome: .passed))
            case .skip: report.finished[test.id] = ObservedAttempt(attempt: TestAttempt(durationSeconds: 0, outcome: .skipped))
            case .fail:
                report.finished[test.id] = ObservedAttempt(
                    attempt: TestAttempt(durationSeconds: 0.01, outcome: .failed, message: "wrong", file: "T.swift", line: 3),
                    excerpt: ["attempt \(attempt + 1) of \(test.id) failed"])
                report.end = .exited(1)
            case .vanish: continue
            case .passAfterStart(let other):
                var seen = await ledger.hasStarted(other)
                for _ in 0..<6_000 where !seen {
                    try? await Task.sleep(for: .milliseconds(10))
                    seen = await ledger.hasStarted(other)
                }
                report.finished[test.id] = ObservedAttempt(
                    attempt: TestAttempt(durationSeconds: 0.01, outcome: seen ? .passed : .failed, message: seen ? nil : "\(other) never started"))
            case .crash:
                report.unfinished[test.id] = .milliseconds(5)
                if index + 1 < batch.count { report.unfinished[batch[index + 1].id] = .milliseconds(2) }
                report.end = .signalled(6)
                report.outputTail = ["Fatal error: boom"]
                report.crashLine = "T.swift:3: Fatal error: boom"
                return report
            case .hang:
                let cut = watch([test.id: .seconds(3600)])
                report.unfinished[test.id] = .seconds(3600)
                report.cut = cut
                report.end = .stopped
                return report
            }
        }
        return report
    }
}
