import Foundation
import Testing
@testable import Probes
import Verdict

struct CompilerDiagnosticsTests {
    @Test func readsErrorsWithRepositoryRelativePathsOnceEach() {
        let log = """
            [1/3] Compiling Calc Calc.swift
            /repo/Sources/Calc/Calc.swift:2:9: error: cannot find 'undefinedValue' in scope
            /repo/Sources/Calc/Calc.swift:2:9: error: cannot find 'undefinedValue' in scope
            /repo/Sources/Calc/Other.swift:5:1: warning: variable 'x' was never used
            error: fatalError
            """
        let errors = CompilerDiagnostics.parse(log, repositoryRoot: "/repo")
        #expect(errors == [
            Diagnostic(
                kind: .compiler, file: "Sources/Calc/Calc.swift", line: 2, column: 9, severity: "error",
                message: "cannot find 'undefinedValue' in scope")
        ])
        let warnings = CompilerDiagnostics.parse(log, repositoryRoot: "/repo", severities: ["warning"])
        #expect(warnings.map(\.file) == ["Sources/Calc/Other.swift"])
    }
}

struct SwiftTestingEventsTests {
    // Records as Swift 6.3's `--experimental-event-stream-version 0` writes them (trimmed).
    static let stream = """
        {"kind":"test","payload":{"id":"M.S","kind":"suite","name":"S"},"version":0}
        {"kind":"test","payload":{"id":"M.S/ok()/T.swift:4:4","kind":"function","name":"ok()"},"version":0}
        {"kind":"test","payload":{"id":"M.S/bad()/T.swift:5:4","kind":"function","name":"bad()"},"version":0}
        {"kind":"test","payload":{"id":"M.S/later()/T.swift:6:4","kind":"function","name":"later()"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.S"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.S/ok()/T.swift:4:4"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.S/bad()/T.swift:5:4"},"version":0}
        {"kind":"event","payload":{"kind":"testSkipped","testID":"M.S/later()/T.swift:6:4"},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":false,"sourceLocation":{"_filePath":"/repo/Tests/T.swift","fileID":"M/T.swift","line":5,"column":24}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: 1 == 2"},{"symbol":"details","text":"bad sum"}],"testID":"M.S/bad()/T.swift:5:4"},"version":"6.3.0"}
        {"kind":"event","payload":{"issue":{"isKnown":true},"kind":"issueRecorded","messages":[],"testID":"M.S/ok()/T.swift:4:4"},"version":0}
        not json at all
        """

    @Test func countsFunctionsNotSuitesAndLocatesIssues() throws {
        let report = try #require(SwiftTestingEvents.report(fromJSONLines: Data(Self.stream.utf8), repositoryRoot: "/repo"))
        #expect(report.passed == 1)
        #expect(report.failed == 1)
        #expect(report.skipped == 1)
        #expect(report.failures == [
            Diagnostic(
                kind: .test, file: "Tests/T.swift", line: 5, column: 24, severity: "error", name: "M.S/bad()",
                message: "Expectation failed: 1 == 2 — bad sum")
        ])
    }

    @Test func anEmptyStreamIsNoReport() {
        #expect(SwiftTestingEvents.report(fromJSONLines: Data(), repositoryRoot: "/repo") == nil)
    }
}

struct XUnitReportTests {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="TestResults" errors="0" tests="3" failures="1">
        <testcase classname="CalcTests.FailingXCTests" name="testWrong" time="0.01"><failure message="failure"></failure></testcase>
        <testcase classname="CalcTests.PassingXCTests" name="testAdds" time="0.01"></testcase>
        <testcase classname="CalcTests.Later" name="testLater"><skipped/></testcase>
        </testsuite></testsuites>
        """

    @Test func readsCasesAndCompletesXCTestFailuresFromTheirOwnDiagnosticLine() throws {
        let cases = try #require(XUnitReport.parse(Data(Self.xml.utf8)))
        let console = "/repo/Tests/CalcTests/X.swift:10: error: FailingXCTests.testWrong : XCTAssertEqual failed: (\"2\") is not equal to (\"3\") - one and one\n"
        let report = XUnitReport.report(from: cases, consoleLog: console, repositoryRoot: "/repo")
        #expect((report.passed, report.failed, report.skipped) == (1, 1, 1))
        let failure = try #require(report.failures.first)
        #expect(failure.name == "CalcTests.FailingXCTests.testWrong")
        #expect(failure.file == "Tests/CalcTests/X.swift")
        #expect(failure.line == 10)
        #expect(failure.message.hasSuffix("- one and one"))
    }

    @Test func malformedXMLIsNoReport() {
        #expect(XUnitReport.parse(Data("<testsuites><testcase".utf8)) == nil)
    }
}

struct TestJudgementTests {
    @Test func zeroExecutedTestsFailEvenWhenSwiftTestExitsZero() {
        let outcome = TestProbe.judge(
            report: nil, exitedCleanly: true, output: "", repositoryRoot: "/repo", displayed: "swift test", evidence: .empty)
        #expect(outcome.status == .failed)
        #expect(outcome.summary.contains("zero tests"))
        let onlySkipped = TestProbe.judge(
            report: TestReport(skipped: 2), exitedCleanly: true, output: "", repositoryRoot: "/repo", displayed: "swift test",
            evidence: .empty)
        #expect(onlySkipped.status == .failed)
    }

    @Test func aNonZeroExitWithAllReportedTestsPassingIsStillAFailure() {
        let outcome = TestProbe.judge(
            report: TestReport(passed: 3), exitedCleanly: false, output: "Fatal error: crashed", repositoryRoot: "/repo",
            displayed: "swift test", evidence: .empty)
        #expect(outcome.status == .failed)
        #expect(outcome.evidence.excerpt == ["Fatal error: crashed"])
    }

    @Test func passingReportPassesWithCounts() {
        let outcome = TestProbe.judge(
            report: TestReport(passed: 3, skipped: 1), exitedCleanly: true, output: "", repositoryRoot: "/repo",
            displayed: "swift test", evidence: .empty)
        #expect(outcome.status == .passed)
        #expect(outcome.evidence.tests == TestCounts(passed: 3, failed: 0, skipped: 1))
    }
}
