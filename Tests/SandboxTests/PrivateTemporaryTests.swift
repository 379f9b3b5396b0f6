#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import Sandbox

/// A package checked out under `/tmp` (as every `GitFixture` is) still gets a private, writable `/tmp`: what the
/// policy gives under `/tmp` is carried onto it as it is, and nothing else of the machine's `/tmp` is in reach. A
/// test suite's result must not depend on where the checkout lives.
@Suite(.enabled(if: geteuid() == 0, "carrying paths onto a private /tmp needs a namespace without a user namespace: root"))
struct PrivateTemporaryTests {
    /// The namespace sandbox for `policy`, as a root gate's probes get it.
    private static func sandbox(_ policy: FilePolicy) async throws -> ProcessSandbox {
        let detected = await ProcessSandbox.detect(files: policy, identity: nil)
        try #require(detected.sandbox.namespaces == .pidAndMount, "no namespace sandbox on this machine: \(detected.unavailable ?? "")")
        try #require(detected.sandbox.privateTemporary)
        return detected.sandbox
    }

    /// Runs `script` in `fixture` (the package, writable) under `policy`; how it ended and what it wrote.
    private func run(_ script: String, in fixture: GitFixture, policy: FilePolicy) async throws -> (ProcessTermination, String) {
        try #require(fixture.root.hasPrefix("/tmp/"), "the fixture is not under /tmp: \(fixture.root)")
        let child = ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script], workingDirectory: fixture.root, environment: ["PATH": "/usr/bin:/bin"],
            logPath: fixture.path("out.log"), timeout: .seconds(20), sandbox: try await Self.sandbox(policy))
        let termination = await child.run()
        return (termination, (try? String(contentsOfFile: fixture.path("out.log"), encoding: .utf8)) ?? "")
    }

    @Test func aProcessWhosePackageIsUnderTmpWritesToTmpAndTheFileStaysInItsOwnTmp() async throws {
        let fixture = try GitFixture()
        let name = "/tmp/cfa-gate-probe-file-\(UUID().uuidString)"
        defer { unlink(name) }
        let policy = FilePolicy(writable: [fixture.root], privateTemporary: true)
        let (termination, log) = try await run("echo written > \(name) && cat \(name)", in: fixture, policy: policy)
        #expect(termination == .exited(0), "\(log)")
        #expect(log.contains("written"), "\(log)")
        #expect(access(name, F_OK) != 0, "the file written in the sandbox's /tmp reached the machine's /tmp")
    }

    @Test func aFileInTheMachinesTmpOutsideThePackageIsOutOfSight() async throws {
        let fixture = try GitFixture()
        let planted = "/tmp/cfa-gate-planted-\(UUID().uuidString)"
        try "planted\n".write(toFile: planted, atomically: false, encoding: .utf8)
        defer { unlink(planted) }
        let policy = FilePolicy(writable: [fixture.root], privateTemporary: true)
        let script = "if [ -e \(planted) ]; then echo planted-visible; else echo planted-hidden; fi; ls -A /tmp"
        let (termination, log) = try await run(script, in: fixture, policy: policy)
        #expect(termination == .exited(0), "\(log)")
        #expect(log.contains("planted-hidden") && !log.contains("planted-visible"), "\(log)")
        // Only the way to the package: /tmp holds the fixture's folder and nothing else.
        let listed = log.split(separator: "\n").dropFirst().map(String.init)
        #expect(listed == [URL(fileURLWithPath: fixture.root).lastPathComponent], "\(log)")
    }

    @Test func thePackageUnderTmpStaysWritableAndReadOnlyPathsUnderTmpStayReadOnly() async throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        // A path the probes only read, under /tmp outside the package (as the repository around a package is).
        let beside = try GitFixture()
        try beside.write("nested/dependency.txt", "dependency\n")
        try beside.write("outside.txt", "not given\n")
        let policy = FilePolicy(
            writable: [fixture.root], readOnly: [fixture.path(".git")], visible: [beside.path("nested")], privateTemporary: true)
        let script = [
            "echo package > \(fixture.path("made-inside.txt")) && echo package-writable",
            "touch \(fixture.path(".git/made-inside")) 2>/dev/null && echo git-writable",
            "cat \(beside.path("nested/dependency.txt"))",
            "touch \(beside.path("nested/made-inside")) 2>/dev/null && echo beside-writable",
            "[ -e \(beside.path("outside.txt")) ] && echo beside-outside-nested-visible",
            "true",
        ].joined(separator: "; ")
        let (termination, log) = try await run(script, in: fixture, policy: policy)
        #expect(termination == .exited(0), "\(log)")
        #expect(log.contains("package-writable") && log.contains("dependency"), "\(log)")
        #expect(!log.contains("git-writable") && !log.contains("beside-writable"), "\(log)")
        #expect(!log.contains("beside-outside-nested-visible"), "\(log)")
        #expect((try? String(contentsOfFile: fixture.path("made-inside.txt"), encoding: .utf8)) == "package\n")
        #expect(access(fixture.path(".git/made-inside"), F_OK) != 0 && access(beside.path("nested/made-inside"), F_OK) != 0)
    }
}
