import Foundation
import GateTestSupport
import Testing
@testable import Probes
@testable import Verdict

/// `build` and `test` against a real Swift package. One package is built once and shared, serially,
/// because each build of a fresh package costs real seconds on a two-core machine.
@Suite(.serialized) struct SwiftPackageProbeTests {
    static let fixture: GitFixture = {
        let fixture = try! GitFixture()
        try! SwiftPackageFixture.writeCalculator(into: fixture)
        try! SwiftPackageFixture.writeMisbehavingTests(into: fixture)
        try! fixture.makeDirectory("logs")
        return fixture
    }()

    func context(timeouts: ProbeTimeouts = ProbeTimeouts(), path: String? = nil) -> ProbeContext {
        var environment = SwiftPackageFixture.environment(for: Self.fixture)
        if let path { environment["PATH"] = path }
        return ProbeContext(
            repositoryRoot: Self.fixture.root, packageDirectory: Self.fixture.root, logDirectory: Self.fixture.path("logs"),
            environment: environment, timeouts: timeouts)
    }

    @Test func buildPassesAndKeepsItsLogWithADigest() async throws {
        let outcome = await BuildProbe().run(in: context(), logName: "24-build")
        #expect(outcome.status == .passed, "\(outcome.summary)")
        let log = try #require(outcome.evidence.logs.first)
        let data = try #require(FileManager.default.contents(atPath: Self.fixture.path("logs/\(log.path)")))
        #expect(log.sha256 == Digest.sha256Hex(data))
        #expect(log.bytes == data.count)
    }

    /// SwiftPM keeps the evaluated manifest outside the package, where the read-only evaluation could store it, so the
    /// build finds it there and never runs the manifest where it could write the package.
    @Test func theManifestCacheIsKeptOutsideThePackage() async throws {
        let outcome = await BuildProbe().run(in: context(), logName: "24-build")
        #expect(outcome.status == .passed, "\(outcome.summary)")
        #expect(!FileManager.default.fileExists(atPath: Self.fixture.path(".build/manifest.db")))
        #expect(FileManager.default.fileExists(atPath: Self.fixture.path("logs/private/swiftpm-cache/manifests/manifest.db")))
        #expect(outcome.evidence.logs.map(\.name).contains(PackageEvaluation.logName))
    }

    @Test func testsThatPassAreCountedFromBothFrameworks() async throws {
        let outcome = await TestProbe(arguments: ["--filter", "Passing"]).run(in: context(), logName: "25-test")
        #expect(outcome.status == .passed, "\(outcome.summary)")
        // One XCTest, one Swift Testing test passed; the disabled Swift Testing test is skipped.
        #expect(outcome.evidence.tests == TestCounts(passed: 2, failed: 0, skipped: 1))
    }

    @Test func failingTestsAreNamedWithFileLineAndMessage() async throws {
        let outcome = await TestProbe(arguments: ["--filter", "Failing"]).run(in: context(), logName: "25-test")
        #expect(outcome.status == .failed)
        #expect(outcome.evidence.tests?.failed == 2)
        let swiftTesting = try #require(outcome.evidence.diagnostics.first { $0.name?.contains("claimsWrongSum") == true })
        #expect(swiftTesting.file == "Tests/CalcTests/SwiftTestingCalcTests.swift")
        #expect(swiftTesting.line == SwiftPackageFixture.failingExpectationLine)
        #expect(swiftTesting.message.contains("two and two"))
        let xctest = try #require(outcome.evidence.diagnostics.first { $0.name?.contains("testWrong") == true })
        #expect(xctest.file == "Tests/CalcTests/XCTestCalcTests.swift")
        #expect(xctest.line == SwiftPackageFixture.failingAssertionLine)
        #expect(xctest.message.contains("one and one"))
    }

    @Test func aFilterThatMatchesNothingFails() async throws {
        let outcome = await TestProbe(arguments: ["--filter", "NoSuchTestAnywhere"]).run(in: context(), logName: "25-test")
        #expect(outcome.status == .failed)
        #expect(outcome.summary.contains("no listed test matches"))
    }

    @Test func withoutSwiftOnPathTheItemIsAnErrorNotAPass() async throws {
        let outcome = await BuildProbe().run(in: context(path: "/nonexistent"), logName: "24-build")
        #expect(outcome.status == .error)
        #expect(outcome.summary.contains("not found on PATH"))
    }

    @Test func aBuildThatOutlivesItsTimeoutIsAnError() async throws {
        // A `swift` on PATH that hangs stands in for a hung build.
        try Self.fixture.write("fake-bin/swift", "#!/bin/sh\n/bin/sleep 60\n")
        chmod(Self.fixture.path("fake-bin/swift"), 0o755)
        let outcome = await BuildProbe().run(
            in: context(timeouts: ProbeTimeouts(build: .seconds(1)), path: Self.fixture.path("fake-bin")), logName: "24-build")
        #expect(outcome.status == .error)
        #expect(outcome.summary.contains("timed out after 1s"))
    }

    @Test func aBrokenBuildFailsWithTheCompilerError() async throws {
        let broken = try GitFixture()
        try SwiftPackageFixture.writeCalculator(into: broken)
        try SwiftPackageFixture.breakBuild(in: broken)
        try broken.makeDirectory("logs")
        let context = ProbeContext(
            repositoryRoot: broken.root, packageDirectory: broken.root, logDirectory: broken.path("logs"),
            environment: SwiftPackageFixture.environment(for: broken), timeouts: ProbeTimeouts())
        let outcome = await BuildProbe().run(in: context, logName: "24-build")
        #expect(outcome.status == .failed)
        let error = try #require(outcome.evidence.diagnostics.first)
        #expect(error.file == "Sources/Calc/Calc.swift")
        #expect(error.line == 2)
        #expect(error.message.contains("undefinedValue"))
        #expect(outcome.summary.contains("Sources/Calc/Calc.swift:2"))
    }
}
