#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Sandbox
import Testing
@testable import GateEngine
@testable import Verdict

/// A run whose repository lies under `/tmp` (as every fixture's does) gives its probes a private, writable `/tmp`
/// all the same, and its verdict says so.
struct PrivateTemporaryRunTests {
    @Test(.enabled(if: geteuid() == 0, "a private /tmp around paths under /tmp needs a namespace without a user namespace: root"))
    func probesOfARepositoryUnderTmpWriteTheirOwnTmpAndSeeNothingElseOfIt() async throws {
        let written = "/tmp/cfa-gate-run-probe-\(UUID().uuidString)"
        let planted = "/tmp/cfa-gate-run-planted-\(UUID().uuidString)"
        try "planted\n".write(toFile: planted, atomically: false, encoding: .utf8)
        defer {
            unlink(planted)
            unlink(written)
        }
        let command = "echo x > \(written) && test -s \(written) && ! test -e \(planted) && test -f Package.swift"
        let fixture = try GateFixture(checklist: "1. Writes /tmp. <!-- probe: command: \(command) -->\n")
        try #require(fixture.git.root.hasPrefix("/tmp/"))
        let predicate = try await Gate.run(fixture.options()).predicate
        try #require(predicate.sandbox == .namespace, "no namespace sandbox here")
        #expect(predicate.items.map(\.status) == [.passed], "\(predicate.items.map(\.summary))")
        #expect(predicate.isolation?.privateTemporary == true)
        #expect(predicate.isolation?.summary.contains("private /tmp") == true)
        #expect(access(written, F_OK) != 0, "the probe's file reached the machine's /tmp")
    }

    /// Test processes preload the fork server and XCTest observer libraries from beside the gate: a private /tmp must
    /// carry them when the gate was built under /tmp, as a CI clone often is.
    @Test func thePreloadedLibrariesAreCarriedWithTheRepositoryAndTheToolchain() throws {
        let library = try #require(ForkServer.libraryBesideExecutable(), "the fork server library is built beside the tests")
        let observer = try #require(
            ForkServer.libraryBesideExecutable(named: "libCFAGateXCTestObserver.so"), "the XCTest observer is built beside the tests")
        let paths = ProbeConfinement.visiblePaths(repositoryRoot: "/tmp/repo", swiftExecutable: "/tmp/toolchain/usr/bin/swift")
        #expect(paths == ["/tmp/repo", "/tmp/toolchain/usr", ProbeConfinement.resolved(library), ProbeConfinement.resolved(observer)])
    }
}
