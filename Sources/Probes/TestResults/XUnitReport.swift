import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Verdict

/// Reads the xUnit XML that `swift test --parallel --xunit-output` writes for XCTest.
enum XUnitReport {
    struct TestCase: Equatable {
        var className: String
        var name: String
        var failureMessage: String?
        var skipped: Bool
    }

    static func parse(_ data: Data) -> [TestCase]? {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        // A truncated file can parse without an error report; only a closed root element is complete.
        return parser.parse() && reader.closedRoot ? reader.cases : nil
    }

    static func report(from cases: [TestCase], consoleLog: String, repositoryRoot: String) -> TestReport {
        var report = TestReport()
        for testCase in cases {
            if testCase.skipped {
                report.skipped += 1
            } else if let message = testCase.failureMessage {
                report.failed += 1
                report.failures.append(failure(for: testCase, message: message, consoleLog: consoleLog, repositoryRoot: repositoryRoot))
            } else {
                report.passed += 1
            }
        }
        return report
    }

    /// XCTest's xUnit on Linux says only "failure"; the assertion's location and text exist only in
    /// XCTest's own diagnostic line (`path:line: error: Class.test : message`), so that one line, for this
    /// one failed test, completes the record.
    private static func failure(for testCase: TestCase, message: String, consoleLog: String, repositoryRoot: String) -> Diagnostic {
        let shortClass = testCase.className.split(separator: ".").last.map(String.init) ?? testCase.className
        let name = "\(testCase.className).\(testCase.name)"
        let marker = ": error: \(shortClass).\(testCase.name) : "
        for line in consoleLog.split(separator: "\n") {
            guard let range = line.range(of: marker) else { continue }
            let location = line[..<range.lowerBound]
            guard let colon = location.lastIndex(of: ":"), let lineNumber = Int(location[location.index(after: colon)...]) else { continue }
            return Diagnostic(
                kind: .test, file: RepositoryPath.relative(String(location[..<colon]), to: repositoryRoot), line: lineNumber,
                severity: "error", name: name, message: OutputExcerpt.clip(String(line[range.upperBound...])))
        }
        return Diagnostic(kind: .test, severity: "error", name: name, message: message)
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var cases: [TestCase] = []
        var closedRoot = false
        private var depth = 0
        private var current: TestCase?

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            depth += 1
            switch element {
            case "testcase":
                current = TestCase(className: attributes["classname"] ?? "", name: attributes["name"] ?? "", skipped: false)
            case "failure", "error":
                current?.failureMessage = attributes["message"] ?? element
            case "skipped":
                current?.skipped = true
            default:
                break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "testcase", let finished = current {
                cases.append(finished)
                current = nil
            }
            depth -= 1
            if depth == 0 { closedRoot = true }
        }
    }
}
