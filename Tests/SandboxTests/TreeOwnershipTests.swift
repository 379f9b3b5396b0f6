#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
import Sandbox

/// What a root gate hands its probes' user in the build folders goes back after the run, and only to the same file;
/// what the probes made there becomes the package owner's.
@Suite(.enabled(if: geteuid() == 0, "only root hands files to another user")) struct TreeOwnershipTests {
    private static let probes = ProbeIdentity(uid: 1777, gid: 1777, name: "uid 1777")
    private static let owner = (uid: uid_t(1888), gid: gid_t(1889))

    private func status(_ path: String) -> stat {
        var status = stat()
        _ = lstat(path, &status)
        return status
    }

    @Test func handedEntriesGetTheirOwnersAndModesBackAndWhatTheProbesMadeIsTheOwners() throws {
        let fixture = try GitFixture()
        let build = fixture.path(".build")
        try fixture.write(".build/debug/kept.o", "object")
        try fixture.write(".build/replaced", "original")
        _ = chmod(fixture.path(".build/debug"), 0o750)
        _ = chmod(fixture.path(".build/debug/kept.o"), 0o4755)  // set-user-ID: the hand-over's chown clears it
        _ = lchown(fixture.path(".build/replaced"), 0, 1)

        let changes = TreeOwnership.hand(build, to: Self.probes)
        #expect(Set(changes.map(\.path)) == [build, "\(build)/debug", "\(build)/debug/kept.o", "\(build)/replaced"])
        #expect(status("\(build)/debug/kept.o").st_uid == 1777)

        // What the probes do: make files, one of them set-user-ID, one hard-linked, and replace a handed file.
        try fixture.write(".build/debug/made.o", "new")
        try fixture.write(".build/debug/linked", "two names")
        _ = link(fixture.path(".build/debug/linked"), fixture.path("elsewhere"))
        _ = chmod(fixture.path(".build/debug/made.o"), 0o6755)
        try fixture.write(".build/replaced.new", "the probe's own")
        _ = rename(fixture.path(".build/replaced.new"), fixture.path(".build/replaced"))
        for path in ["debug/made.o", "debug/linked", "replaced"] { _ = lchown("\(build)/\(path)", 1777, 1777) }

        TreeOwnership.restore(changes, under: [build], madeBy: Self.probes, owner: Self.owner)
        #expect(status(build).st_uid == 0)
        #expect(status("\(build)/debug").st_uid == 0 && status("\(build)/debug").st_mode & 0o7777 == 0o750)
        // Its mode back, but never a set-user-ID bit: a probe could have rewritten the file.
        #expect(status("\(build)/debug/kept.o").st_uid == 0 && status("\(build)/debug/kept.o").st_mode & 0o7777 == 0o755)
        // A new file under the old name is not the one handed over: it is the probes' making, so the owner's.
        #expect(status("\(build)/replaced").st_uid == 1888 && status("\(build)/replaced").st_gid == 1889)
        #expect(status("\(build)/debug/made.o").st_uid == 1888 && status("\(build)/debug/made.o").st_mode & 0o7777 == 0o755)
        // A file with a name outside the build folder stays as it was.
        #expect(status("\(build)/debug/linked").st_uid == 1777)
    }

    @Test func linksAreHandedThemselvesNeverWhatTheyPointAt() throws {
        let fixture = try GitFixture()
        try fixture.write("Sources/App.swift", "let x = 1\n")
        try FileManager.default.createDirectory(atPath: fixture.path(".build"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.path(".build/sources"), withDestinationPath: fixture.path("Sources"))
        let changes = TreeOwnership.hand(fixture.path(".build"), to: Self.probes)
        #expect(status(fixture.path("Sources")).st_uid == 0 && status(fixture.path("Sources/App.swift")).st_uid == 0)
        #expect(status(fixture.path(".build/sources")).st_uid == 1777)
        TreeOwnership.restore(changes, under: [fixture.path(".build")], madeBy: Self.probes, owner: Self.owner)
        #expect(status(fixture.path(".build/sources")).st_uid == 0)
    }
}
