import Checklist
import Foundation
import Verdict

/// What an orchestrated run concluded: one result per expected test, in the expected list's order.
public struct OrchestrationOutcome: Sendable, Equatable {
    public var cases: [TestCaseResult]
    public var record: TestRunRecord
    /// Set when the run as a whole could not finish (interrupted, out of time, a runner failure): never a pass.
    public var abort: BatchEnd?

    /// Statuses that fail the item under `policy`, plus problems no single test owns.
    func failsItem(allowFlaky: Bool) -> Bool {
        abort != nil || !record.problems.isEmpty || cases.isEmpty
            || cases.contains { $0.status.failsItem || ($0.status == .flaky && !allowFlaky) }
            || !cases.contains { $0.status != .skipped && $0.status != .notRun }
    }
}

/// Runs an expected list of tests through a runner so that every test ends with exactly one status.
///
/// Under `process` isolation (the default) every test runs in a fresh process of its own, so its status cannot
/// depend on which tests ran before it in the same process, on the shard layout or on the order; under `batch`
/// the runner groups tests into processes and what follows applies to each group.
///
/// Each process's tests are watched: one running longer than the per-test limit gets the process killed and is
/// `timedOut`. When a process dies under several running tests, each of them runs again alone in a fresh process,
/// so a crash is pinned on the test that crashes alone; the tests that had not started run in a new process.
/// A run cut short by another test's crash is not counted as an attempt. Failed tests are re-run alone up to
/// `retries` times; a later pass makes the test `flaky`, never `passed`.
public struct TestOrchestrator<Runner: TestRunner>: Sendable {
    var runner: Runner
    var policy: OrchestrationPolicy
    var today: String
    /// Called with each process's running tests as the watchdog sees them, and with none when the process ends.
    public var observe: @Sendable (_ process: String, _ running: [String: Duration]) -> Void = { _, _ in }

    public init(runner: Runner, policy: OrchestrationPolicy, today: String = Quarantine.today()) {
        self.runner = runner
        self.policy = policy
        self.today = today
    }

    /// The expected list's digest: one id per line, each ending in a newline.
    public static func listDigest(_ tests: [TestCase]) -> String {
        Digest.sha256Hex(Data(tests.map { "\($0.id)\n" }.joined().utf8))
    }

    /// Runs `expected`; the tests of the `first` targets start before the rest.
    public func run(_ expected: [TestCase], first: Set<String> = [], firstReason: String? = nil) async -> OrchestrationOutcome {
        var state = RunState()
        let ranFirst = expected.filter { first.contains($0.target) }
        // One queue: the changed targets' tests start first, and the rest as soon as a process slot is free, without
        // waiting for the first ones to end (a barrier would leave cores idle behind the slowest of them).
        let queue = ranFirst.isEmpty || ranFirst.count == expected.count
            ? processes(expected) : processes(ranFirst) + processes(expected.filter { !first.contains($0.target) })
        await runPhase(queue, state: &state)
        // Retries: a failed test runs again alone, until it passes or has used its retries.
        while state.abort == nil {
            let retry = expected.filter { test in
                let attempts = state.attempts[test.id] ?? []
                return attempts.last?.attempt.outcome == .failed && attempts.count <= policy.retries && state.final[test.id] == nil
            }
            if retry.isEmpty { break }
            await runPhase(retry.map { [$0] }, state: &state)
        }
        let together = ranFirst.count == expected.count
        return conclude(
            expected, state: state, ranFirst: together ? [] : ranFirst, firstReason: Self.orderNote(firstReason, everything: together && !expected.isEmpty))
    }

    /// The processes `tests` run in: under `process` isolation one per test, the longest known first; under `batch`
    /// the runner's groups.
    func processes(_ tests: [TestCase]) -> [[TestCase]] {
        switch policy.isolation {
        case .batch: return runner.batches(tests)
        case .process: return Self.longestFirst(tests, durations: policy.durations).map { [$0] }
        }
    }

    /// Tests by known duration, longest first, so the last core is not left running one long test alone. Tests with
    /// no known duration (new ones) go first in listed order: they may be long, and are the likeliest to fail.
    static func longestFirst(_ tests: [TestCase], durations: [String: Double]) -> [TestCase] {
        guard !durations.isEmpty else { return tests }
        return tests.enumerated().sorted { left, right in
            let (a, b) = (durations[left.element.id] ?? .infinity, durations[right.element.id] ?? .infinity)
            return a != b ? a > b : left.offset < right.offset
        }.map(\.element)
    }

