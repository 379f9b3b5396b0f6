#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import Sandbox

/// A gate that is not root gives each child a `/tmp` and `/dev/shm` of folders it made (a user namespace without a
/// uid map can write no file system of its own). Each child writes its own, and they go once it has been reaped, as
/// root's in-memory ones go with their process. Root can make the same user namespace, so root runs these too.
@Suite(.enabled(if: geteuid() == 0, "makes a user namespace beside the PID and mount namespaces as root, to run anywhere CI runs"))
struct ChildTemporaryFoldersTests {
    private func run(_ script: String, in fixture: GitFixture, base: String, log: String) async throws -> (ProcessTermination, String) {
        let policy = FilePolicy(writable: [fixture.root], privateTemporary: true, temporaryFolders: base)
        let sandbox = ProcessSandbox(namespaces: .pidMountAndUser, files: policy)
        try #require(sandbox.childTemporaryFolders == base)
        let child = ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script], workingDirectory: fixture.root, environment: ["PATH": "/usr/bin:/bin"],
            logPath: fixture.path(log), timeout: .seconds(20), sandbox: sandbox)
        let termination = await child.run()
        return (termination, (try? String(contentsOfFile: fixture.path(log), encoding: .utf8)) ?? "")
    }

    @Test func eachChildWritesItsOwnTmpAndShmAndTheyGoWhenItIsReaped() async throws {
        let fixture = try GitFixture()
        let base = fixture.path("child-tmp")
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        let name = "cfa-gate-own-\(UUID().uuidString)"
        let script = "echo one > /tmp/\(name) && echo two > /dev/shm/\(name) && cat /tmp/\(name) /dev/shm/\(name) && ls -A \(base) | wc -l"
        let (first, log) = try await run(script, in: fixture, base: base, log: "first.log")
        #expect(first == .exited(0), "\(log)")
        // Written and read back; the folder that holds the children's own is empty to the child (hidden).
        #expect(log == "one\ntwo\n0\n", "\(log)")
        #expect(access("/tmp/\(name)", F_OK) != 0 && access("/dev/shm/\(name)", F_OK) != 0, "a file reached the machine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: base) == [], "the child's folders outlived it")
        // A second child starts from empty folders of its own.
        let (second, seen) = try await run("ls -A /tmp /dev/shm | grep -c \(name) || true", in: fixture, base: base, log: "second.log")
        #expect(second == .exited(0), "\(seen)")
        #expect(seen == "0\n", "\(seen)")
    }
}
