import Foundation
import TestOrchestration
import Verdict

/// Follows an XCTest process's console output on Linux (swift-corelibs-xctest), which is the only live record it
/// keeps: `Test Case 'Class.test' started at …`, then `… passed (0.001 seconds)`, `failed` or `skipped`, with
/// failures as `/path/File.swift:12: error: Class.test : message`.
struct XCTestOutputReader {
    /// `Class.test` as the output names it → the id as listed (`Module.Class/test`).
    private let idsByOutputName: [String: String]
    private let repositoryRoot: String
    private(set) var finished: [String: ObservedAttempt] = [:]
    private(set) var started: [String: ContinuousClock.Instant] = [:]
    /// Tests reported in a way XCTest never reports them (started twice, ended without running): another writer is
    /// forging its lines, and nothing this process says can be trusted.
    private(set) var conflicts: [String] = []
    private var current: (id: String, lines: [String], failure: TestAttempt?)?

    init(tests: [TestCase], repositoryRoot: String) {
        var names: [String: String] = [:]
        for test in tests { names[Self.outputName(test.id)] = test.id }
        idsByOutputName = names
        self.repositoryRoot = repositoryRoot
    }

    /// `Module.Class/test` → `Class.test`.
    static func outputName(_ id: String) -> String {
        let withoutModule = id.firstIndex(of: ".").map { String(id[id.index(after: $0)...]) } ?? id
        // A plain character map: Foundation's `replacingOccurrences` costs more than the rest of the reader, once per test process.
        return String(withoutModule.map { $0 == "/" ? "." : $0 })
    }

    mutating func consume(_ lines: [Substring], at now: ContinuousClock.Instant) {
        for line in lines { consume(line, at: now) }
    }

    mutating func consume(_ line: Substring, at now: ContinuousClock.Instant) {
        if let (name, rest) = Self.testCaseLine(line), let id = idsByOutputName[name] {
            if rest.hasPrefix("started") {
                if started[id] != nil || finished[id] != nil { conflicts.append("`\(id)` started twice") }
                started[id] = now
                current = (id, [], nil)
                return
            }
            if let outcome = Self.outcome(rest) {
                if current?.id != id || finished[id] != nil { conflicts.append("`\(id)` ended without running") }
                var attempt = TestAttempt(durationSeconds: Self.reportedSeconds(rest), outcome: outcome)
                if outcome != .passed, current?.id == id, let failure = current?.failure {
                    attempt.message = failure.message
                    attempt.file = failure.file
                    attempt.line = failure.line
                }
                finished[id] = ObservedAttempt(attempt: attempt, excerpt: outcome == .failed ? current?.lines ?? [] : [])
                started[id] = nil
                current = nil
                return
            }
        }
        guard var running = current else { return }
        // Every line a running test prints comes here, a gigabyte of them for a test that floods: the excerpt is full
        // after 40 lines, and a failure line is looked for only in lines naming the test (a byte search).
        guard running.lines.count < 40 || running.failure == nil else { return }
        if running.lines.count < 40 { running.lines.append(String(line.prefix(300))) }
        if running.failure == nil, line.containsBytes(" : "), case let name = Self.outputName(running.id),
            line.contains(name), let failure = Self.failureLine(line, outputName: name, repositoryRoot: repositoryRoot)
        {
            running.failure = failure
        }
        current = running
    }

    private static func outcome(_ rest: Substring) -> TestAttemptOutcome? {
        if rest.hasPrefix("passed") { return .passed }
        if rest.hasPrefix("failed") { return .failed }
        if rest.hasPrefix("skipped") { return .skipped }
        return nil
    }

    /// `Test Case 'Class.test' started at …` → ("Class.test", "started at …").
    private static func testCaseLine(_ line: Substring) -> (String, Substring)? {
        let prefix = "Test Case '"
        guard line.utf8.first == UInt8(ascii: "T"), line.hasPrefix(prefix) else { return nil }
        let afterPrefix = line.dropFirst(prefix.count)
        guard let quote = afterPrefix.firstIndex(of: "'") else { return nil }
        let name = String(afterPrefix[..<quote])
        return (name, afterPrefix[afterPrefix.index(after: quote)...].drop { $0 == " " })
    }

    /// `passed (0.008 seconds)` → 0.008.
    private static func reportedSeconds(_ rest: Substring) -> Double {
        guard let open = rest.firstIndex(of: "("), let space = rest[open...].firstIndex(of: " ") else { return 0 }
        return Double(rest[rest.index(after: open)..<space]) ?? 0
    }

    /// `/path/File.swift:12: error: Class.test : message`, and the skip line `…:12: Class.test : Test skipped - why`.
    private static func failureLine(_ line: Substring, outputName: String, repositoryRoot: String) -> TestAttempt? {
        guard let marker = line.range(of: ": \(outputName) : ") ?? line.range(of: ": error: \(outputName) : ") else { return nil }
        let location = line[..<marker.lowerBound].replacingOccurrences(of: ": error", with: "")
        let message = String(line[marker.upperBound...])
        let parts = location.split(separator: ":")
        let lineNumber = parts.last.flatMap { Int($0) }
        let file = lineNumber == nil ? nil : parts.dropLast().joined(separator: ":")
        return TestAttempt(
            durationSeconds: 0, outcome: .failed, message: String(message.prefix(300)),
            file: file.map { RepositoryPath.relative($0, to: repositoryRoot) }, line: lineNumber)
    }
}
