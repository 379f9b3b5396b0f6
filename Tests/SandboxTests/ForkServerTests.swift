#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import Sandbox

/// The fork server, on `/bin/sh` as its "bundle": any dynamically linked program starts through `__libc_start_main`,
/// so the shell stands in for a test bundle here, and each request is a shell command line.
struct ForkServerTests {
    private func server(in fixture: GitFixture) async throws -> ForkServerPool {
        let detected = await ProcessSandbox.detect(files: FilePolicy(writable: [fixture.root]), identity: nil)
        try #require(detected.sandbox.namespaces != nil, "no namespace sandbox on this machine: \(detected.unavailable ?? "")")
        let library = try #require(ForkServer.libraryBesideExecutable(), "libCFAGateForkServer.so was not built beside the test bundle")
        let pool = ForkServerPool(
            ForkServer.Configuration(
                bundle: "/bin/sh", library: library, workingDirectory: fixture.root,
                environment: ["PATH": "/usr/bin:/bin", "KEPT": "yes"], logPath: fixture.path("server.log"), sandbox: detected.sandbox))
        let refusal = await pool.prepare(timeout: .seconds(30))
        #expect(refusal == nil)
        return pool
    }

    private func run(_ script: String, on pool: ForkServerPool, in fixture: GitFixture, log: String) async -> (ProcessTermination, String) {
        let termination = await pool.run(arguments: ["-c", script], output: .file(fixture.path(log)), timeout: .seconds(30))
        return (termination, (try? String(contentsOfFile: fixture.path(log), encoding: .utf8)) ?? "")
    }

    @Test func eachRequestRunsMainWithItsArgumentsAndItsExitStatusComesBack() async throws {
        let fixture = try GitFixture()
        let pool = try await server(in: fixture)
        let (first, firstLog) = await run("echo \"first $0 kept=$KEPT\"; exit 3", on: pool, in: fixture, log: "a.log")
        let (second, secondLog) = await run("echo second; kill -KILL $$", on: pool, in: fixture, log: "b.log")
        await pool.shutdown()
        #expect(first == .exited(3))
        #expect(firstLog == "first /bin/sh kept=yes\n")
        #expect(second == .signalled(SIGKILL))
        #expect(secondLog == "second\n")
    }

    @Test func whatATestLeftRunningIsGoneBeforeTheNextStarts() async throws {
        let fixture = try GitFixture()
        let pool = try await server(in: fixture)
        // The first leaves a process behind in its own session, and sees it in the namespace's /proc; the second, forked by
        // the same (only) server, looks for it there.
        let (left, leftLog) = await run(
            "setsid sleep 300 </dev/null >/dev/null 2>&1 & until grep -qsx sleep /proc/[0-9]*/comm; do sleep 0.01; done; echo seen", on: pool, in: fixture, log: "a.log")
        let (look, lookLog) = await run("cat /proc/[0-9]*/comm", on: pool, in: fixture, log: "b.log")
        await pool.shutdown()
        #expect(left == .exited(0))
        #expect(leftLog == "seen\n")
        #expect(look == .exited(0))
        #expect(!lookLog.contains("sleep"), "\(lookLog)")
    }

    @Test func theTestProcessesSeeNoneOfTheServersVariables() async throws {
        let fixture = try GitFixture()
        let pool = try await server(in: fixture)
        let (termination, log) = await run("env", on: pool, in: fixture, log: "env.log")
        await pool.shutdown()
        #expect(termination == .exited(0))
        #expect(log.contains("KEPT=yes"), "\(log)")
        for variable in ["LD_PRELOAD", "LD_BIND_NOW", ForkServer.roleVariable] {
            #expect(!log.contains("\(variable)="), "\(log)")
        }
    }

    @Test func aTestThatOutlivesItsTimeLimitIsKilledWithItsServerAndTheNextGetsANewOne() async throws {
        let fixture = try GitFixture()
        let pool = try await server(in: fixture)
        let hung = await pool.run(arguments: ["-c", "sleep 300"], output: .file(fixture.path("hung.log")), timeout: .milliseconds(300))
        let (after, afterLog) = await run("echo after", on: pool, in: fixture, log: "after.log")
        await pool.shutdown()
        #expect(hung == .timedOut(after: .milliseconds(300)))
        #expect(after == .exited(0))
        #expect(afterLog == "after\n")
    }

    @Test func descriptorThreeIsTheRequestsOwnAndNoOtherDescriptorReachesTheTest() async throws {
        let fixture = try GitFixture()
        let pool = try await server(in: fixture)
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let output = ChildOutput(destination: .file(fixture.path("fd.log")), fourth: ends[1])
        // `ls` lists its own descriptors: 0 to 3, and the one it opens on the folder it lists.
        let termination = await pool.run(arguments: ["-c", "echo event >&3; exec ls /proc/self/fd"], output: output, timeout: .seconds(30))
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(ends[0], &buffer, buffer.count)
        close(ends[0])
        await pool.shutdown()
        #expect(termination == .exited(0))
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "event\n")
        let listed = try String(contentsOfFile: fixture.path("fd.log"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(listed.filter { !["0", "1", "2", "3"].contains($0) }.count == 1, "\(listed)")
    }

    @Test func theLongestRequestGoesThroughAndLongerArgumentsAreLeftToExecution() async throws {
        let fixture = try GitFixture()
        let pool = try await server(in: fixture)
        let long = String(repeating: "x", count: ForkServer.maximumRequest - 64)
        let arguments = ["-c", "echo ${#1}", "sh", long]
        #expect(ForkServer.accepts(arguments))
        #expect(!ForkServer.accepts(["-c", "true", String(repeating: "x", count: ForkServer.maximumRequest)]))
        let termination = await pool.run(arguments: arguments, output: .file(fixture.path("long.log")), timeout: .seconds(30))
        await pool.shutdown()
        #expect(termination == .exited(0))
        #expect(try String(contentsOfFile: fixture.path("long.log"), encoding: .utf8) == "\(long.count)\n")
    }

    @Test func outsideAPIDNamespaceThereIsNoServer() async throws {
        let fixture = try GitFixture()
        let library = try #require(ForkServer.libraryBesideExecutable())
        let started = await ForkServer.start(
            ForkServer.Configuration(
                bundle: "/bin/sh", library: library, workingDirectory: fixture.root, environment: [:], logPath: fixture.path("server.log"),
                sandbox: ProcessSandbox()),
            timeout: .seconds(10))
        guard case .failure(let failure) = started else {
            Issue.record("a server started without a PID namespace")
            return
        }
        #expect(failure.message.contains("PID namespace"), "\(failure.message)")
    }
}
