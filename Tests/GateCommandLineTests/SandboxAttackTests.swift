#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// The attacks of issue 24, as a malicious pull request mounts them, on real repositories with the built gate: none
/// may give a verdict that says `passed` while a test fails, reach root or the gate's memory, or write outside the
/// package. Set-ups (`AttackHost.Setup`): root with namespaces, root where a seccomp filter refuses them (Docker), the
/// CI user `ciuser` with namespaces, and `ciuser` in a container refusing them. Serialized: some tests give `ciuser`
/// passwordless sudo or start a root service for a while, and the package builds are heavy on a small machine.
@Suite(.serialized) struct SandboxAttackTests {
    // MARK: Repositories

    /// A repository whose base holds `checklist` and `files`, with a change on top (a pull request's shape).
    private func repository(checklist: String, files: [String: String] = [:]) throws -> GitFixture {
        try ChangeFixture.make(base: ["gate/cfa-change-gate.md": checklist].merging(files) { first, _ in first }, change: ["notes.txt": "a change\n"])
    }

    private func commandChecklist(_ command: String, options: String = "") -> String {
        (options.isEmpty ? "" : "<!-- cfa-gate: \(options) -->\n\n") + "1. **The probe.** <!-- probe: command: \(command) -->\n"
    }

    /// A repository holding a Swift package written by `write`, with a checklist whose only item runs the tests.
    private func packageRepository(options: String = "", _ write: (GitFixture) throws -> Void) throws -> GitFixture {
        let fixture = try GitFixture()
        try write(fixture)
        let checklist = (options.isEmpty ? "" : "<!-- cfa-gate: \(options) -->\n\n") + "# Gate\n\n1. **Tests pass.** <!-- probe: test -->\n"
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": checklist])
        try fixture.git("checkout", "-q", "-b", "change")
        try fixture.write("notes.txt", "a change\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-qm", "the change")
        return fixture
    }

    /// The environment a run gets: the fixture's, with `HOME` a folder of the gate user's own for a `ciuser` gate.
    private func environment(for fixture: GitFixture, home: String? = nil) -> [String: String] {
        var environment = SwiftPackageFixture.environment(for: fixture)
        if let home { environment["HOME"] = home }
        return environment
    }

