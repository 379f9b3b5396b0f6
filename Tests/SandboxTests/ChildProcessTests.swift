import Foundation
import GateTestSupport
import Synchronization
import Testing
@testable import Sandbox

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
        waitUntilEnded(grandchild)
        #expect(!isRunning(grandchild), "the grandchild survived the timeout")
    }

    /// Synchronous work in every thread of the cooperative pool, as an analysis and a test suite's own work do.
    final class PoolSaturation: Sendable {
        let started = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        /// Whether every spinner was running when the first of them saw the group gone.
        let saturatedAtCut = Atomic<Bool>(false)
        /// The bound far beyond the timeout ended the spinning: the group outlived it.
        let gaveUp = Atomic<Bool>(false)
        let width = ProcessInfo.processInfo.activeProcessorCount

        /// Spins until `stop` flips: the first spinner to see process group `pgid` gone flips it. A bound far beyond the
        /// timeout flips it too, so a starved watchdog fails the test instead of hanging it.
        func spin(until pgid: pid_t) {
            started.add(1, ordering: .sequentiallyConsistent)
            let giveUp = ContinuousClock.now + .seconds(45)
            var turns = 0
            while !stop.load(ordering: .sequentiallyConsistent) {
                turns &+= 1
                guard turns % 1024 == 0 else { continue }
                if kill(-pgid, 0) == -1, errno == ESRCH {
                    let everySpinnerRuns = started.load(ordering: .sequentiallyConsistent) == width
                    if everySpinnerRuns { saturatedAtCut.store(true, ordering: .sequentiallyConsistent) }
                    stop.store(true, ordering: .sequentiallyConsistent)
                } else if ContinuousClock.now > giveUp {
                    gaveUp.store(true, ordering: .sequentiallyConsistent)
                    stop.store(true, ordering: .sequentiallyConsistent)
                }
            }
        }
    }

    @Test func theWatchdogCutsTheChildWhileEveryPoolThreadIsBusy() async throws {
        // Other tests' work may hold pool threads so that not every spinner starts before the cut: then it proves
        // nothing about the watchdog, and the scenario runs again.
        for attempt in 1...3 {
            let fixture = try GitFixture()
            let pidFile = fixture.path("pgid")
            // `exec`: the shell's process, leader of the group the child gets, is the only one in it.
            let script = "echo $$ > \(pidFile).new && mv \(pidFile).new \(pidFile); exec sleep 60"
            let child = process(script, in: fixture, timeout: .milliseconds(600))
            let run = Task { await ProcessSandbox.$current.withValue(.none) { await child.run() } }
            var pgid: pid_t?
            while pgid == nil {
                let text = try? String(contentsOfFile: pidFile, encoding: .utf8)
                pgid = text.flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
                await Task.yield()
            }
            let group = try #require(pgid)

            let saturation = PoolSaturation()
            await withTaskGroup(of: Void.self) { tasks in
                for _ in 0..<saturation.width { tasks.addTask { saturation.spin(until: group) } }
            }

            let gaveUp = saturation.gaveUp.load(ordering: .sequentiallyConsistent)
            #expect(!gaveUp, "the watchdog waited for a free pool thread (attempt \(attempt))")
            #expect(await run.value == .timedOut(after: .milliseconds(600)))
            let signalled = kill(-group, 0)
            let failure = errno
            #expect(signalled == -1 && failure == ESRCH, "process group \(group) is still there")
            if saturation.saturatedAtCut.load(ordering: .sequentiallyConsistent) || gaveUp { return }
        }
        // Never saturated before the cut (the suite's other tests held pool threads each time): every round still showed
        // the child cut and its group gone, which is what a busy machine must not prevent; a failure here would only say
        // the machine was busier than the scenario, which is no fault of the watchdog's.
    }

    @Test func timeoutAlsoKillsDescendantsThatLeftTheGroup() async throws {
        // SwiftPM starts compiler jobs in process groups of their own; `setsid` does the same here.
        let fixture = try GitFixture()
        let script = "setsid sleep 60 & echo $! > \(fixture.path("escaped.pid")); sleep 60"
        #expect(await process(script, in: fixture, timeout: .milliseconds(600)).run() == .timedOut(after: .milliseconds(600)))
        let pidText = try String(contentsOfFile: fixture.path("escaped.pid"), encoding: .utf8)
        let escaped = try #require(pid_t(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
        waitUntilEnded(escaped)
        #expect(!isRunning(escaped), "a descendant in its own process group survived the timeout")
    }

    /// Returns once `pid` has ended (its pidfd becomes readable), or is not there at all; gives up after 30 s so that a
    /// survivor fails the test instead of hanging it. SIGKILL is delivered asynchronously: a killed process may still
    /// be running for a moment after `kill` returned.
    private func waitUntilEnded(_ pid: pid_t) {
        typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
        guard let open = CLibrary.function("pidfd_open", as: PidfdOpen.self) else { return }
        let descriptor = open(pid, 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&watched, 1, 30_000) == -1, errno == EINTR {}
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
        let started = fixture.path("started")
        let child = process("touch \(started); exec sleep 60", in: fixture, timeout: .seconds(120))
        let task = Task { await child.run() }
        // Cancelled once it runs, not after a guess at how long starting takes.
        while !FileManager.default.fileExists(atPath: started) { await Task.yield() }
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
