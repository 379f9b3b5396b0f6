import Foundation
import Testing
@testable import Probes
import Sandbox
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

struct XCTestChannelReaderTests {
    static let tests = [
        TestCase(id: "CalcTests.X/testWrong", target: "CalcTests"), TestCase(id: "CalcTests.X/testAdds", target: "CalcTests"),
        TestCase(id: "CalcTests.X/testLater", target: "CalcTests"), TestCase(id: "CalcTests.X/testHang", target: "CalcTests"),
    ]

    /// Records as the observer writes them: numbered from 1, fields separated by tabs.
    static func records(_ fields: [[String]]) -> [Substring] {
        fields.enumerated().map { Substring((["\($0.offset + 1)"] + $0.element).joined(separator: "\t")) }
    }

    static func reading(_ fields: [[String]]) -> XCTestChannelReader {
        var reader = XCTestChannelReader(tests: tests, repositoryRoot: "/repo")
        reader.consume(records(fields), at: .now)
        return reader
    }

    @Test func readsOutcomesFailuresAndWhatIsStillRunning() throws {
        let reader = Self.reading([
            ["started", "X.testAdds"], ["finished", "X.testAdds", "passed", "0.008"],
            ["started", "X.testWrong"], ["issue", "X.testWrong", "10", "/repo/Tests/CalcTests/X.swift", #"XCTAssertEqual failed: ("2") is not equal to ("3")\tone"#],
            ["issue", "X.testWrong", "11", "/repo/Tests/CalcTests/X.swift", "second\\nline"], ["finished", "X.testWrong", "failed", "0.006"],
            ["started", "X.testLater"], ["finished", "X.testLater", "skipped", "0.000"],
            ["started", "X.testHang"],
        ])
        #expect(reader.conflicts == [])
        #expect(reader.finished["CalcTests.X/testAdds"]?.attempt == TestAttempt(durationSeconds: 0.008, outcome: .passed))
        let wrong = try #require(reader.finished["CalcTests.X/testWrong"])
        #expect(wrong.attempt.outcome == .failed)
        #expect(wrong.attempt.file == "Tests/CalcTests/X.swift")
        #expect(wrong.attempt.line == 10)
        #expect(wrong.attempt.message == #"XCTAssertEqual failed: ("2") is not equal to ("3")"# + "\tone")
        #expect(wrong.excerpt.count == 2)
        #expect(wrong.excerpt.last == "second\nline")
        #expect(reader.failed == ["CalcTests.X/testWrong"])
        #expect(reader.finished["CalcTests.X/testLater"]?.attempt.outcome == .skipped)
        #expect(Array(reader.started.keys) == ["CalcTests.X/testHang"])
    }

    /// XCTest's console lines are no records: a test that prints them on the channel itself is caught, and one that
    /// prints them on its console (the runner never reads it) changes nothing.
    @Test func printedConsoleLinesAreNotRecords() {
        var reader = XCTestChannelReader(tests: Self.tests, repositoryRoot: "/repo")
        reader.consume(["Test Case 'X.testAdds' started at 2026-12-01 14:16:57.227", "Test Case 'X.testAdds' passed (0.001 seconds)"], at: .now)
        #expect(reader.finished.isEmpty)
        #expect(reader.started.isEmpty)
        #expect(!reader.conflicts.isEmpty)
    }

    @Test func malformedRecordsAreForgeries() {
        let malformed: [[Substring]] = [
            ["2\tstarted\tX.testAdds"],  // out of sequence
            ["1\tstarted\tX.testAdds", "1\tfinished\tX.testAdds\tpassed\t0.001"],  // a number repeated
            ["one\tstarted\tX.testAdds"],
            ["1\tstarted"],
            ["1\tstarted\tX.testAdds\textra"],
            ["1\tpassed\tX.testAdds"],
            ["1\tstarted\tX.testAdds", "2\tfinished\tX.testAdds\tsucceeded\t0.001"],
            ["1\tstarted\tX.testAdds", "2\tfinished\tX.testAdds\tpassed\tsoon"],
            ["1\tstarted\tX.testAdds", "2\tissue\tX.testAdds\tten\t/repo/X.swift\tfailed"],
        ]
        for lines in malformed {
            var reader = XCTestChannelReader(tests: Self.tests, repositoryRoot: "/repo")
            reader.consume(lines, at: .now)
            #expect(!reader.conflicts.isEmpty, "\(lines)")
            #expect(reader.finished["CalcTests.X/testAdds"]?.attempt.outcome != .passed, "\(lines)")
        }
    }

    @Test func anOverlongRecordIsAForgery() {
        var reader = XCTestChannelReader(tests: Self.tests, repositoryRoot: "/repo")
        reader.consume(LineSplitter.Line(text: "1\tstarted\tX.testAdds", overlong: true), at: .now)
        #expect(reader.conflicts == ["a record longer than 4096 bytes on its XCTest channel"])
    }

    @Test func recordsThatContradictXCTestAreForgeries() {
        let contradictions: [([[String]], String)] = [
            ([["started", "X.testAdds"], ["started", "X.testAdds"]], "`CalcTests.X/testAdds` started twice"),
            ([["started", "X.testAdds"], ["finished", "X.testAdds", "passed", "0.1"], ["finished", "X.testAdds", "passed", "0.1"]],
                "`CalcTests.X/testAdds` ended without running"),
            ([["finished", "X.testWrong", "passed", "0.1"]], "`CalcTests.X/testWrong` ended without running"),
            ([["issue", "X.testWrong", "3", "/repo/X.swift", "no"]], "an issue of `CalcTests.X/testWrong` while it was not running"),
            ([["started", "X.testWrong"], ["issue", "X.testWrong", "3", "/repo/X.swift", "no"], ["finished", "X.testWrong", "passed", "0.1"]],
                "`CalcTests.X/testWrong` passed after recording a failure"),
        ]
        for (fields, conflict) in contradictions {
            let reader = Self.reading(fields)
            #expect(reader.conflicts == [conflict])
        }
    }

    @Test func anUnfinishedTestThatRecordedAFailureFailsWithIt() throws {
        let reader = Self.reading([
            ["started", "X.testWrong"], ["issue", "X.testWrong", "3", "/repo/Tests/X.swift", "wrong"], ["started", "X.testHang"],
        ])
        let failure = try #require(reader.failure(ofUnfinished: "CalcTests.X/testWrong", then: "it exited"))
        #expect(failure.attempt.outcome == .failed)
        #expect(failure.attempt.message == "wrong — then it exited")
        #expect(failure.attempt.line == 3)
        #expect(reader.failure(ofUnfinished: "CalcTests.X/testHang", then: "it exited") == nil)
    }
}

/// XCTest's statuses against its process's exit (`SwiftPMTestRunner.agree`).
struct XCTestExitAgreementTests {
    static func progress(_ reader: XCTestChannelReader) -> SwiftPMTestRunner.Progress {
        (reader.started, reader.finished, reader.conflicts, 0)
    }