    struct RunState {
        var attempts: [String: [ObservedAttempt]] = [:]
        /// Statuses settled without a final attempt: `notRun`, and `crashed`/`timedOut` set by a cut attempt.
        var final: [String: TestCaseStatus] = [:]
        var notRunReasons: [String: String] = [:]
        /// Processes that died under several tests, none of which has yet crashed alone.
        var suspectCrashes: [(tests: [String], end: BatchEnd)] = []
        var problems: [String] = []
        /// Phases run so far, so that every process gets its own label (and log file).
        var phases = 0
        var abort: BatchEnd?
    }

    /// Runs batches until every test in them has an outcome: reruns alone what a crash or the watchdog cut short,
    /// and the tests a dead process never started in a new one.
    private func runPhase(_ initial: [[TestCase]], state: inout RunState) async {
        var queue = initial
        var round = 0
        state.phases += 1
        let phase = state.phases
        while !queue.isEmpty, state.abort == nil {
            round += 1
            let limit = policy.caseTimeout
            let reports = await runConcurrently(queue, label: "p\(phase)r\(round)") { running in
                Set(running.filter { $0.value > limit }.keys)
            }
            queue = []
            var regroup: [TestCase] = []
            for (batch, report) in zip(reports.batches, reports.reports) {
                switch report.end {
                case .interrupted, .timeLimit, .failed:
                    state.abort = report.end
                    return
                case .exited, .signalled, .stopped: break
                }
                for (id, observed) in report.finished { state.attempts[id, default: []].append(observed) }
                let byID = Dictionary(batch.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                var cutShort: [String] = []
                for (id, elapsed) in report.unfinished.sorted(by: { $0.key < $1.key }) {
                    if report.cut.contains(id) {
                        let message = "ran longer than the per-test limit of \(GateDuration.format(limit)) and was killed"
                        state.attempts[id, default: []].append(
                            ObservedAttempt(attempt: TestAttempt(durationSeconds: Self.seconds(elapsed), outcome: .timedOut, message: message)))
                        state.final[id] = .timedOut
                    } else if batch.count == 1, report.end != .stopped {
                        state.attempts[id, default: []].append(
                            ObservedAttempt(
                                attempt: TestAttempt(
                                    durationSeconds: Self.seconds(elapsed), outcome: .crashed,
                                    message: report.end.phrase + (report.crashLine.map { ": \($0)" } ?? "")),
                                excerpt: report.outputTail))
                        state.final[id] = .crashed
                    } else {
                        // Cut short by another test's crash or timeout: not one of its attempts; it runs again alone.
                        cutShort.append(id)
                        if let test = byID[id] { queue.append([test]) }
                    }
                }
                if !cutShort.isEmpty, report.end != .stopped { state.suspectCrashes.append((cutShort, report.end)) }
                let notStarted = batch.filter { report.finished[$0.id] == nil && report.unfinished[$0.id] == nil }
                if report.unfinished.isEmpty, let problem = Self.endProblem(report, allReported: notStarted.isEmpty) { state.problems.append(problem) }
                guard !notStarted.isEmpty else { continue }
                let diedEarly: Bool
                switch report.end {
                case .signalled, .stopped: diedEarly = true
                default: diedEarly = !report.unfinished.isEmpty
                }
                let madeProgress = !report.finished.isEmpty || !report.unfinished.isEmpty
                if diedEarly && madeProgress {
                    regroup += notStarted
                } else {
                    for test in notStarted {
                        state.final[test.id] = .notRun
                        state.notRunReasons[test.id] = Self.notRunReason(report.end)
                    }
                }
            }
            if !regroup.isEmpty { queue += processes(regroup) }
        }
    }

    /// A process that died by signal, or exited non-zero with no failed test, after its tests finished: not a pass.
    private static func endProblem(_ report: BatchReport, allReported: Bool) -> String? {
        let names = report.finished.keys.sorted().prefix(3).joined(separator: ", ")
        switch report.end {
        case .signalled where !report.finished.isEmpty:
            return "\(report.end.phrase) while none of its tests was running (after \(names))"
        case .exited(let code) where code != 0 && allReported && !report.finished.values.contains { $0.attempt.outcome == .failed }:
            return "the test process exited with code \(code) although none of its tests (\(names)) failed"
        default: return nil
        }
    }

    private static func notRunReason(_ end: BatchEnd) -> String {
        switch end {
        case .exited(let code): return "the test process exited with code \(code) without reporting this test"
        default: return "\(end.phrase) before this test started"
        }
    }

    private struct Round {
        var batches: [[TestCase]]
        var reports: [BatchReport]
    }

    /// Runs the batches, at most `policy.workers` processes at a time; reports come back in the batches' order.
    private func runConcurrently(
        _ batches: [[TestCase]], label prefix: String, watch: @escaping @Sendable ([String: Duration]) -> Set<String>
    ) async -> Round {
        var reports = [BatchReport?](repeating: nil, count: batches.count)
        await withTaskGroup(of: (Int, BatchReport).self) { group in
            var next = 0
            func launch() {
                let index = next
                next += 1
                let batch = batches[index]
                let label = "\(prefix)b\(index + 1)"
                group.addTask { [observe] in
                    let report = await runner.run(batch, label: label) { running in
                        observe(label, running)
                        return watch(running)
                    }
                    observe(label, [:])
                    return (index, report)
                }
            }
            // One more than the workers: in batches a runner may give one process to a framework that parallelises
            // inside it; with a process per test, one is always ready to run while another is being reaped and read.
            while next < batches.count && next < policy.workers + 1 { launch() }
            for await (index, report) in group {
                reports[index] = report
                if next < batches.count { launch() }
            }
        }
        return Round(batches: batches, reports: reports.map { $0 ?? BatchReport(end: .interrupted) })
    }

    private func conclude(_ expected: [TestCase], state: RunState, ranFirst: [TestCase], firstReason: String?) -> OrchestrationOutcome {
        var cases: [TestCaseResult] = []
        for test in expected {
            let observed = state.attempts[test.id] ?? []
            var result = TestCaseResult(id: test.id, status: .notRun, attempts: observed.map(\.attempt))
            if observed.isEmpty, let abort = state.abort { result.excerpt = ["the run stopped before this test reported: \(abort.phrase)"] }
            if let settled = state.final[test.id] {
                result.status = settled
                if settled == .notRun {
                    result.attempts = []
                    result.excerpt = [state.notRunReasons[test.id] ?? "never reported"]
                }
            } else if let last = observed.last?.attempt.outcome {
                let everFailed = observed.contains { $0.attempt.outcome == .failed }
                switch last {
                case .passed: result.status = everFailed ? .flaky : .passed
                case .failed: result.status = .failed
                case .skipped: result.status = .skipped
                case .timedOut: result.status = .timedOut
                case .crashed: result.status = .crashed
                }
            }
            if let failing = observed.first(where: { $0.attempt.outcome != .passed && $0.attempt.outcome != .skipped }) {
                result.excerpt = failing.excerpt
            }
            cases.append(result)
        }
        let observedStatus = Dictionary(cases.map { ($0.id, $0.status) }, uniquingKeysWith: { first, _ in first })
        for index in cases.indices where [.failed, .flaky, .timedOut, .crashed].contains(cases[index].status) {
            if policy.quarantine.activeEntry(for: cases[index].id, today: today) != nil { cases[index].status = .quarantined }
        }
        let quarantine = policy.quarantine.entries.map { entry in
            QuarantineRecord(
                test: entry.test, owner: entry.owner, reason: entry.reason, expires: entry.expires,
                expired: entry.isExpired(today: today), observedStatus: observedStatus[entry.test])
        }
        let crashedAlone = Set(cases.filter { $0.status == .crashed || $0.status == .quarantined }.map(\.id))
        let problems = state.problems + state.suspectCrashes.filter { crashedAlone.isDisjoint(with: $0.tests) }.map { suspect in
            "\(suspect.end.phrase) while \(suspect.tests.joined(separator: ", ")) ran; none of them crashed when run alone"
        }
        var counts: [String: Int] = [:]
        for result in cases { counts[result.status.rawValue, default: 0] += 1 }
        let record = TestRunRecord(
            listSHA256: Self.listDigest(expected), expected: expected.count, counts: counts, ranFirst: ranFirst.map(\.id),
            ranFirstReason: firstReason, quarantine: quarantine, problems: problems, isolation: policy.isolation)
        return OrchestrationOutcome(cases: cases, record: record, abort: state.abort)
    }
}

extension TestOrchestrator {
    /// Seconds to the millisecond, as the verdict records durations.
    /// When the change's tests are the whole list, nothing ran "first": the note says so.
    static func orderNote(_ reason: String?, everything: Bool) -> String? {
        guard let reason, everything else { return reason }
        return "\(reason); those are all the tests, so they ran together"
    }

    static func seconds(_ duration: Duration) -> Double {
        (GateDuration.seconds(duration) * 1000).rounded() / 1000
    }
}
