#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import Sandbox

/// Every child process — build, test, command — starts without the signing key and without the gate's descriptors.
struct ChildProcessIsolationTests {
    private func run(_ script: String, environment: [String: String], in fixture: GitFixture) async throws -> (ProcessTermination, String) {
        let child = ChildProcess(
            executable: "/bin/sh", arguments: ["-c", script], workingDirectory: fixture.root,
            environment: environment, logPath: fixture.path("out.log"), timeout: .seconds(20))
        let termination = await child.run()
        return (termination, try String(contentsOfFile: fixture.path("out.log"), encoding: .utf8))
    }

    @Test func theSigningKeyVariableNeverReachesAChild() async throws {
        let fixture = try GitFixture()
        let environment = ["PATH": "/usr/bin:/bin", "CFA_GATE_SIGNING_KEY": "-----BEGIN PRIVATE KEY-----secret", "KEPT": "yes"]
        let (termination, log) = try await run("echo \"key=[$CFA_GATE_SIGNING_KEY] kept=$KEPT\"", environment: environment, in: fixture)
        #expect(termination == .exited(0))
        #expect(log.contains("key=[] kept=yes"), "\(log)")
    }

    @Test func aDescriptorTheGateHoldsIsNotInherited() async throws {
        let fixture = try GitFixture()
        try fixture.write("secret.pem", "-----BEGIN PRIVATE KEY-----\n")
        // Opened the way a careless library would: no close-on-exec.
        let descriptor = open(fixture.path("secret.pem"), O_RDONLY)
        try #require(descriptor > 2)
        defer { close(descriptor) }
        // `ls` runs in place of the shell (the last command of `sh -c`) and lists its own descriptors; the one
        // it opens on the folder it lists is its own.
        let (termination, log) = try await run("ls -l /proc/self/fd", environment: ["PATH": "/usr/bin:/bin"], in: fixture)
        #expect(termination == .exited(0))
        let inherited = log.split(separator: "\n").filter { $0.contains(" -> ") }.compactMap { line -> String? in
            let parts = line.components(separatedBy: " -> ")
            let number = parts[0].split(separator: " ").last.map(String.init) ?? ""
            let isOwnListing = parts[1].hasPrefix("/proc/") && parts[1].hasSuffix("/fd")
            return ["0", "1", "2"].contains(number) || isOwnListing ? nil : "\(number) -> \(parts[1])"
        }
        #expect(inherited.isEmpty, "\(log)")
    }
}

/// A process in a namespace carries no variable that differs from process to process: SwiftPM keys its manifest
/// cache by the whole environment, and nothing in a namespace is ever orphaned to the gate for the mark to name.
struct ChildProcessMarkTests {
    @Test func onlyAProcessOutsideANamespaceCarriesTheReapersMark() async throws {
        let fixture = try GitFixture()
        let detected = await ProcessSandbox.detect(files: FilePolicy(writable: [fixture.root]), identity: nil)
        try #require(detected.sandbox.namespaces != nil, "no namespace sandbox on this machine: \(detected.unavailable ?? "")")
        for (sandbox, log) in [(detected.sandbox, "inside.log"), (ProcessSandbox(), "outside.log")] {
            let termination = await ChildProcess(
                executable: "/bin/sh", arguments: ["-c", "echo \"mark=[$\(ProcessReaper.tokenVariable)]\""], workingDirectory: fixture.root,
                environment: ["PATH": "/usr/bin:/bin"], logPath: fixture.path(log), timeout: .seconds(20), sandbox: sandbox
            ).run()
            #expect(termination == .exited(0))
        }
        #expect(try String(contentsOfFile: fixture.path("inside.log"), encoding: .utf8) == "mark=[]\n")
        #expect(try String(contentsOfFile: fixture.path("outside.log"), encoding: .utf8) != "mark=[]\n")
    }
}