    static let failedThenAllFinished = XCTestChannelReaderTests.reading([
        ["started", "X.testWrong"], ["issue", "X.testWrong", "3", "/repo/Tests/X.swift", "wrong"], ["finished", "X.testWrong", "failed", "0.1"],
        ["started", "X.testAdds"], ["finished", "X.testAdds", "passed", "0.1"],
    ])

    @Test func exitingZeroAfterAFailureWithEveryTestFinishedIsAForgery() {
        var progress = Self.progress(Self.failedThenAllFinished)
        let conflict = SwiftPMTestRunner.agree(.exited(0), &progress, reader: Self.failedThenAllFinished, alone: false)
        #expect(conflict == "`CalcTests.X/testWrong` as failed yet exited with code 0, which XCTest never does")
        var failing = Self.progress(Self.failedThenAllFinished)
        #expect(SwiftPMTestRunner.agree(.exited(1), &failing, reader: Self.failedThenAllFinished, alone: false) == nil)
    }

    /// A test that failed, printed a pass and exited 0: alone it fails with its own failure; in a shared process it
    /// stays unfinished, to run again alone.
    @Test func aTestThatExitsZeroAfterFailingIsNeverPassed() throws {
        let reader = XCTestChannelReaderTests.reading([
            ["started", "X.testWrong"], ["issue", "X.testWrong", "3", "/repo/Tests/X.swift", "wrong"],
        ])
        var alone = Self.progress(reader)
        #expect(SwiftPMTestRunner.agree(.exited(0), &alone, reader: reader, alone: true) == nil)
        let failure = try #require(alone.finished["CalcTests.X/testWrong"])
        #expect(failure.attempt.outcome == .failed)
        #expect(failure.attempt.message == "wrong — then the test process exited with code 0 before the test finished")
        #expect(alone.started.isEmpty)
        var shared = Self.progress(reader)
        #expect(SwiftPMTestRunner.agree(.exited(0), &shared, reader: reader, alone: false) == nil)
        #expect(shared.finished.isEmpty)
        #expect(Array(shared.started.keys) == ["CalcTests.X/testWrong"])
        var crashed = Self.progress(reader)
        #expect(SwiftPMTestRunner.agree(.signalled(11), &crashed, reader: reader, alone: true) == nil)
        #expect(crashed.finished.isEmpty)
    }
}

struct XCTestChannelTests {
    /// The observer built beside these tests links the XCTest of the toolchain that built them, as the bundle running
    /// them does: the channel is available for it.
    @Test func theObserverBesideTheTestsLinksTheirXCTest() throws {
        let library = try #require(ForkServer.libraryBesideExecutable(named: XCTestChannel.libraryName), "the observer is built beside the tests")
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let folder = try #require(XCTestChannel.xctestFolder(of: library))
        #expect(FileManager.default.fileExists(atPath: "\(folder)/libXCTest.so"))
        #expect(XCTestChannel.xctestFolder(of: bundle) == folder)
        #expect(XCTestChannel.prepare(for: bundle) == .observer(library: library))
    }

