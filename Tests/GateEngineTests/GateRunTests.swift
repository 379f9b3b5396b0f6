#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import GateEngine
@testable import Verdict

@Suite(.serialized) struct GateRunTests {
    static let passingChecklist = """
        # Fixture gate

        ## Build and tests

        1. **The package builds.** <!-- probe: build -->
        2. **Tests pass.** <!-- probe: test --filter Passing -->
        3. **A custom check.** <!-- probe: command: test -f Package.swift -->

        ## Tree and review

        4. **Tree is clean.** <!-- probe: git-clean -->
        5. **Someone looked at it.**
        """

    @Test func aPassingRunWritesASignedVerdictWithEveryRecordedFact() async throws {
        let fixture = try GateFixture(checklist: Self.passingChecklist)
        let log = EventLog()
        let outcome = try await Gate.run(fixture.options()) { event in log.record(event) }
        let predicate = outcome.predicate
        #expect(predicate.result == .passed, "\(predicate.items.map(\.summary))")
        #expect(predicate.items.map(\.number) == [1, 2, 3, 4, 5])
        #expect(predicate.items.map(\.status) == [.passed, .passed, .passed, .passed, .manual])
        #expect(predicate.items[1].evidence.tests?.passed == 2)
        #expect(predicate.items[0].section == "Build and tests")
        #expect(predicate.awaitingReview.map(\.number) == [5])

        let commit = try fixture.commit()
        #expect(predicate.repository.commit == commit)
        #expect(predicate.repository.tree == (try fixture.git.git("rev-parse", "HEAD^{tree}")))
        #expect(predicate.repository.branch == "main")
        #expect(predicate.checklist.path == "gate/cfa-change-gate.md")
        #expect(predicate.checklist.sha256 == Digest.sha256Hex(Data(Self.passingChecklist.utf8)))
        #expect(predicate.swiftToolchain?.contains("Swift version") == true)
        #expect(predicate.signer.source == "local")
        #expect(outcome.verdictPath == fixture.git.path(".git/cfa-gate/verdicts/\(commit).json"))

        // The logs moved beside the verdict and their digests hold.
        let buildLog = try #require(predicate.items[0].evidence.logs.first)
        #expect(buildLog.path == "\(commit).logs/1-build.log")
        let logData = try #require(FileManager.default.contents(atPath: fixture.git.path(".git/cfa-gate/verdicts/\(buildLog.path)")))
        #expect(Digest.sha256Hex(logData) == buildLog.sha256)

        // Anyone with the public key can check it; the local key's .pub sits in .git.
        let checked = try VerdictCheck.verify(
            verdictPath: outcome.verdictPath, publicKeyPath: outcome.publicKeyPath, commit: nil,
            repositoryPath: fixture.git.root, environment: [:])
        #expect(checked.statement == outcome.statement)
        #expect(checked.statement.subject.first?.digest["gitCommit"] == commit)

        // Progress: every automated item started and finished.
        let started = await log.events.compactMap { if case .itemStarted(let item) = $0 { item.number } else { nil } }
        #expect(Set(started) == [1, 2, 3, 4])
    }

    @Test func aTestThatRewritesATrackedFileFailsTheCleanTreeItem() async throws {
        let fixture = try GateFixture(checklist: """
            1. Tests run. <!-- probe: test --filter RewritesTrackedFile -->
            2. Clean. <!-- probe: git-clean -->
            """)
        try fixture.ownedByItsProbes()
        let outcome = try await Gate.run(fixture.options())
        #expect(outcome.predicate.items[0].status == .passed)
        #expect(outcome.predicate.items[1].status == .failed)
        #expect(outcome.predicate.items[1].summary.contains("README.md changed by the run"))
        #expect(outcome.predicate.result == .failed)
    }

    @Test func aBrokenBuildFailsAndTheTestsAreSkippedWithTheReason() async throws {
        let fixture = try GateFixture(checklist: """
            1. Builds. <!-- probe: build -->
            2. Tests. <!-- probe: test -->
            """)
        try SwiftPackageFixture.breakBuild(in: fixture.git)
        let outcome = try await Gate.run(fixture.options())
        #expect(outcome.predicate.items.map(\.status) == [.failed, .skipped])
        #expect(outcome.predicate.items[1].summary.contains("item 1"))
        #expect(outcome.predicate.result == .failed)
    }

    @Test func oneBuildOfTheTestsServesBothItemsAndATestThatDoesNotCompileFailsOnlyTheTestItem() async throws {
        let checklist = "1. Builds. <!-- probe: build -->\n2. Tests. <!-- probe: test --filter Passing -->\n"
        let passing = try GateFixture(checklist: checklist)
        let passed = try await Gate.run(passing.options()).predicate.items
        #expect(passed.map(\.status) == [.passed, .passed], "\(passed.map(\.summary))")
        #expect(passed[0].summary == "`swift build --build-tests` succeeded")
        #expect(passed[1].evidence.excerpt == ["the tests were built by item 1: `swift build --build-tests`"])

        let fixture = try GateFixture(checklist: checklist)
        try fixture.git.write("Tests/CalcTests/Unfinished.swift", "import Testing\n@Test func unfinished() { #expect(notYetWritten()) }\n")
        let items = try await Gate.run(fixture.options()).predicate.items
        // The app builds on its own; only the tests fail, at the test file.
        #expect(items.map(\.status) == [.passed, .failed], "\(items.map(\.summary))")
        #expect(items[0].summary == "`swift build` succeeded")
        #expect(items[1].summary.contains("`swift build --build-tests` failed: 1 error"), "\(items[1].summary)")
        #expect(items[1].evidence.diagnostics.first?.file == "Tests/CalcTests/Unfinished.swift")
    }

