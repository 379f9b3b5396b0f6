import Checklist
import Foundation
import TestOrchestration
import Verdict

/// Follows Swift Testing's event stream (JSON Lines from `--event-stream-output-path`), live.
///
/// The schema version is pinned: the runner asks for `pinnedVersion` and every record must say so. A record of
/// any other version is an error, never a guess: fields may have moved and a wrong reading could turn a failure
/// into a pass.
struct SwiftTestingStream {
    static let pinnedVersion = "0"
    /// The longest record read whole; Swift Testing's own records are a few hundred bytes, a few kilobytes with a
    /// long issue message. A longer one is cut there: a protocol error for its test, never an allocation.
    static let maximumRecordLength = 1 << 20

    /// A listed test function: the full id (with its source location, which `--filter` needs) and its file.
    struct ListedFunction: Equatable {
        var fullID: String
    }

    struct UnknownVersion: Error, Equatable {
        var version: String
    }

    /// Full id (`Module.Suite/test()/File.swift:5:4`) → the id the verdict uses.
    private let idsByFullID: [String: String]
    private let repositoryRoot: String
    private(set) var finished: [String: ObservedAttempt] = [:]
    private(set) var started: [String: ContinuousClock.Instant] = [:]
    /// Tests the stream reports in a way Swift Testing never does (started twice, ended without starting): something
    /// else is writing to the stream, and nothing in it can be trusted.
    private(set) var conflicts: [String] = []
    private var startInstants: [String: Double] = [:]
    private var failures: [String: (attempt: TestAttempt, lines: [String])] = [:]
    private(set) var functions: [String] = []
    private(set) var records = 0
    /// Tests whose stream broke the protocol (an overlong record): already failed, the rest of their stream ignored.
    private var ignored: Set<String> = []
    private let decoder = JSONDecoder()

    init(idsByFullID: [String: String] = [:], repositoryRoot: String) {
        self.idsByFullID = idsByFullID
        self.repositoryRoot = repositoryRoot
    }

