import Foundation
import Verdict

/// The per-test results of `test` items, one `<testsuite>` per item and one `<testcase>` per expected test.
///
/// A test's status maps onto what JUnit readers know: `failed`, `timedOut`, `crashed` and `notRun` carry a
/// `<failure>` typed with the status; `skipped`, `quarantined` and `unavailable` a `<skipped>` (a quarantined test's message says so
/// and gives its first failure); a flaky test passes with one `<flakyFailure>` per failed attempt, and a failed test's
/// later failed attempts are `<rerunFailure>`s — the Maven Surefire names that Jenkins and GitLab understand.
enum JUnitTestCases {
    struct Suite {
        var element: JUnitXMLElement
        var counts: JUnitCounts
    }

    static func suites(_ items: [ItemResult], startedAt: Date) -> [Suite] {
        items.compactMap { item in
            guard let cases = item.evidence.testCases, !cases.isEmpty else { return nil }
            var counts = JUnitCounts([])
            counts.tests = cases.count
            let testcases = cases.map { test in
                let seconds = test.attempts.reduce(0) { $0 + JUnitTime.clamped($1.durationSeconds) }
                counts.seconds += seconds
                switch test.status {
                case .failed, .timedOut, .crashed, .notRun: counts.failures += 1
                case .skipped, .quarantined, .unavailable: counts.skipped += 1
                case .passed, .flaky: break
                }
                return testcase(test, seconds: seconds)
            }
            let attributes: [(name: String, value: String)] = [
                ("name", "\(item.number). \(item.title) — tests"), ("tests", String(counts.tests)), ("failures", String(counts.failures)),
                ("errors", "0"), ("skipped", String(counts.skipped)), ("time", JUnitTime.text(counts.seconds)),
                ("timestamp", JUnitReport.timestamp(startedAt)),
            ]
            return Suite(element: JUnitXMLElement(name: "testsuite", attributes: attributes, children: testcases), counts: counts)
        }
    }

    /// `Module.Class/test` → classname `Module.Class`, name `test`.
    private static func testcase(_ test: TestCaseResult, seconds: Double) -> JUnitXMLElement {
        let slash = test.id.firstIndex(of: "/")
        let classname = slash.map { String(test.id[..<$0]) } ?? test.id
        let name = slash.map { String(test.id[test.id.index(after: $0)...]) } ?? test.id
        var element = JUnitXMLElement(
            name: "testcase", attributes: [("classname", classname), ("name", name), ("time", JUnitTime.text(seconds))])
        let failures = test.attempts.filter { $0.outcome != .passed && $0.outcome != .skipped }
        let body = ([failures.first.map(location)].compactMap { $0 } + test.excerpt).joined(separator: "\n")
        switch test.status {
        case .passed: break
        case .failed, .timedOut, .crashed, .notRun:
            let message = failures.first?.message ?? test.excerpt.first ?? test.status.phrase
            element.children.append(
                JUnitXMLElement(name: "failure", attributes: [("message", message), ("type", test.status.rawValue)], text: body))
            element.children += failures.dropFirst().map { attempt($0, as: "rerunFailure") }
        case .flaky:
            element.children += failures.map { attempt($0, as: "flakyFailure") }
        case .skipped:
            element.children.append(JUnitXMLElement(name: "skipped", attributes: test.attempts.last?.message.map { [("message", $0)] } ?? []))
        case .quarantined:
            let first = failures.first?.message.map { ": \($0)" } ?? ""
            element.children.append(JUnitXMLElement(name: "skipped", attributes: [("message", "quarantined\(first)")], text: body))
        case .unavailable:
            let reason = test.excerpt.first.map { ": \($0)" } ?? ""
            element.children.append(JUnitXMLElement(name: "skipped", attributes: [("message", "unavailable\(reason)")]))
        }
        return element
    }

    private static func attempt(_ attempt: TestAttempt, as name: String) -> JUnitXMLElement {
        JUnitXMLElement(
            name: name, attributes: [("message", attempt.message ?? attempt.outcome.rawValue), ("type", attempt.outcome.rawValue)],
            text: location(attempt))
    }

    private static func location(_ attempt: TestAttempt) -> String {
        let place = [attempt.file, attempt.line.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return (place.isEmpty ? "" : "\(place): ") + (attempt.message ?? attempt.outcome.rawValue)
    }
}
