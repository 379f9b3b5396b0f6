import Verdict

/// One test a runner can run on its own: its id as the framework names it, and the test target it lives in.
public struct TestCase: Sendable, Hashable {
    public var id: String
    /// The test target (module) the test belongs to; the unit "the change's tests first" works with.
    var target: String

    public init(id: String, target: String) {
        self.id = id
        self.target = target
    }
}

/// A test attempt as a runner saw it, with the test's own output when the runner can tell it apart.
public struct ObservedAttempt: Sendable, Equatable {
    var attempt: TestAttempt
    var excerpt: [String]

    public init(attempt: TestAttempt, excerpt: [String] = []) {
        self.attempt = attempt
        self.excerpt = excerpt
    }
}

/// How the process that ran a batch ended.
public enum BatchEnd: Sendable, Equatable {
    /// It exited by itself with this code (XCTest exits 1 when a test failed: that is not a crash).
    case exited(Int32)
    case signalled(Int32)
    /// The orchestrator's watchdog had it killed.
    case stopped
    /// Ctrl-C, or the run was cancelled: the whole test item stops.
    case interrupted
    /// The test item's own time limit ran out.
    case timeLimit
    /// The runner could not launch it or could not read what it reported (an unknown event stream version).
    case failed(String)

    /// One line for an attempt that the process's end cut short.
    public var phrase: String {
        switch self {
        case .exited(let code): return "the test process exited with code \(code) before the test finished"
        case .signalled(let signal): return "the test process was killed by signal \(signal)\(SignalName.suffix(signal))"
        case .stopped: return "the test process was stopped by the watchdog"
        case .interrupted: return "the run was interrupted"
        case .timeLimit: return "the test item's time limit ran out"
        case .failed(let reason): return reason
        }
    }
}

/// What one process told about the tests it was given.
public struct BatchReport: Sendable, Equatable {
    /// Tests that finished, by id.
    var finished: [String: ObservedAttempt]
    /// Tests that started and never finished, with how long each had been running when the process ended.
    var unfinished: [String: Duration]
    /// Tests the watchdog cut (a subset of `unfinished`).
    var cut: Set<String>
    var end: BatchEnd
    /// The last lines of the process's output, for a crash's excerpt.
    var outputTail: [String]
    /// The one line of output that says why the process died (`File.swift:12: Fatal error: …`), when there is one.
    var crashLine: String?

    public init(
        finished: [String: ObservedAttempt] = [:], unfinished: [String: Duration] = [:], cut: Set<String> = [], end: BatchEnd,
        outputTail: [String] = [], crashLine: String? = nil
    ) {
        self.crashLine = crashLine
        self.finished = finished
        self.unfinished = unfinished
        self.cut = cut
        self.end = end
        self.outputTail = outputTail
    }
}

/// Why a runner could not produce the expected list.
public struct TestRunnerError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var excerpt: [String]

    public init(_ message: String, excerpt: [String] = []) {
        self.message = message
        self.excerpt = excerpt
    }

    public var description: String { message }
}

/// The per-runner part of test orchestration: list the tests, group them into processes, run one process.
///
/// Everything else (the expected list, statuses, attempts, the watchdog's policy, crash isolation, retries,
/// quarantine) is the orchestrator's and does not depend on the runner: a SwiftPM runner and an
/// `xcodebuild`/`.xcresult` runner answer the same three questions.
public protocol TestRunner: Sendable {
    /// Every test the built product contains, each id once, in a stable order.
    func listTests() async throws(TestRunnerError) -> [TestCase]

    /// Splits tests into groups that run at the same time, each group in one process (`test-isolation=batch` only:
    /// under `process` isolation the orchestrator gives every test its own process).
    func batches(_ tests: [TestCase]) -> [[TestCase]]

    /// Runs `tests` in one fresh process. While it runs, `watch` is called every few milliseconds with the tests
    /// still running and how long each has run; when it returns a non-empty set, the runner kills the process,
    /// reports `.stopped` and lists those tests in `cut`.
    func run(_ tests: [TestCase], label: String, watch: @escaping @Sendable ([String: Duration]) -> Set<String>) async -> BatchReport
}
