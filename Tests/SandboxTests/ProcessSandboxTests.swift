#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import Sandbox

/// A child in the namespace sandbox sees its own process tree only, and looks otherwise as it would beside the gate.
struct ProcessSandboxTests {
    /// The namespace sandbox with the fixture writable, as a run would have its package.
    private static func sandbox(_ fixture: GitFixture) async throws -> ProcessSandbox {
        let detected = await ProcessSandbox.detect(files: FilePolicy(writable: [fixture.root]), identity: nil)
        try #require(detected.sandbox.namespaces != nil, "no namespace sandbox on this machine: \(detected.unavailable ?? "")")
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
        #expect(await child(script, in: fixture, sandbox: try await Self.sandbox(fixture)).run() == .exited(7))
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
        let ended = await child(script, in: fixture, sandbox: try await Self.sandbox(fixture), timeout: .milliseconds(500)).run()
        #expect(ended == .timedOut(after: .milliseconds(500)))
        let size = { ((try? FileManager.default.attributesOfItem(atPath: marker))?[.size] as? Int) ?? 0 }
        let written = size()
        try await Task.sleep(for: .seconds(1.5))
        #expect(size() == written, "the detached shell outlived the watchdog's stop")
    }

    /// A program or working directory that is not there fails the launch, naming what was missing.
    @Test(arguments: [
        (program: "no-such-program", directory: nil, expected: ["no-such-program"]),
        (program: nil, directory: "gone", expected: ["changing to the working directory", "No such file"]),
    ] as [(program: String?, directory: String?, expected: [String])])
    func aMissingProgramOrDirectoryIsALaunchFailureInTheSandboxToo(program: String?, directory: String?, expected: [String]) async throws {
        let fixture = try GitFixture()
        var sandboxed = child("true", in: fixture, sandbox: try await Self.sandbox(fixture))
        if let program { sandboxed.executable = fixture.path(program) }
        if let directory { sandboxed.workingDirectory = fixture.path(directory) }
        guard case .launchFailed(let reason) = await sandboxed.run() else {
            Issue.record("not a launch failure")
            return
        }
        #expect(expected.allSatisfy { reason.contains($0) }, "\(reason)")
    }

    /// A child writing into pipes the gate reads: output and error into one, descriptor 3 into another, and no other
    /// descriptor of the gate's reaches it (the read ends, the log, whatever else is open).
    @Test(arguments: [false, true])
    func pipesReachTheChildAsItsOutputAndDescriptorThreeAndNothingElseDoes(sandboxed: Bool) async throws {
        let fixture = try GitFixture()
        let output = try #require(ChildPipe())
        let events = try #require(ChildPipe())
        let held = open(fixture.path("held.txt"), O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        defer { closeDescriptor(held) }
        let script = "echo out; echo err >&2; echo event >&3; ls /proc/self/fd | tr '\\n' ' ' >&3"
        var process = child(script, in: fixture, sandbox: sandboxed ? try await Self.sandbox(fixture) : .none)
        process.output = ChildOutput(destination: .pipe(output.writeEnd), fourth: events.writeEnd)
        #expect(await process.run() == .exited(0))
        #expect(output.readAll() == "out\nerr\n")
        let written = events.readAll()
        #expect(written.hasPrefix("event\n"), "\(written)")
        // `ls` lists 0 to 3 and the descriptor it opened to read the folder.
        let descriptors = written.dropFirst("event\n".count).split(separator: " ").compactMap { Int($0) }
        #expect(descriptors.filter { $0 != descriptors.last } == [0, 1, 2, 3], "\(written)")
    }

    @Test func theSandboxedChildStartsWithDefaultSignalHandlers() async throws {
        let fixture = try GitFixture()
        // The gate ignores SIGPIPE, as many programs do; the child must not inherit that (a broken pipe must end it).
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let process = child("grep -E '^(SigIgn|SigBlk)' /proc/self/status", in: fixture, sandbox: try await Self.sandbox(fixture))
        #expect(await process.run() == .exited(0))
        let status = try String(contentsOfFile: fixture.path("out.log"), encoding: .utf8)
        var masks: [String: UInt64] = [:]
        for line in status.split(separator: "\n") {
            let fields = line.split(separator: ":")
            masks[String(fields[0])] = UInt64(fields.last?.trimmingCharacters(in: .whitespaces) ?? "", radix: 16)
        }
        #expect(masks["SigBlk"] == 0, "blocked signals: \(status)")
        #expect(masks["SigIgn"].map { $0 & (1 << (UInt64(SIGPIPE) - 1)) == 0 } == true, "ignored signals: \(status)")
    }

    @Test func theChecklistCanWithholdMoreVariablesByNameAndPrefix() {
        let environment = ["CLOUD_SECRET": "a", "DEPLOY_KEY": "b", "DEPLOY_TOKEN": "c", "DEPLOYMENT": "d", "PATH": "/bin"]
        let kept = ChildProcess.withholding(["CLOUD_SECRET", "DEPLOY_*"], from: environment)
        #expect(kept == ["DEPLOYMENT": "d", "PATH": "/bin"])
        #expect(ChildProcess.childEnvironment(["GITHUB_ENV": "/f", "CI_JOB_JWT_V1": "j", "HOME": "/h"]) == ["HOME": "/h"])
    }
}

extension ChildPipe {
    /// Everything in the pipe once every writer is gone.
    func readAll() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { readDescriptor(readEnd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        closeDescriptor(readEnd)
        return String(decoding: bytes, as: UTF8.self)
    }
}