    /// A bundle built by another toolchain links another libXCTest.so, which one process cannot hold beside the observer's:
    /// the channel is unavailable, naming both. The other toolchain is a copy of the observer whose run path names a
    /// folder with a libXCTest.so of its own.
    @Test func aBundleOfAnotherToolchainHasNoChannel() throws {
        let library = try #require(ForkServer.libraryBesideExecutable(named: XCTestChannel.libraryName))
        let ours = try #require(XCTestChannel.xctestFolder(of: library))
        let other = "/tmp/cfa-xc-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: other) }
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: "\(other)/libXCTest.so"))
        // The run path as the linker wrote it: the toolchain's folder first, then `$ORIGIN`.
        let written = Array("\(try #require(ELFRunPath.entries(of: library)?.first)):$ORIGIN".utf8)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: library)))
        let start = try #require((0...(bytes.count - written.count)).first { bytes[$0..<($0 + written.count)].elementsEqual(written) })
        let replacement = Array(other.utf8)
        try #require(replacement.count <= written.count)
        bytes.replaceSubrange(start..<(start + written.count), with: replacement + [UInt8](repeating: 0, count: written.count - replacement.count))
        let bundle = "\(other)/OtherPackageTests.xctest"
        try Data(bytes).write(to: URL(fileURLWithPath: bundle))
        #expect(ELFRunPath.entries(of: bundle) == [other])
        #expect(
            XCTestChannel.prepare(for: bundle) == .unavailable(
                "the test bundle links the XCTest in \(other) but libCFAGateXCTestObserver.so the one in \(ours); one process cannot hold both"
                    + " — build cfa-gate with the toolchain that builds the package (`bash Scripts/bootstrap.sh` with that `swift` on PATH)"))
    }

    /// A bundle whose XCTest cannot be told (no run path naming one) cannot be judged: the channel is unavailable, with why.
    @Test func aBundleWithoutAKnownXCTestHasNoChannel() throws {
        guard case .unavailable(let reason) = XCTestChannel.prepare(for: "/bin/sh") else {
            Issue.record("a program that links no XCTest got a channel")
            return
        }
        #expect(reason.hasPrefix("/bin/sh: cannot tell which libXCTest.so the test bundle links"))
        #expect(ELFRunPath.entries(of: "/etc/hostname") == nil)
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
