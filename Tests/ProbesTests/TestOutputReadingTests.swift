import Foundation
import Testing
@testable import Probes
@testable import TestOrchestration
@testable import Verdict

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


struct SwiftTestingStreamTests {
    // Records as Swift 6.3 writes them for `--event-stream-version 0` (trimmed).
    static let stream = """
        {"kind":"test","payload":{"id":"M.S","kind":"suite","name":"S"},"version":0}
        {"kind":"test","payload":{"id":"M.S/ok()/T.swift:4:4","kind":"function","name":"ok()"},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.S","instant":{"absolute":1.0}},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.S/ok()/T.swift:4:4","instant":{"absolute":1.0}},"version":0}
        {"kind":"event","payload":{"kind":"testStarted","testID":"M.S/bad()/T.swift:5:4","instant":{"absolute":1.0}},"version":0}
        {"kind":"event","payload":{"kind":"testSkipped","testID":"M.S/later()/T.swift:6:4","messages":[{"symbol":"skip","text":"later"}]},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":false,"sourceLocation":{"_filePath":"/repo/Tests/T.swift","fileID":"M/T.swift","line":5,"column":24}},"kind":"issueRecorded","messages":[{"symbol":"fail","text":"Expectation failed: 1 == 2"},{"symbol":"details","text":"bad sum"}],"testID":"M.S/bad()/T.swift:5:4"},"version":0}
        {"kind":"event","payload":{"issue":{"isKnown":true},"kind":"issueRecorded","messages":[],"testID":"M.S/ok()/T.swift:4:4"},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","testID":"M.S/ok()/T.swift:4:4","instant":{"absolute":1.25}},"version":0}
        {"kind":"event","payload":{"kind":"testEnded","testID":"M.S/bad()/T.swift:5:4","instant":{"absolute":1.5}},"version":0}
        """

    static let ids = ["M.S/ok()/T.swift:4:4": "M.S/ok()", "M.S/bad()/T.swift:5:4": "M.S/bad()", "M.S/later()/T.swift:6:4": "M.S/later()"]

    @Test func followsStartsEndsSkipsAndLocatesTheFirstIssue() throws {
        var stream = SwiftTestingStream(idsByFullID: Self.ids, repositoryRoot: "/repo")
        let lines = Self.stream.split(separator: "\n")
        try stream.consume(Array(lines.prefix(5)), at: .now)
        #expect(Set(stream.started.keys) == ["M.S/ok()", "M.S/bad()"])
        try stream.consume(Array(lines.dropFirst(5)), at: .now)
        #expect(stream.started.isEmpty)
        #expect(stream.finished["M.S/ok()"]?.attempt == TestAttempt(durationSeconds: 0.25, outcome: .passed))
        #expect(stream.finished["M.S/later()"]?.attempt.outcome == .skipped)
        let bad = try #require(stream.finished["M.S/bad()"])
        #expect(bad.attempt == TestAttempt(durationSeconds: 0.5, outcome: .failed, message: "Expectation failed: 1 == 2 — bad sum", file: "Tests/T.swift", line: 5))
        #expect(bad.excerpt == ["Expectation failed: 1 == 2", "bad sum"])
        #expect(stream.functions == ["M.S/ok()/T.swift:4:4"])
    }

    @Test func aRecordOfAnotherSchemaVersionIsAnErrorNotAGuess() {
        var stream = SwiftTestingStream(idsByFullID: Self.ids, repositoryRoot: "/repo")
        let newer = #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/ok()/T.swift:4:4"},"version":"6.3.0"}"#
        #expect(throws: SwiftTestingStream.UnknownVersion(version: "6.3.0")) { try stream.consume([Substring(newer)], at: .now) }
        let missing = #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/ok()/T.swift:4:4"}}"#
        #expect(throws: SwiftTestingStream.UnknownVersion(version: "(none)")) { try stream.consume([Substring(missing)], at: .now) }
    }

    @Test func eventsWrittenIntoTheStreamByATestAreCaught() throws {
        var stream = SwiftTestingStream(idsByFullID: Self.ids, repositoryRoot: "/repo")
        let forged = #"{"kind":"event","payload":{"kind":"testEnded","testID":"M.S/bad()/T.swift:5:4"},"version":0}"#
        try stream.consume([Substring(forged)], at: .now)
        #expect(stream.conflicts == ["`M.S/bad()` ended without running"])
        try stream.consume(["not json at all"], at: .now)
        #expect(stream.conflicts.last == "an unreadable line in its event stream")
    }