    @Test func aHungCommandTimesOutAsAnErrorAndMakesTheResultError() async throws {
        let fixture = try GateFixture(checklist: """
            <!-- cfa-gate: command-timeout=1s -->
            1. Quick. <!-- probe: command: true -->
            2. Hangs. <!-- probe: command: sleep 60 -->
            """, package: false)
        // The status and the summary say the watchdog cut the command; how long that took is the machine's load.
        let outcome = try await Gate.run(fixture.options())
        #expect(outcome.predicate.items.map(\.status) == [.passed, .error])
        #expect(outcome.predicate.items[1].summary.contains("timed out after 1s"))
        #expect(outcome.predicate.result == .error)
    }

    @Test func commandLineTimeoutsWinOverTheChecklist() async throws {
        let fixture = try GateFixture(checklist: """
            <!-- cfa-gate: command-timeout=1s -->
            1. Takes two seconds. <!-- probe: command: sleep 2 -->
            """, package: false)
        let outcome = try await Gate.run(fixture.options { $0.commandTimeout = .seconds(30) })
        #expect(outcome.predicate.result == .passed)
    }

    @Test func theChecklistPackagePathIsUsedAndTheCommandLineOneWins() async throws {
        let fixture = try GateFixture(checklist: """
            <!-- cfa-gate: package-path=missing/place -->
            1. Builds. <!-- probe: build -->
            """)
        await #expect(throws: GateError.noPackage(path: fixture.git.path("missing/place"))) {
            try await Gate.run(fixture.options())
        }
        let outcome = try await Gate.run(fixture.options { $0.packagePath = "./" })
        #expect(outcome.predicate.repository.packagePath == ".")
        #expect(outcome.predicate.result == .passed)
    }

    @Test func aCancelledRunStopsItsProbesAndWritesNoVerdict() async throws {
        let fixture = try GateFixture(checklist: "1. Slow. <!-- probe: command: sleep 60 -->\n", package: false)
        let options = fixture.options()
        let run = Task { try await Gate.run(options) }
        try await Task.sleep(for: .milliseconds(500))
        run.cancel()
        await #expect(throws: GateError.interrupted) { try await run.value }
        let verdicts = fixture.git.path(".git/cfa-gate/verdicts")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: verdicts))?.isEmpty ?? true)
    }

    @Test func anExplicitOutputPathAndKeyAreUsed() async throws {
        let fixture = try GateFixture(checklist: "1. Ok. <!-- probe: command: true -->\n", package: false)
        let key = try SigningKey.generate()
        let keys = try GitFixture()  // a folder outside the working tree: keys inside it are refused
        try key.write(to: keys.path("ci.pem"), overwrite: false)
        let outcome = try await Gate.run(fixture.options {
            $0.keyPath = keys.path("ci.pem")
            $0.outputPath = fixture.git.path("out/verdict.json")
        })
        #expect(outcome.verdictPath == fixture.git.path("out/verdict.json"))
        #expect(outcome.predicate.signer == SignerInfo(keyID: key.publicKey.keyID, source: "file", note: nil))
        #expect(FileManager.default.fileExists(atPath: fixture.git.path("out/verdict.logs/1-command.log")))
        _ = try DSSE.open(VerdictFile.read(path: outcome.verdictPath), trusting: key.publicKey)
    }
}

/// The checklist's test options reach the orchestrator, and its running tests reach the progress events.
@Suite struct GateRunTestOptionsTests {
    @Test func theChecklistsTestOptionsDecideTimeoutsRetriesAndFlakyTests() async throws {
        let fixture = try GateFixture(checklist: """
            <!-- cfa-gate: test-case-timeout=2s test-retries=1 flaky=allow -->

            1. Tests run. <!-- probe: test --filter OrchestratedXC -->
            """)
        try SwiftPackageFixture.writeMisbehavingTests(into: fixture.git)
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "misbehaving tests")
        // In the package, the one place besides their private folder that probes may write.
        let markers = fixture.git.path("orch-markers")
        try FileManager.default.createDirectory(atPath: markers, withIntermediateDirectories: true)
        try fixture.ownedByItsProbes()
        let log = EventLog()
        let outcome = try await Gate.run(fixture.options { options in
            options.environment["ORCH_HANG"] = "1"
            options.environment["ORCH_MARKER_DIR"] = markers
        }) { event in log.record(event) }
        let item = try #require(outcome.predicate.items.first)
        let cases = Dictionary(uniqueKeysWithValues: (item.evidence.testCases ?? []).map { ($0.id, $0) })
        let hang = try #require(cases["CalcTests.OrchestratedXC/testHangs"])
        #expect(hang.status == .timedOut)
        #expect(hang.attempts.first?.message?.contains("limit of 2s") == true)
        // test-retries=1: the flaky test ran twice and, with flaky=allow, only the always-failing test fails the item.
        #expect(cases["CalcTests.OrchestratedXC/testFlakyOnce"]?.status == .flaky)
        #expect(cases["CalcTests.OrchestratedXC/testAlwaysWrong"]?.attempts.count == 2)
        #expect(item.evidence.diagnostics.map(\.name) == ["CalcTests.OrchestratedXC/testAlwaysWrong", "CalcTests.OrchestratedXC/testHangs"])
        #expect(item.status == .failed)
        // While the hang ran, the progress events named it.
        let running = await log.events.flatMap { event -> [String] in
            if case .testsRunning(1, _, let tests) = event { return tests.map(\.id) }
            return []
        }
        #expect(running.contains("CalcTests.OrchestratedXC/testHangs"))
    }
}
