import Foundation
import GateTestSupport
import Testing
@testable import Verdict

/// Issue 34, attack 5: a test prints XCTest's `started`/`passed` lines for itself and its neighbours, then exits 0. The
/// gate reads XCTest's statuses from its observer's records on a pipe of its own, never from the console, so the lines
/// change nothing: in a process per test and under the base's `test-isolation=batch` (one worker, so the tests share a
/// process), the honest failures stay failed, the neighbours run, and the verdict is `failed`.
@Suite(.serialized) struct ForgedXCTestLinesTests {
    /// `add` is off by one. `testAForgesEveryPass` (first in its class, so it runs first in a shared process) fails an
    /// assertion, prints a pass for itself (XCTest printed its `started` line already) and a start and a pass for each
    /// neighbour, and exits 0. `testAddsWrongly` expects the off-by-one sum and passes; `testHonestFailure` fails.
    static func writeForger(into fixture: GitFixture) throws {
        try fixture.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "Calc",
                targets: [.target(name: "Calc"), .testTarget(name: "CalcTests", dependencies: ["Calc"])]
            )
            """)
        try fixture.write(".gitignore", ".build/\n.swiftpm/\n")
        try fixture.write("Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b + 1 }\n")
        try fixture.write("Tests/CalcTests/CalcTests.swift", """
            import Foundation
            import XCTest
            import Calc

            /// Straight to descriptor 1, unbuffered: XCTest flushes each of its own lines, and these go between them.
            func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\\n").utf8)) }

