import Foundation
import TestOrchestration
import Verdict

/// Follows the records the XCTest observer (`libCFAGateXCTestObserver.so`, Sources/XCTestObserver) writes on a pipe the
/// gate created for one test process: the only evidence of an XCTest status. The console output is a log: a test can
/// print XCTest's `Test Case '…' passed` lines for itself and its neighbours, and they change nothing.
///
/// The observer numbers its records from 1 and never writes one that is malformed, out of order, longer than
/// `maximumRecordLength`, or that contradicts XCTest (a test started twice, ended without starting, passed after
/// recording a failure): such a record was written by something else in the process, and none of the process's
/// results are trusted (`conflicts`).
struct XCTestChannelReader {
    /// The observer's `ChannelObserver.maximumRecordLength`, with its newline: one pipe write, never interleaved.
    static let maximumRecordLength = 4096
    /// The first lines of a failing test's issues kept for its excerpt.
    static let excerptLines = 40

    /// `Class.test` as XCTest names it → the id as listed (`Module.Class/test`).
    private let idsByName: [String: String]
    private let repositoryRoot: String
    private(set) var finished: [String: ObservedAttempt] = [:]
    private(set) var started: [String: ContinuousClock.Instant] = [:]
    private(set) var conflicts: [String] = []
    /// The failures each test recorded so far: the first one's place and message, and the lines of all of them.
    private(set) var issues: [String: (attempt: TestAttempt, lines: [String])] = [:]
    /// The tests that finished failed, in the order they finished.
    private(set) var failed: [String] = []
    private var sequence = 0

    init(tests: [TestCase], repositoryRoot: String) {
        var names: [String: String] = [:]
        for test in tests { names[Self.xctestName(test.id)] = test.id }
        idsByName = names
        self.repositoryRoot = repositoryRoot
    }

    /// `Module.Class/test` → `Class.test`, as `XCTestCase.name` is on Linux.
    static func xctestName(_ id: String) -> String {
        let withoutModule = id.firstIndex(of: ".").map { String(id[id.index(after: $0)...]) } ?? id
        // A plain character map: Foundation's `replacingOccurrences` costs more than the rest of the reader, once per test process.
        return String(withoutModule.map { $0 == "/" ? "." : $0 })
    }

    mutating func consume(_ lines: [Substring], at now: ContinuousClock.Instant) {
        for line in lines { consume(LineSplitter.Line(text: line, overlong: false), at: now) }
    }

    mutating func consume(_ line: LineSplitter.Line, at now: ContinuousClock.Instant) {
        guard !line.overlong else {
            return conflicts.append("a record longer than \(Self.maximumRecordLength) bytes on its XCTest channel")
        }
        let fields = line.text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 3, let number = Int(fields[0]), number == sequence + 1 else {
            return conflicts.append("a record out of sequence or unreadable on its XCTest channel (record \(sequence + 1) expected)")
        }
        sequence = number
        // XCTest runs only the tests it was given; a record of another one gives no status to any of them.
        guard let id = idsByName[Self.unescaped(fields[2])] else { return }
        switch (fields[1], fields.count) {
        case ("started", 3):
            if started[id] != nil || finished[id] != nil { conflicts.append("`\(id)` started twice") }
            started[id] = now
        case ("issue", 6):
            guard started[id] != nil, let lineNumber = Int(fields[3]) else { return conflicts.append("an issue of `\(id)` while it was not running") }
            record(issue: Self.unescaped(fields[5]), file: Self.unescaped(fields[4]), line: lineNumber, of: id)
        case ("finished", 5):
            guard started[id] != nil, finished[id] == nil else { return conflicts.append("`\(id)` ended without running") }
            guard let seconds = Double(fields[4]), let outcome = Self.outcome(fields[3]) else {
                return conflicts.append("an unreadable end of `\(id)` on its XCTest channel")
            }
            let failure = issues[id]
            if outcome == .passed, failure != nil { return conflicts.append("`\(id)` passed after recording a failure") }
            // A skip after a recorded failure is a failure: it was never shown to pass.
            var attempt = failure?.attempt ?? TestAttempt(durationSeconds: 0, outcome: outcome)
            attempt.durationSeconds = seconds
            finished[id] = ObservedAttempt(attempt: attempt, excerpt: failure?.lines ?? [])
            if attempt.outcome == .failed { failed.append(id) }
            started[id] = nil
        default:
            conflicts.append("a record XCTest's observer never writes on its XCTest channel (`\(fields[1])`)")
        }
    }

    /// An unfinished test that had recorded a failure when its process ended: failed, with that failure and how the
    /// process ended (`then`). Nil when it recorded none.
    func failure(ofUnfinished id: String, then ending: String) -> ObservedAttempt? {
        guard started[id] != nil, let failure = issues[id] else { return nil }
        var attempt = failure.attempt
        attempt.message = "\(attempt.message ?? "failed") — then \(ending)"
        return ObservedAttempt(attempt: attempt, excerpt: failure.lines)
    }

    private mutating func record(issue message: String, file: String, line: Int, of id: String) {
        let text = OutputExcerpt.clip(message)
        if var failure = issues[id] {
            // The excerpt keeps the first lines; a test recording a million failures costs no more memory.
            if failure.lines.count < Self.excerptLines { failure.lines.append(text) }
            issues[id] = failure
            return
        }
        let attempt = TestAttempt(
            durationSeconds: 0, outcome: .failed, message: String(message.prefix(300)),
            file: file.isEmpty ? nil : RepositoryPath.relative(file, to: repositoryRoot), line: file.isEmpty ? nil : line)
        issues[id] = (attempt, [text])
    }

    private static func outcome(_ field: Substring) -> TestAttemptOutcome? {
        switch field {
        case "passed": .passed
        case "failed": .failed
        case "skipped": .skipped
        default: nil
        }
    }

    /// Undoes the observer's escapes of `\`, tab, newline and carriage return.
    static func unescaped(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var text = ""
        var escaping = false
        for character in field {
            if escaping {
                switch character {
                case "t": text.append("\t")
                case "n": text.append("\n")
                case "r": text.append("\r")
                default: text.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