    @Test func displayNamesDropTheSourceLocation() {
        #expect(SwiftTestingStream.displayName("M.S/ok()/T.swift:4:4") == "M.S/ok()")
        #expect(SwiftTestingStream.displayName("M.S") == "M.S")
    }
}

struct XCTestOutputReaderTests {
    static let tests = [
        TestCase(id: "CalcTests.X/testWrong", target: "CalcTests"), TestCase(id: "CalcTests.X/testAdds", target: "CalcTests"),
        TestCase(id: "CalcTests.X/testLater", target: "CalcTests"), TestCase(id: "CalcTests.X/testHang", target: "CalcTests"),
    ]

    @Test func readsOutcomesFailuresAndWhatIsStillRunning() throws {
        var reader = XCTestOutputReader(tests: Self.tests, repositoryRoot: "/repo")
        let output = """
            Test Suite 'Selected tests' started at 2026-12-01 14:16:57.201
            Test Case 'X.testAdds' started at 2026-12-01 14:16:57.227
            Test Case 'X.testAdds' passed (0.008 seconds)
            Test Case 'X.testWrong' started at 2026-12-01 14:16:57.230
            /repo/Tests/CalcTests/X.swift:10: error: X.testWrong : XCTAssertEqual failed: ("2") is not equal to ("3") - one and one
            Test Case 'X.testWrong' failed (0.006 seconds)
            Test Case 'X.testLater' started at 2026-12-01 14:16:57.240
            /repo/Tests/CalcTests/X.swift:14: X.testLater : Test skipped - later
            Test Case 'X.testLater' skipped (0.0 seconds)
            Test Case 'X.testHang' started at 2026-12-01 14:16:57.250
            """
        reader.consume(output.split(separator: "\n"), at: .now)
        #expect(reader.finished["CalcTests.X/testAdds"]?.attempt == TestAttempt(durationSeconds: 0.008, outcome: .passed))
        let wrong = try #require(reader.finished["CalcTests.X/testWrong"])
        #expect(wrong.attempt.file == "Tests/CalcTests/X.swift")
        #expect(wrong.attempt.line == 10)
        #expect(wrong.attempt.message?.hasSuffix("- one and one") == true)
        #expect(wrong.excerpt.count == 1)
        #expect(reader.finished["CalcTests.X/testLater"]?.attempt.message == "Test skipped - later")
        #expect(Array(reader.started.keys) == ["CalcTests.X/testHang"])
    }

    @Test func linesATestForgesForAnotherTestAreCaught() {
        var reader = XCTestOutputReader(tests: Self.tests, repositoryRoot: "/repo")
        // testAdds prints a pass for testWrong, which then really runs and fails.
        reader.consume([
            "Test Case 'X.testAdds' started at 2026-12-01 14:16:57.227",
            "Test Case 'X.testWrong' passed (0.001 seconds)",
        ], at: .now)
        #expect(reader.conflicts == ["`CalcTests.X/testWrong` ended without running"])
        var again = XCTestOutputReader(tests: Self.tests, repositoryRoot: "/repo")
        again.consume([
            "Test Case 'X.testAdds' started at 2026-12-01 14:16:57.227",
            "Test Case 'X.testAdds' passed (0.001 seconds)",
            "Test Case 'X.testAdds' started at 2026-12-01 14:16:57.228",
        ], at: .now)
        #expect(again.conflicts == ["`CalcTests.X/testAdds` started twice"])
    }
}

struct TestSelectionTests {
    @Test func filtersAndSkipsMatchIdsAndSwiftTestingFullIds() throws {
        let tests = [TestCase(id: "M.A/testOne", target: "M"), TestCase(id: "M.S/two()", target: "M"), TestCase(id: "M.S/three()", target: "M")]
        let fullIDs = ["M.S/two()": "M.S/two()/S.swift:3:4", "M.S/three()": "M.S/three()/S.swift:4:4"]
        #expect(try TestProbe.select(tests, filters: ["S\\.swift:3"], skips: [], fullIDs: fullIDs).map(\.id) == ["M.S/two()"])
        #expect(try TestProbe.select(tests, filters: [], skips: ["three"], fullIDs: fullIDs).map(\.id) == ["M.A/testOne", "M.S/two()"])
        #expect(throws: TestProbe.InvalidPattern.self) { try TestProbe.select(tests, filters: ["("], skips: [], fullIDs: fullIDs) }
    }

    @Test func selectionArgumentsAreTakenOutOfTheBuildArguments() {
        let selection = TestProbe.split(["--filter", "A", "--parallel", "--num-workers", "3", "-c", "release", "--skip", "B"])
        #expect(selection == TestProbe.Selection(filters: ["A"], skips: ["B"], buildArguments: ["-c", "release"]))
    }
}
