#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// A root gate never changes who owns the user's files (issue 34, measurement 8): started as root without `SUDO_UID` (a
/// `container:` job, a dev container, `sudo -i`), with namespaces or without, on a checkout owned by another user, every
/// owner and mode is as it was after the run; on a checkout owned by root, what it handed its probes (`nobody`) in the
/// build folders goes back, after a failing run and after Ctrl-C too. And a change to the user's git configuration that
/// no probe could have made is not blamed on them (measurement 9). Serialized: the runs hand files between users.
@Suite(.serialized) struct OwnershipAttackTests {
    /// `path → uid:gid:mode` of everything under `root` but the build folders and the gate's own `.git/cfa-gate`, links
    /// not followed.
    private func listing(_ root: String) -> [String: String] {
        var entries: [String: String] = [:]
        var pending = [root]
        while let path = pending.popLast() {
            let relative = path == root ? "." : String(path.dropFirst(root.count + 1))
            guard ![".build", ".swiftpm", ".git/cfa-gate"].contains(relative) else { continue }
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            entries[relative] = "\(status.st_uid):\(status.st_gid):\(String(status.st_mode & 0o7777, radix: 8))"
            guard (status.st_mode & S_IFMT) == S_IFDIR else { continue }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { pending.append("\(path)/\(entry)") }
        }
        return entries
    }

