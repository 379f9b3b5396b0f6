#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import Probes

/// A child in the namespace sandbox sees its own process tree only, and looks otherwise as it would beside the gate.
struct ProcessSandboxTests {
    private static func sandbox() async throws -> ProcessSandbox {
        let detected = await ProcessSandbox.detect()
        try #require(detected.sandbox != .none, "no namespace sandbox on this machine: \(detected.unavailable ?? "")")
        return detected.sandbox
    }

    private func child(_ script: String, in fixture: GitFixture, sandbox: ProcessSandbox, timeout: Duration = .seconds(20)) -> ChildProcess {
        ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script], workingDirectory: fixture.root,
            environment: ["PATH": "/usr/bin:/bin", "KEPT": "yes", "GITHUB_TOKEN": "secret", "CI_JOB_JWT_V2": "jwt"],
            logPath: fixture.path("out.log"), timeout: timeout, sandbox: sandbox)
    }

    @Test func aSandboxedChildSeesOnlyItsOwnTreeAndKeepsItsUserDirectoryAndEnvironment() async throws {
        let fixture = try GitFixture()
        let script = "ls /proc | grep -c '^[0-9]'; [ -e /proc/\(getpid()) ] && echo parent-visible;"
            + " echo \"$(id -u) $(pwd) $KEPT [$GITHUB_TOKEN$CI_JOB_JWT_V2]\"; exit 7"
        #expect(await child(script, in: fixture, sandbox: try await Self.sandbox()).run() == .exited(7))
        let log = try String(contentsOfFile: fixture.path("out.log"), encoding: .utf8)
        #expect(!log.contains("parent-visible"), "\(log)")
        #expect(log.contains("\(getuid()) \(fixture.root) yes []"), "\(log)")
        // The shell, `ls` and `grep` (and `unshare` is outside): a handful, not the machine's hundreds.
        #expect((Int(log.split(separator: "\n").first ?? "") ?? 99) <= 5, "\(log)")
    }

    @Test func theWatchdogStillStopsTheWholeSandboxedTree() async throws {
        let fixture = try GitFixture()
        let marker = fixture.path("late")
        // A line every 0.2 s for as long as the detached shell lives: after the stop the file must stop growing,
        // however late a loaded machine got round to the watchdog.
        let script = "setsid sh -c 'while :; do echo tick >> \(marker); sleep 0.2; done' & sleep 60"
        let ended = await child(script, in: fixture, sandbox: try await Self.sandbox(), timeout: .milliseconds(500)).run()
        #expect(ended == .timedOut(after: .milliseconds(500)))
        let size = { ((try? FileManager.default.attributesOfItem(atPath: marker))?[.size] as? Int) ?? 0 }
        let written = size()
        try await Task.sleep(for: .seconds(1.5))
        #expect(size() == written, "the detached shell outlived the watchdog's stop")
    }

    @Test func aMissingProgramIsALaunchFailureInTheSandboxToo() async throws {
        let fixture = try GitFixture()
        var sandboxed = child("", in: fixture, sandbox: try await Self.sandbox())
        sandboxed.executable = fixture.path("no-such-program")
        guard case .launchFailed(let reason) = await sandboxed.run() else {
            Issue.record("not a launch failure")
            return
        }
        #expect(reason.contains("no-such-program"))
    }

    @Test func withoutUnshareThereIsNoSandboxAndTheReasonSaysWhy() async {
        let detected = await ProcessSandbox.detect(unshare: "/nonexistent/unshare")
        #expect(detected.sandbox == .none)
        #expect(detected.unavailable?.contains("`unshare` is not installed") == true)
    }

    @Test func theChecklistCanWithholdMoreVariablesByNameAndPrefix() {
        let environment = ["CLOUD_SECRET": "a", "DEPLOY_KEY": "b", "DEPLOY_TOKEN": "c", "DEPLOYMENT": "d", "PATH": "/bin"]
        let kept = ChildProcess.withholding(["CLOUD_SECRET", "DEPLOY_*"], from: environment)
        #expect(kept == ["DEPLOYMENT": "d", "PATH": "/bin"])
        #expect(ChildProcess.childEnvironment(["GITHUB_ENV": "/f", "CI_JOB_JWT_V1": "j", "HOME": "/h"]) == ["HOME": "/h"])
    }
}
