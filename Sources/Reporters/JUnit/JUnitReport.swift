import Foundation
import Verdict

/// A verdict as JUnit XML, the test-report format GitLab merge requests and the Jenkins JUnit plugin read.
///
/// Every checklist item is one `<testcase>`; every section is one `<testsuite>` (items without a section go in
/// "Checklist"). Failed items carry `<failure>`, items that could not run `<error>`, skipped and manual items
/// `<skipped>`; the body of a failure or error is the item's evidence (`file:line:column: severity: message`
/// diagnostics, test counts, excerpt lines, logs with their sha256). The first suite's `<properties>` name the
/// commit, tree, branch, checklist and overall result. The output is XML 1.0: markup characters are escaped and
/// characters XML cannot carry (terminal escapes and other control characters) are removed.
enum JUnitReport {
    static func render(_ statement: Statement) -> String {
        let predicate = statement.predicate
        var suites = JUnitSuite.grouping(predicate.items).map { suiteElement($0, startedAt: predicate.startedAt) }
        if !suites.isEmpty {
            suites[0].children.insert(propertiesElement(predicate), at: 0)
        }
        let testSuites = JUnitTestCases.suites(predicate.items, startedAt: predicate.startedAt)
        suites += testSuites.map(\.element)
        var counts = JUnitCounts(predicate.items)
        for suite in testSuites {
            counts.tests += suite.counts.tests
            counts.failures += suite.counts.failures
            counts.skipped += suite.counts.skipped
        }
        let elapsed = predicate.finishedAt.timeIntervalSince(predicate.startedAt)
        let root = JUnitXMLElement(
            name: "testsuites",
            attributes: [("name", "cfa-gate")] + countAttributes(counts, seconds: elapsed),
            children: suites)
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(root.render())\n"
    }

    private static func suiteElement(_ suite: JUnitSuite, startedAt: Date) -> JUnitXMLElement {
        let counts = suite.counts
        return JUnitXMLElement(
            name: "testsuite",
            attributes: [("name", suite.name)] + countAttributes(counts, seconds: counts.seconds)
                + [("timestamp", timestamp(startedAt))],
            children: suite.items.map { testcaseElement($0, classname: suite.classname) })
    }

    private static func countAttributes(_ counts: JUnitCounts, seconds: Double) -> [(name: String, value: String)] {
        [("tests", String(counts.tests)), ("failures", String(counts.failures)), ("errors", String(counts.errors)),
         ("skipped", String(counts.skipped)), ("time", JUnitTime.text(seconds))]
    }

    private static func testcaseElement(_ item: ItemResult, classname: String) -> JUnitXMLElement {
        var testcase = JUnitXMLElement(
            name: "testcase",
            attributes: [("classname", classname), ("name", "\(item.number). \(item.title)"),
                         ("time", JUnitTime.text(item.durationSeconds))])
        let outcome: JUnitXMLElement
        switch item.status {
        case .passed:
            // Readers show a passing case's output on demand; the evidence (test counts, log digests) belongs there.
            outcome = JUnitXMLElement(name: "system-out", attributes: [], text: JUnitEvidenceText.body(for: item))
        case .failed:
            outcome = JUnitXMLElement(
                name: "failure", attributes: [("message", item.summary), ("type", probeName(item.probe))],
                text: JUnitEvidenceText.body(for: item))
        case .error:
            outcome = JUnitXMLElement(
                name: "error", attributes: [("message", item.summary), ("type", probeName(item.probe))],
                text: JUnitEvidenceText.body(for: item))
        case .skipped:
            outcome = JUnitXMLElement(name: "skipped", attributes: [("message", item.summary)])
        case .manual:
            outcome = JUnitXMLElement(name: "skipped", attributes: [("message", manualMessage)])
        }
        testcase.children = [outcome]
        return testcase
    }

    static let manualMessage = "manual: awaiting a person's review"

    /// The probe's name without its arguments: `build -Xswiftc …` → `build`, `command: swiftlint` → `command`.
    static func probeName(_ probe: String) -> String {
        let word = probe.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? probe
        return word.hasSuffix(":") ? String(word.dropLast()) : word
    }

    private static func propertiesElement(_ predicate: GatePredicate) -> JUnitXMLElement {
        var properties: [(String, String)] = [
            ("commit", predicate.repository.commit),
            ("tree", predicate.repository.tree),
        ]
        if let branch = predicate.repository.branch { properties.append(("branch", branch)) }
        properties += [
            ("checklist", predicate.checklist.path),
            ("checklist.sha256", predicate.checklist.sha256),
            ("result", predicate.result.rawValue),
        ]
        return JUnitXMLElement(
            name: "properties", attributes: [],
            children: properties.map { JUnitXMLElement(name: "property", attributes: [("name", $0.0), ("value", $0.1)]) })
    }

    /// `yyyy-MM-ddTHH:mm:ss` in UTC with no zone designator: the form the Ant JUnit schema (and so Jenkins) expects.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let text = String(value ?? 0)
            return text.count < 2 ? "0\(text)" : text
        }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