    /// Every entry under `path` (itself included) whose owner is not `uid`.
    private func ownedByOthers(_ path: String, than uid: uid_t) -> [String] {
        var others: [String] = []
        var pending = [path]
        while let next = pending.popLast() {
            var status = stat()
            guard lstat(next, &status) == 0 else { continue }
            if status.st_uid != uid { others.append("\(next) (uid \(status.st_uid))") }
            guard (status.st_mode & S_IFMT) == S_IFDIR else { continue }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: next)) ?? [] { pending.append("\(next)/\(entry)") }
        }
        return others
    }

    private func set(_ path: String, owner: (uid_t, gid_t), mode: mode_t) {
        _ = lchown(path, owner.0, owner.1)
        _ = chmod(path, mode)
    }

    /// Files of several owners and modes: a secret 0600, a folder 0755, a script 0755, one of root's, one of uid 1777.
    private func writeMixedOwners(into fixture: GitFixture, owner: (uid_t, gid_t)) throws {
        try fixture.write("notes/private.txt", "only mine\n")
        try fixture.write("Scripts/run.sh", "#!/bin/sh\n")
        try fixture.write("root-owned.txt", "root's\n")
        try fixture.write("other-user.txt", "1777's\n")
        set(fixture.path("notes"), owner: owner, mode: 0o755)
        set(fixture.path("notes/private.txt"), owner: owner, mode: 0o600)
        set(fixture.path("Scripts/run.sh"), owner: owner, mode: 0o755)
        set(fixture.path("root-owned.txt"), owner: (0, 0), mode: 0o644)
        set(fixture.path("other-user.txt"), owner: (1777, 1777), mode: 0o640)
    }

    private func gate(_ setup: AttackHost.Setup, in fixture: GitFixture, out: String, environment: [String: String]? = nil) async throws -> ProcessResult {
        let environment = environment ?? SwiftPackageFixture.environment(for: fixture)
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try AttackHost.gate(setup, ["run", "--no-progress", "--out", out], in: fixture, environment: environment) })
            }.start()
        }
    }

    @Test(
        .enabled(if: AttackHost.isRoot && AttackHost.hasNoNamespaces && AttackHost.ciUser != nil, "needs root, ciuser and the NoNamespaces helper"),
        arguments: [AttackHost.Setup.root, .rootWithoutNamespaces])
    func aRootGateRunsItsProbesAsTheCheckoutsOwnerAndChangesNoOwnerOrMode(setup: AttackHost.Setup) async throws {
        let user = try #require(AttackHost.ciUser)
        let probe = #"echo "uid=$(id -u)"; echo made > .build/made-by-probe && mkdir -p .swiftpm/configuration && echo BUILD-WROTE"#
        let fixture = try ChangeFixture.make(base: ["gate/cfa-change-gate.md": "1. **Probe.** <!-- probe: command: \(probe) -->\n"], change: ["notes.txt": "x\n"])
        try AttackHost.chown(fixture.root, to: user.uid, user.gid)
        try writeMixedOwners(into: fixture, owner: (user.uid, user.gid))
        let out = try AttackHost.folder("out")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let before = listing(fixture.root)

        let result = try await gate(setup, in: fixture, out: "\(out)/v.json")
        let log = AttackHost.logs(beside: "\(out)/v.json")
        #expect(result.status == 0, "\(setup): \(result.standardOutput)\(result.standardError)\n\(log)")
        #expect(log.contains("uid=\(user.uid)\n") && log.contains("BUILD-WROTE"), "\(setup): \(log)")
        let isolation = AttackHost.isolation(try AttackHost.verdict("\(out)/v.json"))
        #expect(isolation["probeUID"] as? Int == Int(user.uid), "\(setup): \(isolation)")
        let after = listing(fixture.root)
        for path in Set(before.keys).union(after.keys).sorted() where before[path] != after[path] {
            Issue.record("\(setup): \(path) was \(before[path] ?? "absent"), is \(after[path] ?? "absent")")
        }
        // What the gate and the probes made in the build folders is the owner's: they can remove it.
        #expect(ownedByOthers(fixture.path(".build"), than: user.uid) == [], "\(setup)")
        #expect(ownedByOthers(fixture.path(".swiftpm"), than: user.uid) == [], "\(setup)")
    }

    /// A root-owned checkout: probes run as `nobody`, the build folders are theirs for the run, and after it every entry
    /// is as it was and what they made is root's — after a run whose tests fail, with a real build.
    @Test(.enabled(if: AttackHost.isRoot, "needs root"))
    func aRootOwnedCheckoutGetsEveryOwnerAndModeBackAfterAFailingTestRun() async throws {
        let fixture = try GitFixture()
        try SwiftPackageFixture.writeCalculator(into: fixture)
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": "1. **Tests pass.** <!-- probe: test --filter XCTest -->\n"])
        try writeMixedOwners(into: fixture, owner: (0, 0))
        // Left by an earlier build, with modes of their own: handed over for the run, given back after it.
        try fixture.write(".build/left-over.txt", "earlier\n")
        try fixture.write(".swiftpm/configuration/settings", "earlier\n")
        set(fixture.path(".build/left-over.txt"), owner: (0, 0), mode: 0o640)
        set(fixture.path(".swiftpm/configuration/settings"), owner: (0, 0), mode: 0o600)
        let out = try AttackHost.folder("out")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let before = listing(fixture.root)

        let result = try await gate(.root, in: fixture, out: "\(out)/v.json")
        let predicate = try AttackHost.verdict("\(out)/v.json")
        #expect(result.status == 1 && predicate["result"] as? String == "failed", "\(result.standardOutput)\(result.standardError)")
        #expect(AttackHost.isolation(predicate)["probeUID"] as? Int == 65534, "\(AttackHost.isolation(predicate))")
        #expect(listing(fixture.root) == before)
        var status = stat()
        #expect(lstat(fixture.path(".build/left-over.txt"), &status) == 0 && status.st_uid == 0 && status.st_mode & 0o7777 == 0o640)
        #expect(lstat(fixture.path(".swiftpm/configuration/settings"), &status) == 0 && status.st_uid == 0 && status.st_mode & 0o7777 == 0o600)
        // The build happened (as nobody, in the build folders only), and all it made is root's now.
        #expect(FileManager.default.fileExists(atPath: fixture.path(".build/debug")), "nothing was built")
        #expect(ownedByOthers(fixture.path(".build"), than: 0) == [])
    }

    /// Ctrl-C while a probe runs: the gate stops it, writes no verdict, and still gives the build folders back.
    @Test(.enabled(if: AttackHost.isRoot, "needs root"))
    func anInterruptedRunStillGivesTheBuildFoldersBack() async throws {
        let probe = "echo started > .build/started; exec sleep 120"
        let fixture = try ChangeFixture.make(base: ["gate/cfa-change-gate.md": "1. **Slow.** <!-- probe: command: \(probe) -->\n"], change: ["notes.txt": "x\n"])
        try fixture.write(".build/left-over.txt", "earlier\n")
        set(fixture.path(".build/left-over.txt"), owner: (0, 0), mode: 0o640)
        let before = listing(fixture.root)

        let gate = Process()
        gate.executableURL = URL(fileURLWithPath: CFAGateBinary.path)
        gate.arguments = ["run", "--no-progress", "--out", fixture.path("v.json")]
        gate.currentDirectoryURL = URL(fileURLWithPath: fixture.root)
        gate.environment = SwiftPackageFixture.environment(for: fixture)
        gate.standardOutput = FileHandle.nullDevice
        gate.standardError = FileHandle.nullDevice
        try gate.run()
        var status = stat()
        // The probe (nobody) wrote into the handed-over build folder: the run is under way.
        while gate.isRunning && !(lstat(fixture.path(".build/started"), &status) == 0 && status.st_uid == 65534) { usleep(20_000) }
        kill(gate.processIdentifier, SIGINT)
        gate.waitUntilExit()
        #expect(gate.terminationStatus == 130)
        #expect(!FileManager.default.fileExists(atPath: fixture.path("v.json")))
        #expect(lstat(fixture.path(".build/started"), &status) == 0 && status.st_uid == 0, "the probe's file is still nobody's")
        #expect(lstat(fixture.path(".build/left-over.txt"), &status) == 0 && status.st_uid == 0 && status.st_mode & 0o7777 == 0o640)
        #expect(lstat(fixture.path(".build"), &status) == 0 && status.st_uid == 0)
        #expect(listing(fixture.root) == before)
    }

    // MARK: The user's git configuration, changed by someone else

    /// Another process edits `~/.gitconfig` while the probe runs (the probe waits until it sees the edit). Where no
    /// probe could write it (namespaces: a read-only world, the file outside the writable paths) that is a note and the
    /// run passes; where probes could (`sandbox=off`) it is still an error.
    @Test(.enabled(if: AttackHost.isRoot, "needs root"), arguments: ["standard", "sandbox=off"])
    func aGitConfigurationChangedByAnotherProcessIsBlamedOnTheProbesOnlyWhereTheyCouldWriteIt(policy: String) async throws {
        let options = policy == "standard" ? "" : "<!-- cfa-gate: \(policy) -->\n\n"
        let probe = #"until grep -q outside-edit "$WATCHED"; do sleep 0.05; done; echo SAW-EDIT"#
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": options + "1. **Waits.** <!-- probe: command: \(probe) -->\n"], change: ["notes.txt": "x\n"])
        // Outside /tmp, which a probe in a namespace sees as a /tmp of its own: this HOME is in its sight, not its reach.
        let home = "/var/tmp/cfa-gate-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let gitconfig = "\(home)/.gitconfig"
        try "[user]\n\tname = The Job\n".write(toFile: gitconfig, atomically: false, encoding: .utf8)
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["HOME"] = home
        environment["XDG_CONFIG_HOME"] = "\(home)/.config"
        environment["WATCHED"] = gitconfig
        let editor = try HelperProcess("/bin/sh", ["-c", ##"while :; do echo "# outside-edit" >> "$0"; sleep 0.05; done"##, gitconfig])
        defer { editor.stop() }

        let result = try await gate(.root, in: fixture, out: fixture.path("v.json"), environment: environment)
        editor.stop()
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let log = AttackHost.logs(beside: fixture.path("v.json"))
        #expect(log.contains("SAW-EDIT"), "\(policy): \(log)")
        let errors = AttackHost.runErrors(predicate)
        let notes = predicate["runNotes"] as? [String] ?? []
        if policy == "standard" {
            #expect(result.status == 0 && predicate["result"] as? String == "passed", "\(result.standardOutput)\(result.standardError)")
            #expect(errors.isEmpty, "\(errors)")
            #expect(notes.contains { $0.hasPrefix("\(gitconfig) was changed during the run by a process outside the gate") }, "\(notes)")
            #expect(result.standardOutput.contains("note: \(gitconfig) was changed"), "\(result.standardOutput)")
        } else {
            #expect(result.status == 3 && predicate["result"] as? String == "error", "\(result.standardOutput)\(result.standardError)")
            #expect(errors.contains { $0.hasPrefix("\(gitconfig) was changed during the run: a probe altered") }, "\(errors)")
            #expect(notes.isEmpty, "\(notes)")
        }
    }
}
