import Foundation
import Verdict

/// Reads the Swift Testing event stream (`--experimental-event-stream-output`, JSON Lines).
///
/// The stream names every test and every recorded issue with its source location, which the
/// Swift Testing xUnit file leaves out. Records are decoded leniently: unknown kinds and fields are
/// ignored so that a newer toolchain's additions do not break the gate.
enum SwiftTestingEvents {
    static func report(fromJSONLines data: Data, repositoryRoot: String) -> TestReport? {
        var functions = Set<String>()
        var started = Set<String>()
        var skipped = Set<String>()
        var failedTests = Set<String>()
        var failures: [Diagnostic] = []
        let decoder = JSONDecoder()
        var sawRecord = false

        for line in data.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            guard let record = try? decoder.decode(Record.self, from: Data(line)) else { continue }
            sawRecord = true
            let payload = record.payload
            if record.kind == "test" {
                if payload.kind == "function", let id = payload.id { functions.insert(id) }
                continue
            }
            guard record.kind == "event", let testID = payload.testID else { continue }
            switch payload.kind {
            case "testStarted": started.insert(testID)
            case "testSkipped": skipped.insert(testID)
            case "issueRecorded":
                guard payload.issue?.isKnown != true, payload.issue?.severity != "warning" else { continue }
                failedTests.insert(testID)
                failures.append(failure(testID: testID, payload: payload, repositoryRoot: repositoryRoot))
            default: break
            }
        }
        guard sawRecord else { return nil }
        // Suites start and end too; only test functions count as tests.
        let executed = started.intersection(functions)
        let failedFunctions = failedTests.intersection(functions)
        return TestReport(
            passed: executed.subtracting(failedFunctions).count, failed: failedFunctions.count,
            skipped: skipped.intersection(functions).subtracting(executed).count, failures: failures)
    }

    private static func failure(testID: String, payload: Payload, repositoryRoot: String) -> Diagnostic {
        let location = payload.issue?.sourceLocation
        let texts = (payload.messages ?? []).filter { $0.symbol != "default" }.map(\.text)
        return Diagnostic(
            kind: .test, file: location?.filePath.map { RepositoryPath.relative($0, to: repositoryRoot) } ?? location?.fileID,
            line: location?.line, column: location?.column, severity: "error", name: displayName(testID),
            message: OutputExcerpt.clip(texts.isEmpty ? "issue recorded" : texts.joined(separator: " — ")))
    }

    /// `Module.Suite/test()/File.swift:5:4` → `Module.Suite/test()`.
    static func displayName(_ testID: String) -> String {
        var parts = testID.split(separator: "/")
        if parts.count > 1, let last = parts.last, last.contains(".swift:") { parts.removeLast() }
        return parts.joined(separator: "/")
    }

    private struct Record: Decodable {
        var kind: String
        var payload: Payload
    }

    private struct Payload: Decodable {
        var kind: String?
        var id: String?
        var testID: String?
        var issue: Issue?
        var messages: [Message]?
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
        var column: Int?

        enum CodingKeys: String, CodingKey {
            case filePath = "_filePath", fileID, line, column
        }
    }

    private struct Message: Decodable {
        var symbol: String
        var text: String
    }
}