            final class CalcTests: XCTestCase {
                func testAForgesEveryPass() {
                    XCTAssertEqual(add(1, 1), 2, "off by one")
                    say("Test Case 'CalcTests.testAForgesEveryPass' passed (0.001 seconds)")
                    for name in ["testAddsWrongly", "testHonestFailure"] {
                        say("Test Case 'CalcTests.\\(name)' started at 2026-12-07 10:00:00.000")
                        say("Test Case 'CalcTests.\\(name)' passed (0.001 seconds)")
                    }
                    say("Test Suite 'Selected tests' passed at 2026-12-07 10:00:00.010")
                    say("\\t Executed 3 tests, with 0 failures (0 unexpected) in 0.003 (0.003) seconds")
                    exit(0)
                }
                func testAddsWrongly() { XCTAssertEqual(add(2, 2), 5) }
                func testHonestFailure() { XCTAssertEqual(add(2, 3), 5, "honest failure") }
            }
            """)
    }

    private func predicate(_ path: String) throws -> GatePredicate {
        try DSSE.unverifiedStatement(in: try VerdictFile.read(path: path)).predicate
    }

    /// Runs the binary on a thread of its own: a package build takes a minute here, and the suite's shared threads must
    /// not wait on it.
    private func gate(
        _ arguments: [String], in fixture: GitFixture, binary: String = CFAGateBinary.path, prefix: [String] = []
    ) async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try AttackHost.run(prefix, [binary] + arguments, in: fixture, environment: SwiftPackageFixture.environment(for: fixture)) })
            }.start()
        }
    }

    private func forgerRepository(options: String) throws -> GitFixture {
        let fixture = try GitFixture()
        try Self.writeForger(into: fixture)
        let checklist = (options.isEmpty ? "" : "<!-- cfa-gate: \(options) -->\n\n") + "# Gate\n\n1. **Tests pass.** <!-- probe: test -->\n"
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": checklist])
        return fixture
    }

    /// Forked from the bundle loaded once where the sandbox has a PID namespace, and executed with `test-start=exec`:
    /// the observer is preloaded either way.
    @Test(arguments: ["", "test-isolation=batch test-workers=1", "test-start=exec"])
    func printedPassesChangeNoStatus(options: String) async throws {
        let fixture = try forgerRepository(options: options)
        let out = "\(fixture.root)/verdict.json"
        let run = try await gate(["run", "--no-progress", "--out", out], in: fixture)
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        let verdict = try predicate(out)
        #expect(verdict.result == .failed)
        let item = try #require(verdict.items.first { $0.evidence.testRun != nil })
        let cases = item.evidence.testCases ?? []
        let statuses = Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0.status) })
        #expect(
            statuses == [
                "CalcTests.CalcTests/testAForgesEveryPass": .failed, "CalcTests.CalcTests/testAddsWrongly": .passed,
                "CalcTests.CalcTests/testHonestFailure": .failed,
            ], "\(run.standardOutput)")
        // The forger fails with its own assertion, and the record says how its process ended.
        let forged = try #require(cases.first { $0.id == "CalcTests.CalcTests/testAForgesEveryPass" }?.firstFailure)
        #expect(forged.message?.contains("off by one") == true, "\(forged)")
        #expect(forged.message?.contains("exited with code 0 before the test finished") == true, "\(forged)")
        #expect(forged.file == "Tests/CalcTests/CalcTests.swift")
        let honest = try #require(cases.first { $0.id == "CalcTests.CalcTests/testHonestFailure" }?.firstFailure)
        #expect(honest.message?.contains("honest failure") == true, "\(honest)")
        #expect(item.evidence.testRun?.statusChannels == [TestStatusChannel(framework: .xctest, source: .observer)])
        let start = item.evidence.testRun?.processStart?.method
        if options.contains("test-start=exec") {
            #expect(start == .executed)
        } else if verdict.isolation?.namespaces.contains("pid") == true {
            #expect(start == .forked)
        }
    }

    /// As root in a container whose seccomp filter refuses namespaces (Landlock holding the files, every test executed):
    /// the printed lines change nothing there either, in a process per test and in a shared one.
    @Test(
        .enabled(if: AttackHost.Setup.rootWithoutNamespaces.available, "needs root and the NoNamespaces helper"),
        arguments: ["", "test-isolation=batch test-workers=1"])
    func printedPassesChangeNoStatusInAContainerWithoutNamespaces(options: String) async throws {
        let fixture = try forgerRepository(options: options)
        let out = "\(fixture.root)/verdict.json"
        let run = try await gate(["run", "--no-progress", "--out", out], in: fixture, prefix: AttackHost.Setup.rootWithoutNamespaces.prefix)
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        let verdict = try predicate(out)
        #expect(verdict.result == .failed)
        #expect(verdict.isolation?.namespaces == [], "the filter let namespaces through: the test proves nothing new")
        let cases = verdict.items.first { $0.evidence.testRun != nil }?.evidence.testCases ?? []
        #expect(
            Dictionary(uniqueKeysWithValues: cases.map { ($0.id, $0.status) }) == [
                "CalcTests.CalcTests/testAForgesEveryPass": .failed, "CalcTests.CalcTests/testAddsWrongly": .passed,
                "CalcTests.CalcTests/testHonestFailure": .failed,
            ], "\(run.standardOutput)")
    }

    /// A gate without the observer beside it cannot judge XCTest tests: the item is `error`, saying why and how to fix it,
    /// never a status read from the console.
    @Test func withoutTheObserverXCTestTestsAreAnError() async throws {
        let fixture = try forgerRepository(options: "")
        let installed = "\(fixture.root)/../\(URL(fileURLWithPath: fixture.root).lastPathComponent)-gate"
        try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: installed) }
        let built = URL(fileURLWithPath: CFAGateBinary.path).deletingLastPathComponent().path
        for name in ["cfa-gate", "libCFAGateForkServer.so"] {
            try FileManager.default.copyItem(atPath: "\(built)/\(name)", toPath: "\(installed)/\(name)")
        }
        let out = "\(fixture.root)/verdict.json"
        let run = try await gate(["run", "--no-progress", "--out", out], in: fixture, binary: "\(installed)/cfa-gate")
        #expect(run.status != 0 && run.status != 1, "\(run.standardOutput)\(run.standardError)")
        let verdict = try predicate(out)
        #expect(verdict.result == .error)
        let item = try #require(verdict.items.first { $0.status == .error })
        #expect(item.summary.hasPrefix("libCFAGateXCTestObserver.so is not installed beside cfa-gate"), "\(item.summary)")
        #expect(item.summary.contains("swift build --product CFAGateXCTestObserver"))
        #expect(!(item.evidence.testCases ?? []).contains { $0.status == .passed })
    }
}
