import GateTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import Reporters
@testable import Verdict

/// The JUnit report read back with Foundation's XML parser, as GitLab and Jenkins would read it.
struct JUnitReportTests {
    @Test func failingVerdictHasOneSuitePerSectionWithTheirCounts() throws {
        let root = try JUnitParsedXML.parse(JUnitReport.render(SampleVerdicts.failing))
        #expect(root.name == "testsuites")
        #expect(root.attributes == ["name": "cfa-gate", "tests": "6", "failures": "4", "errors": "0", "skipped": "2", "time": "42.500"])

        let suites = root.children(named: "testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["Screens and ViewModels", "Build, tests and tree", "Custom checks", "Human review"])
        #expect(suites.map { $0.attributes["tests"] } == ["1", "3", "1", "1"])
        #expect(suites.map { $0.attributes["failures"] } == ["1", "3", "0", "0"])
        #expect(suites.map { $0.attributes["skipped"] } == ["0", "0", "1", "1"])
        #expect(suites.map { $0.attributes["time"] } == ["0.400", "38.750", "0.000", "0.000"])
        #expect(suites.allSatisfy { $0.attributes["timestamp"] == "2026-11-18T11:06:40" })

        let cases = suites.flatMap { $0.children(named: "testcase") }
        #expect(cases.map { $0.attributes["name"] } == [
            "1. Each screen owns a private, dedicated ViewModel", "24. The package builds",
            "25. The tests pass at the final commit", "26. The working tree is clean at the final commit",
            "28. The linter is happy", "27. A person has reviewed the change as one feature slice",
        ])
        #expect(cases.map { $0.attributes["classname"] } == [
            "cfa-gate.screens-and-viewmodels", "cfa-gate.build-tests-and-tree", "cfa-gate.build-tests-and-tree",
            "cfa-gate.build-tests-and-tree", "cfa-gate.custom-checks", "cfa-gate.human-review",
        ])
        #expect(cases.map { $0.attributes["time"] } == ["0.400", "30.750", "8.000", "0.000", "0.000", "0.000"])
    }

    @Test func failuresCarryTheSummaryTheProbeAndTheEvidence() throws {
        let root = try JUnitParsedXML.parse(JUnitReport.render(SampleVerdicts.failing))
        let failures = root.descendants(named: "failure")
        #expect(failures.map { $0.attributes["type"] } == ["cfa", "build", "test", "git-clean"])
        #expect(failures[1].attributes["message"] == SampleVerdicts.failing.predicate.items[1].summary)

        #expect(failures[0].text.contains("Sources/App/1 - View/Views/Orders/OrdersView.swift:12:5: error: CFA-VIEWMODEL-INLINE: OrdersView creates"))
        #expect(failures[1].text.contains("probe: build -Xswiftc -warnings-as-errors"))
        #expect(failures[1].text.contains("Sources/App/Orders.swift:3:9: error: cannot find 'x' in scope"))
        #expect(failures[1].text.contains("log: \(SampleVerdicts.commit).logs/24-build.log (4096 bytes, sha256 \(String(repeating: "2", count: 64)))"))
        #expect(failures[2].text.contains("tests: 30 passed, 2 failed, 1 skipped"))
        #expect(failures[2].text.contains("Tests/AppTests/OrdersFeatureTests.swift:41:9: error: AppTests.OrdersFeatureTests/placesOrder(): Expectation failed: (total → 4) == 5"))
        #expect(failures[3].text.contains("README.md: error: modified (unstaged): README.md"))
    }

    @Test func skippedAndManualItemsAreSkippedWithTheirReason() throws {
        let root = try JUnitParsedXML.parse(JUnitReport.render(SampleVerdicts.failing))
        #expect(root.descendants(named: "skipped").map { $0.attributes["message"] } == [
            "not run: the build did not pass (item 24)", "manual: awaiting a person's review",
        ])
    }

    @Test func anUnavailableTestIsSkippedWithItsReason() {
        let unavailable = TestCaseResult(
            id: "HabitsTests.BadgeTests/testTint", status: .unavailable, attempts: [], excerpt: ["HabitsTests/BadgeTests.swift imports SwiftUI"])
        let item = ItemResult(
            number: 25, title: "Tests pass", probe: "test", status: .passed, summary: "0 passed, 1 unavailable", durationSeconds: 1,
            evidence: Evidence(testCases: [unavailable]))
        let suite = JUnitTestCases.suites([item], startedAt: Date(timeIntervalSince1970: 0))
        #expect(suite.first?.counts.skipped == 1 && suite.first?.counts.failures == 0)
        let skipped = suite.first?.element.children.first?.children.first
        #expect(skipped?.name == "skipped")
        #expect(skipped?.attributes.first?.value == "unavailable: HabitsTests/BadgeTests.swift imports SwiftUI")
    }

    @Test func propertiesOnTheFirstSuiteNameTheCommitAndResult() throws {
        let root = try JUnitParsedXML.parse(JUnitReport.render(SampleVerdicts.failing))
        let suites = root.children(named: "testsuite")
        let properties = try #require(suites.first?.children(named: "properties").first).children(named: "property")
        let values = Dictionary(uniqueKeysWithValues: properties.compactMap { property in
            property.attributes["name"].map { ($0, property.attributes["value"] ?? "") }
        })
        #expect(values == [
            "commit": SampleVerdicts.commit, "tree": SampleVerdicts.tree, "branch": "feature/orders",
            "checklist": "gate/cfa-change-gate.md", "checklist.sha256": String(repeating: "ab", count: 32), "result": "failed",
        ])
        #expect(suites.dropFirst().allSatisfy { $0.children(named: "properties").isEmpty })
    }

    @Test func anItemThatCouldNotRunIsAnErrorWithItsExcerpt() throws {
        let root = try JUnitParsedXML.parse(JUnitReport.render(SampleVerdicts.errored))
        #expect(root.attributes["errors"] == "1")
        #expect(root.attributes["failures"] == "0")
        #expect(root.attributes["skipped"] == "2")
        let error = try #require(root.descendants(named: "error").first)
        #expect(error.attributes["type"] == "build")
        #expect(error.attributes["message"] == "timed out after 30m running `swift build`; the process group was killed")
        #expect(error.text.contains("| [412/980] Compiling App Orders.swift\n| <stuck> & waiting"))
    }

    @Test func passingItemsKeepTheirEvidenceInSystemOut() throws {
        let root = try JUnitParsedXML.parse(JUnitReport.render(SampleVerdicts.passing))
        #expect(root.attributes["failures"] == "0")
        #expect(root.attributes["errors"] == "0")
        #expect(root.attributes["skipped"] == "2")
        #expect(root.descendants(named: "failure").isEmpty)
        let outputs = root.descendants(named: "system-out").map(\.text)
        #expect(outputs.count == 3)
        #expect(outputs.contains { $0.contains("tests: 32 passed, 0 failed, 0 skipped") })
        #expect(outputs.contains { $0.contains("sha256 \(String(repeating: "1", count: 64))") })
    }

    @Test func awkwardTextRoundTripsWithoutTheCharactersXMLCannotHold() throws {
        let readable = SampleVerdicts.awkwardMessage.replacingOccurrences(of: "\u{1B}", with: "").replacingOccurrences(of: "\u{07}", with: "")
        let xml = JUnitReport.render(SampleVerdicts.failing)
        #expect(!xml.contains("\u{1B}") && !xml.contains("\u{07}"))
        #expect(xml.contains("🚦"))

        let failures = try JUnitParsedXML.parse(xml).descendants(named: "failure")
        #expect(failures[0].text.hasSuffix("CFA-VIEWMODEL-ADJACENT: \(readable)"))
        #expect(failures[2].text.contains("error: AppTests.LegacyXCTests.testSync: \(readable)"))
    }

    @Test func awkwardTextInAttributesKeepsItsLineBreaksAndQuotes() throws {
        let awkward = SampleVerdicts.awkwardMessage + "\ttab\r\nCRLF \u{FFFE}"
        let readable = awkward.unicodeScalars.filter { !["\u{1B}", "\u{07}", "\u{FFFE}"].contains($0) }
        let item = ItemResult(
            number: 3, title: awkward, section: awkward, probe: "command: printf '\\a'", status: .failed,
            summary: awkward, durationSeconds: 1)
        let statement = SampleVerdicts.statement(result: .failed, items: [item], awaiting: [])
        let root = try JUnitParsedXML.parse(JUnitReport.render(statement))

        let suite = try #require(root.children(named: "testsuite").first)
        #expect(suite.attributes["name"] == String(readable))
        let testcase = try #require(suite.children(named: "testcase").first)
        #expect(testcase.attributes["name"] == "3. \(String(readable))")
        #expect(testcase.attributes["classname"] == "cfa-gate.expected-5-but-got-4-100-wrong-a-b-tag-more-second-line-31m-tab-crlf")
        let failure = try #require(testcase.children(named: "failure").first)
        #expect(failure.attributes["message"] == String(readable))
        #expect(failure.attributes["type"] == "command")
        #expect(failure.text == "probe: command: printf '\\a'\n\(String(readable))")
    }

    @Test func itemsWithoutASectionShareTheChecklistSuiteAndARepeatedSectionStaysOneSuite() throws {
        func item(_ number: Int, _ section: String?) -> ItemResult {
            ItemResult(number: number, title: "Item \(number)", section: section, probe: "manual", status: .manual, summary: "", durationSeconds: 0)
        }
        let statement = SampleVerdicts.statement(
            result: .passed, items: [item(1, nil), item(2, "Build"), item(3, nil), item(4, "Build"), item(5, "🚦")], awaiting: [])
        let suites = try JUnitParsedXML.parse(JUnitReport.render(statement)).children(named: "testsuite")
        #expect(suites.map { $0.attributes["name"] } == ["Checklist", "Build", "🚦"])
        #expect(suites.map { $0.children(named: "testcase").compactMap { $0.attributes["name"] } } == [
            ["1. Item 1", "3. Item 3"], ["2. Item 2", "4. Item 4"], ["5. Item 5"],
        ])
        #expect(suites.map { $0.children(named: "testcase").first?.attributes["classname"] } == [
            "cfa-gate.checklist", "cfa-gate.build", "cfa-gate.checklist",
        ])
    }

    @Test func badDurationsBecomeZeroAndTimesAreLocaleFree() {
        #expect(JUnitTime.text(.nan) == "0.000")
        #expect(JUnitTime.text(-.infinity) == "0.000")
        #expect(JUnitTime.text(-3) == "0.000")
        #expect(JUnitTime.text(1800) == "1800.000")
        #expect(JUnitTime.text(0.0004) == "0.000")
        #expect(JUnitTime.text(12.3456) == "12.346")
        #expect(JUnitTime.text(.greatestFiniteMagnitude) == "1000000000.000")
    }

    @Test func probeNameIsTheFirstWordOfTheBinding() {
        #expect(JUnitReport.probeName("build -Xswiftc -warnings-as-errors") == "build")
        #expect(JUnitReport.probeName("command: swiftlint --strict") == "command")
        #expect(JUnitReport.probeName("git-clean") == "git-clean")
    }

    /// Shows the checks above have teeth: the parser the tests use refuses exactly what the report removes.
    @Test func theTestParserRejectsControlCharactersAndBareMarkup() {
        #expect(throws: JUnitParsedXML.Malformed.self) { try JUnitParsedXML.parse("<a>\u{1B}[31m</a>") }
        #expect(throws: JUnitParsedXML.Malformed.self) { try JUnitParsedXML.parse("<a b=\"x\"y\"/>") }
        #expect(throws: JUnitParsedXML.Malformed.self) { try JUnitParsedXML.parse("<a>x & y</a>") }
    }

    @Test func escapingCoversMarkupAndWhitespaceInAttributes() {
        #expect(JUnitXMLEscaping.attribute("a&b<c>\"d'e\nf\tg\rh") == "a&amp;b&lt;c&gt;&quot;d&apos;e&#10;f&#9;g&#13;h")
        #expect(JUnitXMLEscaping.text("a&b<c>\"d'e\nf\tg\rh") == "a&amp;b&lt;c&gt;&quot;d&apos;e\nf\tg&#13;h")
        #expect(JUnitXMLEscaping.text("x\u{0}\u{8}\u{B}\u{C}\u{1F}\u{FFFE}\u{FFFF}y\u{85}🚦") == "xy\u{85}🚦")
    }
}

/// A minimal DOM built with Foundation's `XMLParser`, so the tests read the report the way a CI server does and
/// fail on anything that is not well-formed XML.
struct JUnitParsedXML {
    var name: String
    var attributes: [String: String]
    var children: [JUnitParsedXML] = []
    var text = ""

    func children(named name: String) -> [JUnitParsedXML] { children.filter { $0.name == name } }

    func descendants(named name: String) -> [JUnitParsedXML] {
        children.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(named: name) }
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    static func parse(_ xml: String) throws -> JUnitParsedXML {
        let parser = XMLParser(data: Data(xml.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw Malformed(description: "not well-formed XML: \(parser.parserError.map(String.init(describing:)) ?? "no root element")")
        }
        return root
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [JUnitParsedXML] = []
        var root: JUnitParsedXML?

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            stack.append(JUnitParsedXML(name: elementName, attributes: attributes))
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard !stack.isEmpty else { return }
            stack[stack.count - 1].text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty {
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
    }
}