    /// `Module.Suite/test()/File.swift:5:4` → `Module.Suite/test()`.
    static func displayName(_ fullID: String) -> String {
        var parts = fullID.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 1, let last = parts.last, last.contains(".swift:") { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    mutating func consume(_ lines: [Substring], at now: ContinuousClock.Instant) throws(UnknownVersion) {
        for line in lines { try consume(LineSplitter.Line(text: line, overlong: false), at: now) }
    }

    mutating func consume(_ line: LineSplitter.Line, at now: ContinuousClock.Instant) throws(UnknownVersion) {
        guard !line.overlong else { return overlong(line) }
        let text = line.text
        guard !text.isEmpty else { return }
        // Foundation's JSON parser refuses nesting past 512 levels with an error, never a crash: such a record is unreadable.
        guard let record = try? decoder.decode(Record.self, from: Data(text.utf8)) else {
            // Swift Testing writes whole JSON lines only; anything else was written by someone else.
            conflicts.append("an unreadable line in its event stream")
            return
        }
        records += 1
        guard record.version == Self.pinnedVersion else { throw UnknownVersion(version: record.version) }
        consume(record, at: now)
    }

    /// A record longer than `maximumRecordLength`: its test (named in the part kept of it) fails with a protocol error,
    /// and what the stream says of that test afterwards is ignored. When no test can be named, every test running
    /// then fails the same way: a record nobody can read is never a pass.
    private mutating func overlong(_ line: LineSplitter.Line) {
        let limit = ByteSize.format(Int64(Self.maximumRecordLength))
        let named = [Self.testID(in: line.text), line.end.flatMap(Self.testID(in:))].compactMap { $0 }.compactMap { idsByFullID[$0] }
        let victims = named.isEmpty ? Array(started.keys) : [named[0]]
        guard !victims.isEmpty else {
            conflicts.append("an event stream record longer than \(limit) while none of its tests was running")
            return
        }
        for id in victims {
            finished[id] = ObservedAttempt(attempt: TestAttempt(
                durationSeconds: 0, outcome: .failed,
                message: "wrote an event stream record longer than \(limit) (a protocol error); the record was not read"))
            started[id] = nil
            ignored.insert(id)
        }
    }

    /// The `"testID":"…"` value in a piece of a record, JSON escapes of `/` and `"` undone.
    static func testID(in text: Substring) -> String? {
        guard let key = text.range(of: "\"testID\":\"") else { return nil }
        var id = ""
        var escaped = false
        for character in text[key.upperBound...] {
            if escaped {
                id.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return id
            } else {
                id.append(character)
            }
        }
        return nil
    }

    private mutating func consume(_ record: Record, at now: ContinuousClock.Instant) {
        let payload = record.payload
        if record.kind == "test" {
            if payload.kind == "function", let id = payload.id { functions.append(id) }
            return
        }
        guard record.kind == "event", let fullID = payload.testID, let id = idsByFullID[fullID], !ignored.contains(id) else { return }
        switch payload.kind {
        case "testStarted":
            if started[id] != nil || finished[id] != nil { conflicts.append("`\(id)` started twice") }
            started[id] = now
            startInstants[id] = payload.instant?.absolute
        case "testSkipped":
            finished[id] = ObservedAttempt(
                attempt: TestAttempt(durationSeconds: 0, outcome: .skipped, message: payload.messages?.first?.text))
        case "issueRecorded":
            guard payload.issue?.isKnown != true, payload.issue?.severity != "warning" else { return }
            let texts = (payload.messages ?? []).map { OutputExcerpt.clip($0.text) }
            if var failure = failures[id] {
                // The excerpt keeps the first lines; a test recording a million issues costs no more memory.
                failure.lines += texts.prefix(max(0, 40 - failure.lines.count))
                failures[id] = failure
                return
            }
            let location = payload.issue?.sourceLocation ?? payload.sourceLocation
            let details = texts.filter { !$0.isEmpty }
            let attempt = TestAttempt(
                durationSeconds: 0, outcome: .failed, message: details.isEmpty ? "issue recorded" : String(details.joined(separator: " — ").prefix(300)),
                file: location?.filePath.map { RepositoryPath.relative($0, to: repositoryRoot) } ?? location?.fileID, line: location?.line)
            failures[id] = (attempt, texts)
        case "testEnded":
            if started[id] == nil || finished[id] != nil { conflicts.append("`\(id)` ended without running") }
            var attempt = failures[id]?.attempt ?? TestAttempt(durationSeconds: 0, outcome: .passed)
            if let begin = startInstants[id], let end = payload.instant?.absolute {
                attempt.durationSeconds = ((end - begin) * 1000).rounded() / 1000
            }
            finished[id] = ObservedAttempt(attempt: attempt, excerpt: Array((failures[id]?.lines ?? []).prefix(40)))
            started[id] = nil
        default: break
        }
    }

    private struct Record: Decodable {
        var kind: String
        var payload: Payload
        var version: String

        enum CodingKeys: String, CodingKey { case kind, payload, version }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(String.self, forKey: .kind)
            payload = try container.decode(Payload.self, forKey: .payload)
            // Up to Swift 6.2 the version is a number; from 6.3 a string such as "6.3.0".
            if let number = try? container.decode(Int.self, forKey: .version) {
                version = String(number)
            } else {
                version = (try? container.decode(String.self, forKey: .version)) ?? "(none)"
            }
        }
    }

    private struct Payload: Decodable {
        var kind: String?
        var id: String?
        var testID: String?
        var instant: Instant?
        var issue: Issue?
        var messages: [Message]?
        var sourceLocation: SourceLocation?

        enum CodingKeys: String, CodingKey {
            case kind, id, testID, instant, issue, messages
            case sourceLocation = "_sourceLocation"
        }
    }

    private struct Instant: Decodable {
        var absolute: Double
    }

    private struct Issue: Decodable {
        var isKnown: Bool?
        var severity: String?
        var sourceLocation: SourceLocation?
    }

    private struct SourceLocation: Decodable {
        var filePath: String?
        var fileID: String?
        var line: Int?

        enum CodingKeys: String, CodingKey {
            case filePath = "_filePath", fileID, line
        }
    }

    private struct Message: Decodable {
        var symbol: String
        var text: String
    }
}
