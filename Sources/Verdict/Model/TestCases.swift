/// The one final status every expected test ends with.
public enum TestCaseStatus: String, Codable, Sendable, CaseIterable, Comparable {
    case passed, failed, flaky, timedOut, crashed, skipped, notRun, quarantined
    /// Declared in a test file the model build left out (it cannot compile here): accounted for, never run, never passed.
    /// Its reason is the first line of the case's excerpt.
    case unavailable

    /// Whether this status, on its own, fails the item. `flaky` depends on the `flaky=` option.
    public var failsItem: Bool {
        switch self {
        case .failed, .timedOut, .crashed, .notRun: return true
        case .passed, .flaky, .skipped, .quarantined, .unavailable: return false
        }
    }

    /// Whether a test with this status ran (or was skipped by its own framework): `unavailable` never did.
    public var ran: Bool {
        switch self {
        case .passed, .failed, .flaky, .timedOut, .crashed, .skipped, .notRun, .quarantined: return true
        case .unavailable: return false
        }
    }

    /// How a summary line names the status: "timed out", "not run".
    public var phrase: String {
        switch self {
        case .passed, .failed, .flaky, .crashed, .skipped, .quarantined, .unavailable: return rawValue
        case .timedOut: return "timed out"
        case .notRun: return "not run"
        }
    }

    public static func < (lhs: TestCaseStatus, rhs: TestCaseStatus) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How one run of one test ended.
public enum TestAttemptOutcome: String, Codable, Sendable {
    case passed, failed, skipped, timedOut, crashed
}

/// One run of one test, in one process.
public struct TestAttempt: Codable, Sendable, Equatable {
    public var durationSeconds: Double
    public var outcome: TestAttemptOutcome
    /// The first failure's message, or why the attempt was cut.
    public var message: String?
    public var file: String?
    public var line: Int?

    public init(durationSeconds: Double, outcome: TestAttemptOutcome, message: String? = nil, file: String? = nil, line: Int? = nil) {
        self.durationSeconds = durationSeconds
        self.outcome = outcome
        self.message = message
        self.file = file
        self.line = line
    }
}

/// One expected test: its final status, every attempt, and the failing attempt's output.
public struct TestCaseResult: Codable, Sendable, Equatable {
    /// As the framework names it: `Module.Class/testMethod`, `Module.Suite/test()`.
    public var id: String
    public var status: TestCaseStatus
    public var attempts: [TestAttempt]
    /// Output of the first failing attempt, kept even when a retry passed.
    public var excerpt: [String]

    public init(id: String, status: TestCaseStatus, attempts: [TestAttempt], excerpt: [String] = []) {
        self.id = id
        self.status = status
        self.attempts = attempts
        self.excerpt = excerpt
    }

    /// The first attempt that did not pass or skip: the one reports show.
    public var firstFailure: TestAttempt? {
        attempts.first { $0.outcome != .passed && $0.outcome != .skipped }
    }
}

/// What the test item ran as a whole: the expected list, what ran first and why, and the quarantine.
public struct TestRunRecord: Codable, Sendable, Equatable {
    /// SHA-256 of the expected list, one test id per line, each line ending in a newline.
    var listSHA256: String
    public var expected: Int
    /// Tests per status, keyed by the status's raw value; statuses no test has are left out.
    public var counts: [String: Int]
    /// Tests that ran before the rest because the change touched their targets (empty when all ran together).
    public var ranFirst: [String]
    /// Why those tests ran first, or why nothing did ("Package.swift changed …", "no file changed …").
    var ranFirstReason: String?
    /// Every quarantine entry of the policy, with whether it applied.
    var quarantine: [QuarantineRecord]
    /// Problems that belong to no single test (a crash no test reproduced alone).
    public var problems: [String]
    /// Set when the run was one shard of a matrix (`run --shard I/N`): the share it ran and the plan's digest.
    public var shard: ShardRecord?
    /// Whether every test ran in a process of its own (`process`) or tests shared processes (`batch`, a weaker
    /// policy); nil in verdicts written before the option existed.
    public var isolation: TestIsolation?
    /// How each test process started: forked from the bundle loaded once, or by executing the bundle; nil in verdicts
    /// written before the fork server existed.
    public var processStart: TestProcessStart?
    /// Where each framework's statuses were read from (never the console, which any test can print into); nil in
    /// verdicts written before it was recorded.
    public var statusChannels: [TestStatusChannel]?