    /// Runs the gate on a thread of its own (a package build takes a minute here; the suite's shared threads must not
    /// wait on it).
    private func gate(
        _ setup: AttackHost.Setup, _ arguments: [String], in fixture: GitFixture, environment: [String: String]
    ) async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try AttackHost.gate(setup, arguments, in: fixture, environment: environment) }) }.start()
        }
    }

    /// Hands the fixture to `ciuser` for a `ciuser` gate, and makes a HOME of its own; returns that HOME.
    private func prepare(_ fixture: GitFixture, for setup: AttackHost.Setup) throws -> String? {
        guard setup.asCIUser, let user = AttackHost.ciUser else { return nil }
        try AttackHost.chown(fixture.root, to: user.uid, user.gid)
        return try AttackHost.folder("home", owner: (user.uid, user.gid), mode: 0o700)
    }

    private static let everySetup = AttackHost.Setup.allCases
    private static let everySetupAvailable = AttackHost.Setup.allCases.allSatisfy(\.available)
    private static let everySetupReason: Comment = "needs root, ciuser, setpriv and the NoNamespaces helper for every set-up"

    // MARK: 1. The bundle swap

    @Test(.enabled(if: AttackHost.isRoot, "builds as root, like CI's container jobs"))
    func aTestThatSwapsTheTestBundleCannotTurnAnHonestFailureIntoAPass() async throws {
        let fixture = try packageRepository(options: "test-workers=1") { try AttackPackages.writeBundleSwap(into: $0) }
        let result = try await gate(.root, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment(for: fixture))
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let logs = AttackHost.logs(beside: fixture.path("v.json"))
        let verdict = predicate["result"] as? String
        #expect(verdict == "failed" || verdict == "error", "\(result.standardOutput)\(result.standardError)")
        #expect(result.status == 1 || result.status == 3, "\(result.standardOutput)\(result.standardError)")
        // The swap ran first and was refused: the bundle's folder is read-only to every test process.
        #expect(logs.contains("SWAP bundle: "), "the swapping test never ran:\n\(logs)")
        #expect(!logs.contains("SWAP move aside: ok") && !logs.contains("SWAP write script: ok"), "\(logs)")
        #expect(!logs.contains("SWAP plant beside: ok"), "\(logs)")
        let bin = fixture.path(AttackPackages.tripleDebugFolder)
        #expect(!FileManager.default.fileExists(atPath: "\(bin)/SwappedPackageTests.xctest.real"))
        #expect(!FileManager.default.fileExists(atPath: "\(bin)/ZZZPackageTests.xctest"))
        if verdict == "failed" {
            // The honest failure is what failed the item.
            let cases = (AttackHost.items(predicate).first?["evidence"] as? [String: Any])?["testCases"] as? [[String: Any]] ?? []
            let honest = cases.first { $0["id"] as? String == AttackPackages.honestFailure(target: "SwappedTests") }
            #expect(honest?["status"] as? String == "failed", "\(cases)")
        }
    }

    /// The fork server every test process comes from cannot be read, written, killed or asked for more by a test.
    @Test(.enabled(if: AttackHost.isRoot, "builds as root, like CI's container jobs"))
    func aTestCannotReachTheForkServerItCameFrom() async throws {
        let fixture = try packageRepository(options: "test-workers=1") { try AttackPackages.writeServerReach(into: $0) }
        let result = try await gate(.root, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment(for: fixture))
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let logs = AttackHost.logs(beside: fixture.path("v.json"))
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let evidence = AttackHost.items(predicate).first?["evidence"] as? [String: Any]
        let start = (evidence?["testRun"] as? [String: Any])?["processStart"] as? [String: Any]
        #expect(start?["method"] as? String == "forked", "\(String(describing: start))")
        // Forked by the server, which is pid 1 of the namespace; and none of the attempts got through.
        #expect(logs.contains("REACH parent: 1\n"), "\(logs)")
        #expect(logs.contains("REACH mem: refused 13"), "\(logs)")
        #expect(logs.contains("REACH environ: refused 13"), "\(logs)")
        #expect(logs.contains("REACH sockets: none"), "\(logs)")
        // The server outlived the attempt to kill it, and the tests after it kept their own statuses.
        let cases = evidence?["testCases"] as? [[String: Any]] ?? []
        let statuses = Dictionary(uniqueKeysWithValues: cases.compactMap { test in (test["id"] as? String).map { ($0, test["status"] as? String ?? "") } })
        #expect(statuses == [
            "ReachTests.AAAServerTests/testReachTheServer": "passed", AttackPackages.honestFailure(target: "ReachTests"): "failed",
            "ReachTests.PassingTests/testPasses": "passed",
        ])
        #expect((evidence?["testRun"] as? [String: Any])?["problems"] as? [String] == [])
    }

    // MARK: 2. A newer bundle planted by manifest code

    @Test(.enabled(if: AttackHost.isRoot, "builds as root, like CI's container jobs"))
    func aFutureDatedBundlePlantedByTheManifestIsNeverTheOneThatRuns() async throws {
        let fixture = try packageRepository { try AttackPackages.writePlantedBundle(into: $0) }
        let result = try await gate(.root, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment(for: fixture))
        // The manifest runs only where the package is read-only (the gate's evaluation, whose cache every later SwiftPM
        // command reads): it planted nothing. `BuildProvenanceAttackTests` shows a plant that does land, from a plugin.
        let planted = fixture.path("\(AttackPackages.tripleDebugFolder)/ZZZPackageTests.xctest")
        #expect(!FileManager.default.fileExists(atPath: planted), "the manifest ran where it could write the package")
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(predicate["result"] as? String == "failed")
        let cases = (AttackHost.items(predicate).first?["evidence"] as? [String: Any])?["testCases"] as? [[String: Any]] ?? []
        let ids = cases.compactMap { $0["id"] as? String }
        #expect(!ids.contains { $0.contains("ZZZFake") }, "the planted bundle ran: \(ids)")
        let honest = cases.first { $0["id"] as? String == AttackPackages.honestFailure(target: "PlantedTests") }
        #expect(honest?["status"] as? String == "failed", "\(cases)")
    }

    // MARK: 3. sudo from a probe

    /// A sudoers drop-in giving `ciuser` passwordless sudo, as GitHub-hosted runners give the job user; removed again.
    private func withPasswordlessSudo<T>(_ body: () async throws -> T) async throws -> T {
        try await AttackHost.withPasswordlessSudo(body)
    }

    @Test(
        .enabled(if: AttackHost.tool("sudo") != nil, "sudo is not installed (apt-get install sudo)"),
        .enabled(if: everySetupAvailable, everySetupReason),
        arguments: everySetup)
    func sudoFromAProbeIsDeadAndNoNewPrivsIsSet(setup: AttackHost.Setup) async throws {
        try #require(setup.available, "\(setup) cannot be set up here")
        let sudo = try #require(AttackHost.tool("sudo"))
        let command = "echo \"sudo=[$(\(sudo) -n id -u 2>&1)]\"; grep NoNewPrivs /proc/self/status"
        let fixture = try repository(checklist: commandChecklist(command))
        let home = try prepare(fixture, for: setup)
        defer { home.map { try? FileManager.default.removeItem(atPath: $0) } }
        try await withPasswordlessSudo {
            if setup.asCIUser {
                // The control: outside the gate, in the same set-up, the job user does get root.
                let control = try AttackHost.run(
                    setup.namespacesRefused ? [AttackHost.noNamespaces, "--keep-new-privileges"] + AttackHost.asCIUserPrefix : AttackHost.asCIUserPrefix,
                    [sudo, "-n", "id", "-u"], in: fixture, environment: environment(for: fixture, home: home))
                try #require(control.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "sudo set-up: \(control)")
            }
            let result = try await gate(setup, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment(for: fixture, home: home))
            let log = AttackHost.logs(beside: fixture.path("v.json"))
            #expect(result.status == 0, "\(setup): \(result.standardOutput)\(result.standardError)")
            #expect(log.contains("sudo=["), "\(setup): the probe never ran: \(log)")
            #expect(!log.contains("sudo=[0]"), "\(setup): a probe became root through sudo: \(log)")
            #expect(log.contains("NoNewPrivs:\t1"), "\(setup): \(log)")
        }
    }

    // MARK: 4. A root service's socket owned by a group the CI user has

    @Test(
        .enabled(if: AttackHost.tool("socat") != nil, "socat is not installed (apt-get install socat)"),
        .enabled(if: AttackHost.canActAsCIUser && AttackHost.ciUserExtraGroup != nil, "needs root and a ciuser with a supplementary group"),
        .enabled(if: AttackHost.hasNoNamespaces, "needs the NoNamespaces helper"),
        arguments: [AttackHost.Setup.ciUser, .ciUserWithoutNamespaces], ["standard", "strict"])
    func aRootServiceSocketInTheUsersGroupIsOutOfReach(setup: AttackHost.Setup, isolation: String) async throws {
        try #require(setup.available, "\(setup) cannot be set up here")
        let socat = try #require(AttackHost.tool("socat"))
        let group = try #require(AttackHost.ciUserExtraGroup)
        let socket = "/run/cfa-test-\(UUID().uuidString).sock"
        let service = try HelperProcess(socat, ["UNIX-LISTEN:\(socket),fork,group=\(group.name),mode=660", "EXEC:id -u"])
        defer {
            service.stop()
            try? FileManager.default.removeItem(atPath: socket)
        }
        try #require(service.waitFor(socket), "socat did not start listening on \(socket)")
        let connect = "\(socat) -u UNIX-CONNECT:\(socket) STDOUT"
        // Straight, and from a user namespace of the probe's own that tries to uncover /run first.
        let command = "echo \"reply=[$(\(connect) 2>&1)]\"; echo \"unshared=[$(unshare -rm sh -c 'umount -l /run; \(connect)' 2>&1)]\"; echo \"run=[$(ls -A /run | tr '\\n' ' ')]\""
        let fixture = try repository(checklist: commandChecklist(command, options: "isolation=\(isolation)"))
        let home = try prepare(fixture, for: setup)
        defer { home.map { try? FileManager.default.removeItem(atPath: $0) } }
        let environment = environment(for: fixture, home: home)
        // The control: outside the gate, the job user reaches the service, which runs as root.
        let control = try AttackHost.run(AttackHost.asCIUserPrefix, [socat, "-u", "UNIX-CONNECT:\(socket)", "STDOUT"], in: fixture, environment: environment)
        try #require(control.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "socket set-up: \(control)")

        let result = try await gate(setup, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let isolationRecord = AttackHost.isolation(predicate)
        let missing = isolationRecord["missing"] as? [String] ?? []
        let log = AttackHost.logs(beside: fixture.path("v.json"))
        let reached = log.contains("reply=[0]") || log.contains("unshared=[0]")
        if isolation == "strict" && !missing.isEmpty {
            // A strict policy runs no probe without every guarantee, and names what is missing.
            #expect(predicate["result"] as? String == "error" && result.status == 3, "\(result.standardOutput)\(result.standardError)")
            #expect(!log.contains("reply=["), "a probe ran under isolation=strict without its guarantees: \(log)")
            let errors = AttackHost.runErrors(predicate)
            for guarantee in missing {
                #expect(errors.contains { $0.contains("isolation=strict") && $0.contains(guarantee) }, "\(guarantee) not named: \(errors)")
            }
            return
        }
        #expect(result.status == 0, "\(setup) \(isolation): \(result.standardOutput)\(result.standardError)")
        #expect(log.contains("reply=["), "\(setup): the probe never ran: \(log)")
        if setup.namespacesRefused {
            // No namespace to hide /run in, and a user that is not root keeps its groups: the run must say so.
            #expect(!reached || missing.contains("hiding the root services' sockets"), "\(setup): reached root unannounced: \(log)")
        } else {
            #expect(!reached, "\(setup): a probe ran a command as root through the service's socket: \(log)")
            let listing = log.components(separatedBy: "run=[").dropFirst().first?.prefix { $0 != "]" } ?? ""
            #expect(log.contains("run=[") && !listing.contains("cfa-test-"), "\(setup): the probe saw the socket in /run: \(log)")
        }
    }

    // MARK: 5. Persistence outside the package

    @Test(.enabled(if: everySetupAvailable, everySetupReason), arguments: everySetup)
    func aProbeCannotPlantAnythingThatOutlivesTheRun(setup: AttackHost.Setup) async throws {
        try #require(setup.available, "\(setup) cannot be set up here")
        let fixture = try repository(checklist: commandChecklist("sh persist.sh"), files: [
            "persist.sh": #"""
                attempt() { name=$1; shift; if ( "$@" ) 2>/dev/null; then echo "WROTE $name"; else echo "DENIED $name"; fi; }
                fsmonitor='[core]
                	fsmonitor = "touch /tmp/cfa-gate-fsmonitor-ran"'
                attempt probe-home sh -c "echo '$fsmonitor' >> \"\$HOME/.gitconfig\""
                attempt real-home sh -c "echo '$fsmonitor' >> \"\$REAL_HOME/.gitconfig\""
                attempt real-home-xdg sh -c "mkdir -p \"\$REAL_HOME/.config/git\" && echo '$fsmonitor' >> \"\$REAL_HOME/.config/git/config\""
                attempt git-config sh -c "echo '$fsmonitor' >> .git/config"
                attempt git-hook sh -c "echo 'touch /tmp/hooked' > .git/hooks/post-checkout"
                attempt git-ref sh -c "git rev-parse HEAD > .git/refs/heads/x"
                attempt git-object sh -c "echo planted > .git/objects/planted"
                attempt git-staging sh -c "mkdir -p .git/cfa-gate && echo planted > .git/cfa-gate/planted"
                attempt tmp sh -c "echo planted > \"\$PLANT_TMP\""
                echo "probe HOME=$HOME"
                exit 0
                """#,
        ])
        let home = try prepare(fixture, for: setup)
        let probeOwner = (setup.probeUID, setup.asCIUser ? AttackHost.ciUser!.gid : 65534)
        // The gate user's real HOME (for a root gate, a folder the probe user owns: only the sandbox stands in the way).
        let realHome = try home ?? AttackHost.folder("home", owner: probeOwner, mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: realHome) }
        let gitconfig = "\(realHome)/.gitconfig"
        try "[user]\n\tname = The Job\n".write(toFile: gitconfig, atomically: false, encoding: .utf8)
        try AttackHost.chown(gitconfig, to: probeOwner.0, probeOwner.1)
        let plantTmp = "/tmp/cfa-gate-planted-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: plantTmp) }
        let gitConfigBefore = AttackHost.contents(fixture.path(".git/config"))
        var environment = environment(for: fixture, home: realHome)
        environment["REAL_HOME"] = realHome
        environment["PLANT_TMP"] = plantTmp

        let result = try await gate(setup, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let log = AttackHost.logs(beside: fixture.path("v.json"))
        #expect(log.contains("probe HOME="), "\(setup): the probe never ran: \(result.standardOutput)\(result.standardError)\n\(log)")
        let isError = predicate["result"] as? String == "error"
        // With a private /tmp a probe writes a /tmp of its own: a path under /tmp it wrote there never reached the
        // machine's (checked below).
        let privateTemporary = AttackHost.isolation(predicate)["privateTemporary"] as? Bool == true
        let inProbesOwnTemporary = { (path: String) in privateTemporary && path.hasPrefix("/tmp/") }
        let ownTemporary = ["real-home": realHome, "real-home-xdg": realHome, "tmp": plantTmp].filter { inProbesOwnTemporary($0.value) }.keys
        for target in ["real-home", "real-home-xdg", "git-config", "git-hook", "git-ref", "git-object", "git-staging", "tmp"]
        where !ownTemporary.contains(target) {
            #expect(log.contains("DENIED \(target)") || isError, "\(setup): the probe wrote \(target) and the run is not an error:\n\(log)")
        }
        // Whatever the verdict, nothing outside the package changed.
        #expect(AttackHost.contents(gitconfig) == Data("[user]\n\tname = The Job\n".utf8), "\(setup): ~/.gitconfig changed")
        #expect(!FileManager.default.fileExists(atPath: "\(realHome)/.config/git/config"), "\(setup)")
        #expect(AttackHost.contents(fixture.path(".git/config")) == gitConfigBefore, "\(setup): .git/config changed")
        for planted in [".git/hooks/post-checkout", ".git/refs/heads/x", ".git/objects/planted", ".git/cfa-gate/planted"] {
            #expect(!FileManager.default.fileExists(atPath: fixture.path(planted)), "\(setup): \(planted) was planted")
        }
        #expect(!FileManager.default.fileExists(atPath: plantTmp), "\(setup): /tmp was written")
        // The probe's own HOME is a private folder of the run, not the user's, and it is gone with the run.
        #expect(!log.contains("probe HOME=\(realHome)\n"), "\(setup): \(log)")
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: fixture.path(".git/cfa-gate"))) ?? []
        #expect(!leftovers.contains { $0 == "probes" || $0.hasPrefix("probes-") }, "\(setup): the probes' private folder outlived the run: \(leftovers)")
    }

    /// A test that writes `/tmp` or `/dev/shm` directly must pass or fail on its own merits, whoever runs the gate: with
    /// namespaces each probe process has both to itself, writable, out of sight of the machine and of other probes.
    /// A gate that is not root used to give them an empty file system that its user namespace could not write.
    @Test(.enabled(if: everySetupAvailable, everySetupReason), arguments: [AttackHost.Setup.root, .ciUser])
    func aProbeWritesATmpAndDevShmOfItsOwn(setup: AttackHost.Setup) async throws {
        try #require(setup.available, "\(setup) cannot be set up here")
        let name = "cfa-gate-own-\(UUID().uuidString)"
        // Written by the first item; the second finds neither (each probe process has its own).
        let write = "echo tmp > /tmp/\(name) && echo shm > /dev/shm/\(name) && mkdir /tmp/\(name).d && cat /tmp/\(name) /dev/shm/\(name)"
        let look = "ls -A /tmp /dev/shm | grep -c \(name) || true"
        let checklist = "1. **Writes.** <!-- probe: command: \(write) -->\n2. **Looks.** <!-- probe: command: echo seen=$(\(look)) -->\n"
        let fixture = try repository(checklist: checklist)
        let home = try prepare(fixture, for: setup)
        defer { home.map { try? FileManager.default.removeItem(atPath: $0) } }
        defer { for path in ["/tmp/\(name)", "/tmp/\(name).d", "/dev/shm/\(name)"] { try? FileManager.default.removeItem(atPath: path) } }

        let result = try await gate(setup, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment(for: fixture, home: home))
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let log = AttackHost.logs(beside: fixture.path("v.json"))
        #expect(result.status == 0, "\(setup): \(result.standardOutput)\(result.standardError)\n\(log)")
        #expect(log.contains("tmp\nshm\n"), "\(setup): \(log)")
        #expect(log.contains("seen=0"), "\(setup): one probe saw another's /tmp or /dev/shm: \(log)")
        #expect(AttackHost.isolation(predicate)["privateTemporary"] as? Bool == true, "\(setup): \(AttackHost.isolation(predicate))")
        for path in ["/tmp/\(name)", "/tmp/\(name).d", "/dev/shm/\(name)"] {
            #expect(!FileManager.default.fileExists(atPath: path), "\(setup): \(path) reached the machine")
        }
        let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: fixture.path(".git/cfa-gate"))) ?? []
        #expect(!leftovers.contains { $0 == "probes" || $0.hasPrefix("probes-") }, "\(setup): the probes' private folder outlived the run: \(leftovers)")
    }

    // MARK: 6. The step summary replaced by a link

    @Test(.enabled(if: AttackHost.canActAsCIUser, "needs root and ciuser"), arguments: ["standard", "sandbox=off"])
    func theGateNeverWritesThroughALinkAProbeMadeOfTheStepSummary(policy: String) async throws {
        let user = try #require(AttackHost.ciUser)
        // The runner's command-file folder belongs to the job user, as `_temp` does on a runner.
        let commandFiles = try AttackHost.folder("runner-temp", owner: (user.uid, user.gid))
        defer { try? FileManager.default.removeItem(atPath: commandFiles) }
        let summary = "\(commandFiles)/step_summary_1", path = "\(commandFiles)/add_path_1"
        for file in [summary, path] { _ = FileManager.default.createFile(atPath: file, contents: nil) }
        try AttackHost.chown(commandFiles, to: user.uid, user.gid)
        // Both empty: the link reads as the file it replaced, so a check of the contents alone sees no change.
        let replace = #"ln -s "$FOUND_PATH" "$FOUND_SUMMARY.new" && mv -f "$FOUND_SUMMARY.new" "$FOUND_SUMMARY" && echo REPLACED || echo DENIED"#
        let fixture = try repository(checklist: commandChecklist("sh replace.sh", options: policy == "standard" ? "" : policy), files: ["replace.sh": replace])
        let home = try prepare(fixture, for: .ciUser)
        defer { home.map { try? FileManager.default.removeItem(atPath: $0) } }
        var environment = environment(for: fixture, home: home)
        environment["GITHUB_STEP_SUMMARY"] = summary
        environment["GITHUB_PATH"] = path
        environment["FOUND_SUMMARY"] = summary
        environment["FOUND_PATH"] = path

        let result = try await gate(.ciUser, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        let log = AttackHost.logs(beside: fixture.path("v.json"))
        #expect(log.contains("REPLACED") || log.contains("DENIED"), "the probe never ran: \(result.standardOutput)\(result.standardError)\n\(log)")
        #expect(AttackHost.contents(path) == Data(), "the gate wrote its report through the link into GITHUB_PATH (\(policy))")
        if AttackHost.isSymbolicLink(summary) {
            // The link was made: the run must refuse it, and write nothing through it.
            let predicate = try AttackHost.verdict(fixture.path("v.json"))
            #expect(predicate["result"] as? String == "error" && result.status == 3, "\(policy): \(result.standardOutput)\(result.standardError)")
        } else if policy == "standard" {
            #expect(log.contains("DENIED"), "\(log)")
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        }
    }

    // MARK: 7. Probes are never root

    @Test(
        .enabled(if: AttackHost.isRoot && AttackHost.hasNoNamespaces && AttackHost.ciUser != nil, "needs root, ciuser and the NoNamespaces helper"),
        arguments: [AttackHost.Setup.root, .rootWithoutNamespaces], [false, true])
    func aRootGatesProbesAreNeverRoot(setup: AttackHost.Setup, withSudoUser: Bool) async throws {
        try #require(setup.available, "\(setup) cannot be set up here")
        let fixture = try repository(checklist: commandChecklist(#"echo "uid=$(id -u) groups=[$(id -G)]"; grep -E "^(CapBnd|CapEff|NoNewPrivs)" /proc/self/status"#))
        var environment = environment(for: fixture)
        var expected = "uid=65534 "
        if withSudoUser, let user = AttackHost.ciUser {
            environment["SUDO_UID"] = "\(user.uid)"
            environment["SUDO_GID"] = "\(user.gid)"
            environment["SUDO_USER"] = AttackHost.ciUserName
            expected = "uid=\(user.uid) groups=[\(user.gid)]"
        }
        let result = try await gate(setup, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        #expect(result.status == 0, "\(setup): \(result.standardOutput)\(result.standardError)")
        let log = AttackHost.logs(beside: fixture.path("v.json"))
        #expect(log.contains(expected), "\(setup), SUDO_UID \(withSudoUser): \(log)")
        #expect(!log.contains("uid=0 "), "\(setup): a probe ran as root: \(log)")
        #expect(log.contains("CapBnd:\t0000000000000000") && log.contains("CapEff:\t0000000000000000"), "\(setup): \(log)")
        #expect(log.contains("NoNewPrivs:\t1"), "\(setup): \(log)")
        let isolation = AttackHost.isolation(try AttackHost.verdict(fixture.path("v.json")))
        #expect((isolation["probeUID"] as? Int).map { $0 != 0 } == true, "\(isolation)")
        #expect((isolation["groups"] as? [Int]) == [], "\(isolation)")
    }

    // MARK: 8. Namespaces refused, as Docker's seccomp profile refuses them

    @Test(.enabled(if: AttackHost.isRoot && AttackHost.hasNoNamespaces, "needs root and the NoNamespaces helper"))
    func theNoNamespacesHelperRefusesNamespacesAndNothingElse() throws {
        let fixture = try GitFixture()
        let environment = environment(for: fixture)
        let unshare = try #require(AttackHost.tool("unshare"))
        let plain = try AttackHost.run([AttackHost.noNamespaces], ["/bin/sh", "-c", "grep NoNewPrivs /proc/self/status"], in: fixture, environment: environment)
        #expect(plain.status == 0 && plain.standardOutput.contains("NoNewPrivs:\t1"), "\(plain)")
        for flag in ["--user", "--mount", "--pid", "--net"] {
            let refused = try AttackHost.run([AttackHost.noNamespaces], [unshare, flag, "/bin/true"], in: fixture, environment: environment)
            #expect(refused.status != 0 && refused.standardError.contains("Operation not permitted"), "unshare \(flag): \(refused)")
        }
        let kept = try AttackHost.run([AttackHost.noNamespaces, "--keep-new-privileges"], ["/bin/sh", "-c", "grep NoNewPrivs /proc/self/status"], in: fixture, environment: environment)
        #expect(kept.status == 0 && kept.standardOutput.contains("NoNewPrivs:\t0"), "\(kept)")
    }

    @Test(
        .enabled(if: AttackHost.landlockABI > 0, "this kernel has no Landlock"),
        .enabled(if: AttackHost.canActAsCIUser && AttackHost.hasNoNamespaces, "needs root, ciuser and the NoNamespaces helper"),
        arguments: [AttackHost.Setup.rootWithoutNamespaces, .ciUserWithoutNamespaces], ["standard", "strict"])
    func withNamespacesRefusedLandlockHoldsTheFilePolicyAndStrictSaysWhatIsMissing(setup: AttackHost.Setup, isolation: String) async throws {
        try #require(setup.available, "\(setup) cannot be set up here")
        let probeOwner = (setup.probeUID, setup.asCIUser ? AttackHost.ciUser!.gid : 65534)
        // A folder outside the package the probe user owns: only the sandbox stands between the probe and it. (Inside,
        // the probe writes below the package's top folder: under Landlock no probe may add an entry to the top folder
        // itself, since granting that would grant `.git` too.)
        let outside = try AttackHost.folder("outside", owner: probeOwner)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let command = #"echo "uid=$(id -u)"; if echo planted > "$OUTSIDE/planted" 2>/dev/null; then echo OUTSIDE-WROTE; else echo OUTSIDE-DENIED; fi; echo inside > .build/inside.txt && echo INSIDE-WROTE"#
        let fixture = try repository(checklist: commandChecklist(command, options: "isolation=\(isolation)"))
        let home = try prepare(fixture, for: setup)
        defer { home.map { try? FileManager.default.removeItem(atPath: $0) } }
        var environment = environment(for: fixture, home: home)
        environment["OUTSIDE"] = outside

        let result = try await gate(setup, ["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let record = AttackHost.isolation(predicate)
        let missing = record["missing"] as? [String] ?? []
        let log = AttackHost.logs(beside: fixture.path("v.json"))
        #expect(predicate["sandbox"] as? String == "landlock", "\(setup): \(predicate["sandbox"] ?? "no sandbox recorded")")
        #expect(record["landlockABI"] as? Int == AttackHost.landlockABI, "\(record)")
        #expect((record["namespaces"] as? [String]) == [], "\(record)")
        #expect(!FileManager.default.fileExists(atPath: "\(outside)/planted"), "\(setup): a probe wrote outside the package")
        if setup.asCIUser {
            // A user that is not root cannot shed its own groups: strict cannot hold, and must say so.
            #expect(missing.contains("dropping the supplementary groups"), "\(record)")
        } else {
            #expect(!log.contains("uid=0\n"), "\(setup): a probe ran as root: \(log)")
        }
        if isolation == "strict" && !missing.isEmpty {
            // What is missing is named, and no probe ran.
            #expect(predicate["result"] as? String == "error" && result.status == 3, "\(result.standardOutput)\(result.standardError)")
            let errors = AttackHost.runErrors(predicate)
            for guarantee in missing {
                #expect(errors.contains { $0.contains("isolation=strict") && $0.contains(guarantee) }, "\(guarantee) not named: \(errors)")
            }
            #expect(!log.contains("uid="), "a probe ran under isolation=strict without its guarantees: \(log)")
        } else {
            // Every guarantee held (or none was demanded): the probe ran, confined.
            #expect(result.status == 0 && predicate["result"] as? String == "passed", "\(setup) \(isolation): \(result.standardOutput)\(result.standardError)")
            #expect(log.contains("OUTSIDE-DENIED") && log.contains("INSIDE-WROTE"), "\(setup): \(log)")
        }
    }

    // MARK: 9. A same-user process reading the gate's memory

    /// Starts the gate as its child (so that even Yama's ptrace_scope=1 would let it in), notes when the gate's program
    /// has replaced the shell, then tries to open `/proc/<gate>/mem` in a loop until the gate ends. First, the control:
    /// the same loop opens the memory of a dumpable process of the same user.
    private static let memoryReader = #"""
        sleep 30 & control=$!
        if { :; } 2>/dev/null 3<"/proc/$control/mem"; then echo "control=opened"; else echo "control=refused"; fi
        kill $control
        "$@" > gate.out 2>&1 &
        gate=$!
        exec_seen=0; tries=0; opened=0; first=-1; last=-1
        while :; do
          read -r stat 2>/dev/null < "/proc/$gate/stat" || break
          state=${stat#*) }; state=${state%% *}
          [ "$state" = Z ] && break
          if [ $exec_seen = 0 ]; then
            read -r -d '' program 2>/dev/null < "/proc/$gate/cmdline"
            case "$program" in *cfa-gate) exec_seen=1 ;; *) continue ;; esac
          fi
          tries=$((tries + 1))
          if { :; } 2>/dev/null 3<"/proc/$gate/mem"; then opened=$((opened + 1)); [ $first = -1 ] && first=$tries; last=$tries; fi
        done
        wait $gate; status=$?
        echo "tries=$tries opened=$opened first=$first last=$last status=$status"
        """#

    @Test(.enabled(if: AttackHost.canActAsCIUser && AttackHost.tool("bash") != nil, "needs root, ciuser and bash"))
    func aSameUserProcessNeverOpensTheGatesMemoryDuringARunWithManyTestProcesses() async throws {
        let user = try #require(AttackHost.ciUser)
        let fixture = try packageRepository { try AttackPackages.writeManyQuickTests(into: $0, count: 40) }
        try fixture.write("reader.sh", Self.memoryReader)
        let home = try #require(try prepare(fixture, for: .ciUser))
        defer { try? FileManager.default.removeItem(atPath: home) }
        // A key, so that the gate holds one the reader would want.
        let key = "\(home)/ci.pem"
        let made = try CFAGateBinary.run(["keygen", "--out", key], in: fixture)
        try #require(made.status == 0, "\(made.standardError)")
        try AttackHost.chown(home, to: user.uid, user.gid)
        let bash = try #require(AttackHost.tool("bash"))
        // Installed as the threat model recommends for a gate that is not started with sudo: execute-only, owned by
        // another user, which the kernel makes non-dumpable at exec. A readable binary leaves the gate readable to its
        // own user until its first instruction runs, which `isolation=strict` names (`gateOutOfReach`).
        let installed = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-xo-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: installed)
        defer { try? FileManager.default.removeItem(atPath: installed) }
        try FileManager.default.copyItem(atPath: CFAGateBinary.path, toPath: "\(installed)/cfa-gate")
        try FileManager.default.setAttributes([.posixPermissions: 0o711], ofItemAtPath: "\(installed)/cfa-gate")
        // XCTest's statuses come from the observer beside the gate, which test processes preload: readable, not secret.
        let built = URL(fileURLWithPath: CFAGateBinary.path).deletingLastPathComponent().path
        try FileManager.default.copyItem(atPath: "\(built)/libCFAGateXCTestObserver.so", toPath: "\(installed)/libCFAGateXCTestObserver.so")
        let result = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try AttackHost.run(
                        AttackHost.asCIUserPrefix,
                        [bash, fixture.path("reader.sh"), "\(installed)/cfa-gate", "run", "--no-progress", "--key", key, "--out", fixture.path("v.json")],
                        in: fixture, environment: self.environment(for: fixture, home: home))
                })
            }.start()
        }
        let gateOutput = (try? String(contentsOfFile: fixture.path("gate.out"), encoding: .utf8)) ?? ""
        try #require(result.standardOutput.contains("control=opened"), "the reader cannot open even a dumpable process's memory: \(result)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("tries=") }, "\(result)")
        let fields = Dictionary(uniqueKeysWithValues: line.split(separator: " ").map { field in
            let parts = field.split(separator: "=")
            return (String(parts[0]), Int(parts[1]) ?? -1)
        })
        #expect(fields["status"] == 0, "the run did not pass: \(gateOutput)")
        #expect((fields["tries"] ?? 0) > 0, "the reader never saw the gate run: \(line)")
        // A descriptor opened at any moment keeps reading the gate's memory for the whole run (the kernel checks only at
        // open), the key included once it is loaded: the gate must be out of reach from its first instruction.
        #expect(
            fields["opened"] == 0,
            "a same-user process opened the gate's memory \(fields["opened"] ?? -1) times in \(fields["tries"] ?? -1) tries (tries \(fields["first"] ?? -1) to \(fields["last"] ?? -1))")
        let predicate = try AttackHost.verdict(fixture.path("v.json"))
        let cases = (AttackHost.items(predicate).first?["evidence"] as? [String: Any])?["testCases"] as? [[String: Any]] ?? []
        #expect(cases.count == 40, "\(cases.count) test cases")
    }
}
