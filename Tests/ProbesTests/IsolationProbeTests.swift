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
}