    public init(
        listSHA256: String, expected: Int, counts: [String: Int], ranFirst: [String] = [], ranFirstReason: String? = nil,
        quarantine: [QuarantineRecord] = [], problems: [String] = [], shard: ShardRecord? = nil,
        isolation: TestIsolation? = nil
    ) {
        self.shard = shard
        self.isolation = isolation
        self.listSHA256 = listSHA256
        self.expected = expected
        self.counts = counts
        self.ranFirst = ranFirst
        self.ranFirstReason = ranFirstReason
        self.quarantine = quarantine
        self.problems = problems
    }
}

/// A quarantine entry as the verdict lists it.
public struct QuarantineRecord: Codable, Sendable, Equatable {
    var test: String
    var owner: String
    var reason: String
    /// `YYYY-MM-DD`; the entry applies up to and including this day (UTC).
    var expires: String
    var expired: Bool
    /// The test's status before quarantine was applied; nil when the test is not in the expected list.
    var observedStatus: TestCaseStatus?

    public init(test: String, owner: String, reason: String, expires: String, expired: Bool, observedStatus: TestCaseStatus?) {
        self.test = test
        self.owner = owner
        self.reason = reason
        self.expires = expires
        self.expired = expired
        self.observedStatus = observedStatus
    }
}

/// How the test processes started.
public struct TestProcessStart: Codable, Sendable, Equatable {
    public enum Method: String, Codable, Sendable {
        /// Forked, one per test, from the test bundle loaded once in the sandbox before its `main` ran: every test
        /// starts from the same image in which nothing has run yet.
        case forked
        /// Each process executed the test bundle afresh.
        case executed
    }

    public var method: Method
    /// Why the processes were executed rather than forked.
    public var reason: String?

    public init(method: Method, reason: String? = nil) {
        self.method = method
        self.reason = reason
    }
}

/// Where one test framework's statuses came from.
public struct TestStatusChannel: Codable, Sendable, Equatable {
    public enum Framework: String, Codable, Sendable {
        case xctest = "XCTest"
        case swiftTesting = "Swift Testing"
    }

    public enum Source: String, Codable, Sendable {
        /// Records of cfa-gate's XCTest observer, preloaded into the test bundle, on a pipe the gate created.
        case observer = "xctest-observer"
        /// Swift Testing's JSON event stream, on a pipe the gate created.
        case eventStream = "swift-testing-event-stream"
    }

    public var framework: Framework
    public var source: Source

    public init(framework: Framework, source: Source) {
        self.framework = framework
        self.source = source
    }

    /// For people: "XCTest from cfa-gate's XCTest observer, on a pipe of the gate's".
    public var phrase: String {
        switch source {
        case .observer: "\(framework.rawValue) from cfa-gate's XCTest observer, on a pipe of the gate's"
        case .eventStream: "\(framework.rawValue) from its JSON event stream, on a pipe of the gate's"
        }
    }
}

/// How the test item gave tests processes (checklist option `test-isolation`).
public enum TestIsolation: String, Codable, Sendable, CaseIterable {
    /// Every test in a fresh process of its own: no test's status depends on which tests ran before it.
    case process
    /// Tests shared processes (a whole XCTest class, all Swift Testing tests): a test may pass on state another left.
    case batch
}

extension TestIsolation {
    /// What a test item's summary adds: under `batch` its passes are weaker evidence, and it says so.
    public var summaryNote: String {
        switch self {
        case .process: ""
        case .batch: " (test-isolation=batch: tests shared processes, so a status may depend on the tests run before it)"
        }
    }
}

extension TestProcessStart {
    /// How the processes started, for people: "forked …, one per test" or "executed … (why)".
    public func phrase(isolation: TestIsolation) -> String {
        let each = isolation == .process ? "one per test" : "one per batch"
        switch method {
        case .forked: return "forked from the test bundle loaded once, \(each)"
        case .executed: return "the test bundle executed afresh, \(each)" + (reason.map { " (not forked: \($0))" } ?? "")
        }
    }
}
