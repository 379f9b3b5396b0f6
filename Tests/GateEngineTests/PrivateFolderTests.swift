#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import GateEngine
import Sandbox

/// The probes' private folder keeps one path from run to run, so that SwiftPM's manifest cache (keyed by the whole
/// environment, `HOME` and `TMPDIR` included) still applies; nothing in it outlives a run, and two runs at once
/// never share it.
struct PrivateFolderTests {
    @Test func theFolderKeepsItsPathIsEmptiedFirstAndIsNeverShared() throws {
        let fixture = try GitFixture()
        let folder = fixture.path(".git/cfa-gate")
        try FileManager.default.createDirectory(atPath: "\(folder)/probes/home", withIntermediateDirectories: true)
        try fixture.write(".git/cfa-gate/probes/home/left-by-an-earlier-run", "x")

        let first = ProbeConfinement.claimPrivateFolder(in: folder, runID: "one")
        #expect(first.path == "\(folder)/probes")
        #expect(first.lock >= 0)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/probes/home/left-by-an-earlier-run"))

        // Another run of the same clone while the first holds it: a folder of its own.
        let second = ProbeConfinement.claimPrivateFolder(in: folder, runID: "two")
        #expect(second.path == "\(folder)/probes-two")
        #expect(second.lock == -1)

        var confinement = ProbeConfinement(
            sandbox: ProcessSandbox(), unavailable: nil, privateFolder: first.path, record: ProbeConfinement.record(of: ProcessSandbox()))
        confinement.privateFolderLock = first.lock
        try FileManager.default.createDirectory(atPath: "\(first.path)/tmp", withIntermediateDirectories: true)
        // A copy of the lock's descriptor, as a child started on another thread holds until its exec.
        let copy = dup(first.lock)
        defer { close(copy) }
        confinement.removePrivateFolder()
        #expect(!FileManager.default.fileExists(atPath: first.path))

        // Released, whoever still holds a copy of the descriptor: the next run has the stable path again.
        let third = ProbeConfinement.claimPrivateFolder(in: folder, runID: "three")
        #expect(third.path == "\(folder)/probes")
        if third.lock >= 0 { close(third.lock) }
    }
}
