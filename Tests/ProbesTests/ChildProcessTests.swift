import Foundation
import GateTestSupport
import Testing
@testable import Probes

struct ChildProcessTests {
    private func process(_ script: String, in fixture: GitFixture, timeout: Duration = .seconds(20)) -> ChildProcess {
        ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script], workingDirectory: fixture.root,
            environment: ["PATH": "/usr/bin:/bin"], logPath: fixture.path("out.log"), timeout: timeout)
    }

    @Test func reportsExitStatusAndKeepsOutputInTheLog() async throws {
        let fixture = try GitFixture()
        let result = await process("echo to-out; echo to-err >&2; exit 7", in: fixture).run()
        #expect(result == .exited(7))
        let log = try String(contentsOfFile: fixture.path("out.log"), encoding: .utf8)
        #expect(log.contains("to-out") && log.contains("to-err"))
    }

    @Test func runsInTheWorkingDirectoryWithTheGivenEnvironment() async throws {
        let fixture = try GitFixture()
        try fixture.makeDirectory("inner")
        var child = process("pwd; echo \"marker=$GATE_MARKER\"", in: fixture)
        child.workingDirectory = fixture.path("inner")
        child.environment["GATE_MARKER"] = "42"
        #expect(await child.run() == .exited(0))
        let log = try String(contentsOfFile: fixture.path("out.log"), encoding: .utf8)
        #expect(log.contains(fixture.path("inner")))
        #expect(log.contains("marker=42"))
    }

    @Test func timeoutKillsTheWholeProcessGroup() async throws {
        let fixture = try GitFixture()
        // The background sleep is a grandchild: only killing the group stops it.
        let script = "sleep 60 & echo $! > \(fixture.path("grandchild.pid")); sleep 60"
        // No bound on how long that took: on a busy machine it is the load's to decide; the status says the watchdog cut it.
        let result = await process(script, in: fixture, timeout: .milliseconds(600)).run()
        #expect(result == .timedOut(after: .milliseconds(600)))
        let pidText = try String(contentsOfFile: fixture.path("grandchild.pid"), encoding: .utf8)
        let grandchild = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
        try await Task.sleep(for: .milliseconds(200))
        #expect(!isRunning(grandchild), "the grandchild survived the timeout")
    }

    @Test func timeoutAlsoKillsDescendantsThatLeftTheGroup() async throws {
        // SwiftPM starts compiler jobs in process groups of their own; `setsid` does the same here.
        let fixture = try GitFixture()
        let script = "setsid sleep 60 & echo $! > \(fixture.path("escaped.pid")); sleep 60"
        #expect(await process(script, in: fixture, timeout: .milliseconds(600)).run() == .timedOut(after: .milliseconds(600)))
        let pidText = try String(contentsOfFile: fixture.path("escaped.pid"), encoding: .utf8)
        let escaped = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
        try await Task.sleep(for: .milliseconds(200))
        #expect(!isRunning(escaped), "a descendant in its own process group survived the timeout")
    }

    /// Alive and not a zombie: an orphan that was killed may wait a while for an init that reaps slowly.
    private func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.range(of: ") ")
        else { return false }
        return stat[afterName.upperBound] != "Z"
    }

    @Test func cancellationStopsTheProcessAsInterrupted() async throws {
        let fixture = try GitFixture()
        let child = process("sleep 60", in: fixture, timeout: .seconds(120))
        let task = Task { await child.run() }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        #expect(await task.value == .interrupted)
    }

    @Test func aMissingExecutableIsALaunchFailure() async throws {
        let fixture = try GitFixture()
        var child = process("", in: fixture)
        child.executable = fixture.path("no-such-program")
        guard case .launchFailed(let reason) = await child.run() else {
            Issue.record("expected a launch failure")
            return
        }
        #expect(reason.contains("no-such-program"))
    }

    @Test func aSignalledProcessIsReportedAsSuch() async throws {
        let fixture = try GitFixture()
        #expect(await process("kill -9 $$", in: fixture).run() == .signalled(9))
    }
}
