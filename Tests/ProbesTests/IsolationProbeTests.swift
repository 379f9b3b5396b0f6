import Foundation
import GateTestSupport
import Testing
@testable import Probes
@testable import TestOrchestration
@testable import Verdict

/// Under `test-isolation=process` each test's process runs that test and nothing else, whatever its name: the
/// fixture's tests fail as soon as another test ran in their process.
@Suite(.serialized) struct IsolationProbeTests {
    static let fixture: GitFixture = {
        let fixture = try! GitFixture()
        try! SwiftPackageFixture.writeLoneTests(into: fixture)
        try! fixture.makeDirectory("logs")
        return fixture
    }()

    private func context(_ isolation: TestIsolation) -> ProbeContext {
        var context = ProbeContext(
            repositoryRoot: Self.fixture.root, packageDirectory: Self.fixture.root, logDirectory: Self.fixture.path("logs"),
            environment: SwiftPackageFixture.environment(for: Self.fixture), timeouts: ProbeTimeouts())
        context.testSettings = TestSettings(isolation: isolation)
        return context
    }

    @Test func aProcessPerTestRunsExactlyThatTestHoweverItsNameReads() async throws {
        let outcome = await TestProbe().run(in: context(.process), logName: "40-test")
        let cases = try #require(outcome.evidence.testCases)
        #expect(outcome.status == .passed, "\(outcome.summary) \(outcome.evidence.diagnostics.map(\.message))")
        #expect(cases.count == 11, "\(cases.map(\.id))")
        #expect(cases.allSatisfy { $0.status == .passed && $0.attempts.count == 1 })
        #expect(cases.filter { $0.id.hasPrefix("LoneTests.Lone/overload(_:)/") }.count == 2)
        #expect(outcome.evidence.testRun?.isolation == .process)
    }

    /// Swift Testing's listing exits 69 (no tests found) for a bundle without its tests: an XCTest-only package.
    @Test func anXCTestOnlyPackageRunsItsTestsEachAlone() async throws {
        let fixture = try GitFixture()
        try SwiftPackageFixture.writeLoneTests(into: fixture)
        try fixture.remove("Tests/LoneTests/LoneSwiftTests.swift")
        try fixture.makeDirectory("logs")
        var context = ProbeContext(
            repositoryRoot: fixture.root, packageDirectory: fixture.root, logDirectory: fixture.path("logs"),
            environment: SwiftPackageFixture.environment(for: fixture), timeouts: ProbeTimeouts())
        context.testSettings = TestSettings(isolation: .process)
        let outcome = await TestProbe().run(in: context, logName: "42-test")
        #expect(outcome.status == .passed, "\(outcome.summary)")
        #expect(outcome.evidence.testCases?.map(\.id).sorted() == [
            "LoneTests.LoneXC/testPlain", "LoneTests.LoneXC/testPlainToo", "LoneTests.LoneXCMore/testPlain",
        ])
    }

    @Test func inBatchesTheSameTestsShareProcessesAndTheSummarySaysSo() async throws {
        let outcome = await TestProbe().run(in: context(.batch), logName: "41-test")
        let cases = try #require(outcome.evidence.testCases)
        #expect(outcome.status == .failed)
        #expect(cases.contains { $0.status == .failed && $0.firstFailure?.message?.contains("shared its process") == true })
        #expect(cases.first { $0.id == "LoneTests.LoneXC/testPlainToo" }?.status == .failed)
        #expect(outcome.summary.contains("test-isolation=batch: tests shared processes"), "\(outcome.summary)")
        #expect(outcome.evidence.testRun?.isolation == .batch)
    }

    /// The processes write into a few reused slot files; the joined log holds each process's own output once, under
    /// a header naming it, and its recorded digest is the file's.
    @Test func theJoinedLogHoldsEachProcessOutputOnceUnderItsHeader() async throws {
        let outcome = await TestProbe().run(in: context(.process), logName: "43-test")
        let reference = try #require(outcome.evidence.logs.first { $0.name == "43-test.tests" })
        let data = try #require(FileManager.default.contents(atPath: Self.fixture.path("logs/\(reference.path)")))
        #expect(Digest.sha256Hex(data) == reference.sha256 && data.count == reference.bytes)
        let text = String(decoding: data, as: UTF8.self)
        let parts = text.components(separatedBy: "==> ").dropFirst()
        let processes = parts.filter { $0.hasPrefix("p1r1b") }
        #expect(processes.count == 11, "\(parts.map { $0.prefix(20) })")
        for id in ["LoneXC.testPlain", "LoneXC.testPlainToo", "LoneXCMore.testPlain"] {
            let started = processes.filter { $0.contains("Test Case '\(id)' started") }
            #expect(started.count == 1, "\(id) started in \(started.count) process parts")
            #expect(started.first?.components(separatedBy: "Test Case '").count == 3, "\(id): one test per part (its start and its end)")
        }
        #expect(!FileManager.default.fileExists(atPath: Self.fixture.path("logs/43-test.runs")), "the slot files are gone")
    }
}
