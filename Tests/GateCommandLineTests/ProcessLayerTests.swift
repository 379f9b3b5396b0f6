import Foundation
import Sandbox
import GateTestSupport
import Testing

/// What a probe's processes can reach and how long they live: the namespace sandbox, the withheld CI credentials,
/// the key in a shell above the gate, and the processes a probe leaves behind.
struct ProcessLayerTests {
    private func repository(_ command: String, options: String = "", extra: [String: String] = [:]) throws -> GitFixture {
        let checklist = (options.isEmpty ? "" : "<!-- cfa-gate: \(options) -->\n\n") + "1. **The probe.** <!-- probe: command: \(command) -->\n"
        return try ChangeFixture.make(base: ["gate/cfa-change-gate.md": checklist].merging(extra) { first, _ in first }, change: ["notes.txt": "a change\n"])
    }

    private func log(_ fixture: GitFixture, verdict: String = "v") throws -> String {
        try String(contentsOfFile: fixture.path("\(verdict).logs/1-command.log"), encoding: .utf8)
    }

    /// Writable by anyone, as the runner's command files are by the job's user: what stops a probe must be the sandbox.
    private func temporaryFile(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-\(name)-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        try? FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
        return path
    }

    // MARK: The sandbox

    /// Lists the processes the probe can see and looks for the test process, an ancestor of the gate.
    private static let looker = #"""
        echo "visible: $(ls /proc | grep -c '^[0-9]')"
        if [ -e "/proc/$ANCESTOR_PID" ]; then echo "ancestor visible"; else echo "ancestor hidden"; fi
        echo "uid=$(id -u) dir=$(pwd) marker=$PROBE_MARKER"
        """#

    @Test func aProbeSeesOnlyItsOwnProcessTree() throws {
        let fixture = try repository("sh look.sh", extra: ["look.sh": Self.looker])
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["ANCESTOR_PID"] = "\(getpid())"
        environment["PROBE_MARKER"] = "kept"
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let seen = try log(fixture)
        #expect(seen.contains("ancestor hidden"), "\(seen)")
        // As root the gate drops probes to `nobody`; as another user the unmapped user namespace shows the overflow uid.
        #expect(seen.contains("uid=65534 dir=\(fixture.root) marker=kept"), "\(seen)")
        #expect(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["sandbox"] as? String == "namespace")
    }

    @Test func withTheSandboxOffAProbeSeesItsAncestorsAndTheVerdictSaysSo() throws {
        let fixture = try repository("sh look.sh", options: "sandbox=off", extra: ["look.sh": Self.looker])
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["ANCESTOR_PID"] = "\(getpid())"
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(try log(fixture).contains("ancestor visible"))
        #expect(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["sandbox"] as? String == "none")
    }

    /// As an unprivileged user the sandbox needs a user namespace, which maps the user onto itself.
    @Test(.enabled(if: getuid() == 0, "dropping to another user needs root"))
    func anUnprivilegedUserGetsTheSandboxToo() throws {
        let fixture = try repository("sh look.sh", extra: ["look.sh": Self.looker])
        let owned = try fixture.run("/bin/chown", ["-R", "65534:65534", fixture.root], environment: ["PATH": "/usr/bin:/bin"])
        try #require(owned.status == 0, "\(owned.standardError)")
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["ANCESTOR_PID"] = "\(getpid())"
        environment["HOME"] = fixture.root
        let result = try fixture.run(
            "/usr/bin/setpriv",
            ["--reuid=65534", "--regid=65534", "--clear-groups", CFAGateBinary.path, "run", "--no-progress", "--out", fixture.path("v.json")],
            environment: environment)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let seen = try log(fixture)
        #expect(seen.contains("ancestor hidden") && seen.contains("uid=65534 "), "\(seen)")
        #expect(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["sandbox"] as? String == "namespace")
    }

    // MARK: CI credentials

    @Test func ciCredentialsAndCommandFilesAreWithheldFromProbes() throws {
        // The probe writes to every file a variable names, as a hostile step would, and prints what it can see.
        let hunter = #"""
            env | sort
            for variable in GITHUB_ENV GITHUB_PATH GITHUB_OUTPUT GITHUB_STATE GITHUB_STEP_SUMMARY; do
              eval "file=\${$variable:-}"
              [ -n "$file" ] && echo "LD_PRELOAD=/tmp/evil.so" >> "$file"
            done
            exit 0
            """#
        let fixture = try repository("sh hunt.sh", options: "withhold-environment=CLOUD_SECRET,DEPLOY_*", extra: ["hunt.sh": hunter])
        var environment = SwiftPackageFixture.environment(for: fixture)
        var files: [String: String] = [:]
        for variable in ["GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"] {
            files[variable] = temporaryFile(variable)
            environment[variable] = files[variable]
        }
        defer { files.values.forEach { try? FileManager.default.removeItem(atPath: $0) } }
        let secrets = [
            "GITHUB_TOKEN", "ACTIONS_RUNTIME_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_CACHE_URL",
            "ACTIONS_RESULTS_URL", "CI_JOB_TOKEN", "CI_JOB_JWT", "CI_JOB_JWT_V2", "CLOUD_SECRET", "DEPLOY_KEY", "DEPLOY_TOKEN",
        ]
        for name in secrets { environment[name] = "secret-\(name.lowercased())" }
        environment["OTHER_SETTING"] = "visible"
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let seen = try log(fixture)
        #expect(seen.contains("OTHER_SETTING=visible"), "\(seen)")
        for name in secrets + Array(files.keys) {
            #expect(!seen.contains("\(name)="), "the probe saw \(name)")
        }
        for (variable, path) in files where variable != "GITHUB_STEP_SUMMARY" {
            #expect(FileManager.default.contents(atPath: path)?.isEmpty == true, "\(variable) was written")
        }
        // The gate's own report is all the step summary holds.
        let summary = try String(contentsOfFile: files["GITHUB_STEP_SUMMARY"]!, encoding: .utf8)
        #expect(!summary.contains("LD_PRELOAD"))
    }

    /// A probe that appends a line to `GITHUB_ENV`, found by its path though the variable is withheld.
    private func runWritingTheCommandFile(options: String) throws -> (GitFixture, githubEnv: String, ProcessResult) {
        let fixture = try repository(#"sh -c 'echo LD_PRELOAD=/tmp/evil.so >> "$FOUND_IT"'"#, options: options)
        let githubEnv = temporaryFile("GITHUB_ENV")
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["GITHUB_ENV"] = githubEnv
        environment["FOUND_IT"] = githubEnv
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        return (fixture, githubEnv, result)
    }

    @Test func aProbeThatFindsARunnerCommandFileAnywayCannotWriteIt() throws {
        // The variable is withheld, but the folder of the runner's command files can be found; outside the package the
        // file system is read-only to probes, so the write fails (and, were it to land, the check after the probes
        // would make the run an error). Under a private /tmp a file in the machine's /tmp is out of sight altogether:
        // the write makes a file in the probe's own /tmp, and the machine's stays empty.
        let (fixture, githubEnv, result) = try runWritingTheCommandFile(options: "")
        defer { try? FileManager.default.removeItem(atPath: githubEnv) }
        #expect(FileManager.default.contents(atPath: githubEnv)?.isEmpty == true)
        let isolation = try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["isolation"] as? [String: Any]
        guard !(githubEnv.hasPrefix("/tmp/") && isolation?["privateTemporary"] as? Bool == true) else {
            #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
            return
        }
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let written = try log(fixture)
        #expect(written.contains("Read-only file system"), "\(written)")
    }

    @Test func withTheSandboxOffAWriteToARunnerCommandFileMakesTheRunAnError() throws {
        let (fixture, githubEnv, result) = try runWritingTheCommandFile(options: "sandbox=off")
        defer { try? FileManager.default.removeItem(atPath: githubEnv) }
        #expect(result.status == 3, "\(result.standardOutput)\(result.standardError)")
        let errors = try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["runErrors"] as? [String] ?? []
        #expect(errors.contains { $0.contains("\(githubEnv) (GITHUB_ENV) changed during the run") }, "\(errors)")
    }

    @Test func nothingWrittenBeforeTheGateCanSwallowItsStepSummary() throws {
        let fixture = try repository("true")
        let summary = temporaryFile("GITHUB_STEP_SUMMARY")
        defer { try? FileManager.default.removeItem(atPath: summary) }
        let earlier = "# ✅ PASSED\n\n<details><summary>more</summary>\n\n````text\n<!-- everything below is hidden\n"
        try earlier.write(toFile: summary, atomically: true, encoding: .utf8)
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["GITHUB_STEP_SUMMARY"] = summary
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        let report = try #require(text.range(of: "cfa-gate's report starts here"))
        let before = String(text[..<report.lowerBound])
        #expect(before.contains("\n````\n"), "the open fence is not closed: \(before)")
        #expect(before.contains("</details>"), "the open <details> is not closed: \(before)")
        #expect(before.contains("<!-- -->"), "\(before)")
    }

    // MARK: The key in a shell above the gate

    private func key(in fixture: GitFixture) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-key-\(UUID().uuidString).pem").path
        let made = try fixture.run(CFAGateBinary.path, ["keygen", "--out", path], environment: ["PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "\(made.standardError)")
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + ".pub")
        }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The job's user with a shell above the gate: `ciuser` runs `script` with `sh -c`, `$0` an execute-only installed gate
    /// (so that only the shell can give the key away), in `fixture` handed to it, with a HOME of its own.
    private func asCIUser(_ script: String, _ arguments: [String], in fixture: GitFixture, environment: [String: String]) throws -> ProcessResult {
        let user = try #require(AttackHost.ciUser)
        try AttackHost.chown(fixture.root, to: user.uid, user.gid)
        let home = try AttackHost.folder("home", owner: (user.uid, user.gid), mode: 0o700)
        let prefix = try KeyReachTests.install()
        defer { [home, prefix].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        var environment = environment
        environment["HOME"] = home
        return try AttackHost.run(
            AttackHost.asCIUserPrefix, ["/bin/sh", "-c", script, "\(prefix)/bin/cfa-gate"] + arguments, in: fixture, environment: environment)
    }

    @Test(.enabled(if: AttackHost.canActAsCIUser, "needs root, ciuser and setpriv"))
    func aShellAboveTheGateHoldingTheKeyIsRefused() throws {
        let fixture = try repository("true")
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["CFA_GATE_SIGNING_KEY"] = try key(in: fixture)
        // Without `exec`: the shell waits for the gate, and keeps the key in its environment all along, readable to the
        // probes, which run as the same user.
        let result = try asCIUser("\"$0\" run --no-progress --out v.json; exit $?", [], in: fixture, environment: environment)
        #expect(result.status == 2, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("the signing key is in the environment of process "), "\(result.standardError)")
        #expect(result.standardError.contains("(sh)") && result.standardError.contains("start the gate with `exec`"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("v.json")))

        let started = try asCIUser("exec \"$0\" run --no-progress --out v.json", [], in: fixture, environment: environment)
        #expect(started.status == 0, "\(started.standardOutput)\(started.standardError)")
    }

    @Test(.enabled(if: AttackHost.isRoot, "a root gate's probes run as another user"))
    func aRootShellAboveARootGateIsNoHolderSinceNoProbeCanReadIt() throws {
        let fixture = try repository("true")
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["CFA_GATE_SIGNING_KEY"] = try key(in: fixture)
        // Root's shell keeps the key, but its `/proc` files are root's and the probes run as nobody.
        let result = try fixture.run(
            "/bin/sh", ["-c", "\"$0\" run --no-progress --out v.json; exit $?", CFAGateBinary.path], environment: environment)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect((try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["signer"] as? [String: Any])?["source"] as? String == "environment")
    }

    @Test(.enabled(if: AttackHost.canActAsCIUser, "needs root, ciuser and setpriv"))
    func aKeyFileWhoseTextAShellAboveHoldsIsRefusedToo() throws {
        let fixture = try repository("true")
        let pem = try key(in: fixture)
        let user = try #require(AttackHost.ciUser)
        // On /tmp, which the probes' private /tmp does not carry: only the shell's copy of the text is in their reach.
        let folder = try AttackHost.folder("keyfile", owner: (user.uid, user.gid), mode: 0o700)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try pem.write(toFile: "\(folder)/key.pem", atomically: true, encoding: .utf8)
        try AttackHost.chown(folder, to: user.uid, user.gid)
        var environment = SwiftPackageFixture.environment(for: fixture)
        // The text in another variable, with its line breaks written as `\n`, as some secret stores hand it out.
        environment["DEPLOY_PEM"] = pem.replacingOccurrences(of: "\n", with: "\\n")
        let result = try asCIUser("\"$0\" run --no-progress --key \"$1\" --out v.json; exit $?", ["\(folder)/key.pem"], in: fixture, environment: environment)
        #expect(result.status == 2, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("the signing key is in the environment of process "), "\(result.standardError)")
    }

    // MARK: Leftover processes

    /// Starts a detached daemon that writes `late` after 2 s, then either ends or hangs until the watchdog kills it.
    /// The double fork (the subshell ends at once) makes the daemon an orphan while the probe still runs: no longer
    /// the probe's descendant, so only the subreaper brings it back within the gate's reach.
    private func daemonProbe(_ marker: String, hang: Bool) -> String {
        // It writes a line every 0.2 s for as long as it lives, so what it wrote after the gate ended is measurable
        // without guessing how quickly a loaded machine gets round to the watchdog.
        let daemon = "( setsid sh -c 'while :; do echo tick >> \(marker); sleep 0.2; done' </dev/null >/dev/null 2>&1 & );"
        return hang ? "\(daemon) sleep 60" : "\(daemon) echo started"
    }

    private static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test(arguments: ["preferred", "off"], [false, true])
    func aDetachedDaemonNeverOutlivesItsProbe(sandbox: String, hang: Bool) async throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-daemon-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let fixture = try repository(daemonProbe(marker, hang: hang), options: "sandbox=\(sandbox) command-timeout=1s")
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        #expect(result.status == (hang ? 3 : 0), "\(result.standardOutput)\(result.standardError)")
        let written = Self.size(of: marker)
        try await Task.sleep(for: .seconds(1.5))
        #expect(Self.size(of: marker) == written, "the daemon outlived the gate (sandbox=\(sandbox), hang: \(hang))")
        let item = (try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["items"] as? [[String: Any]])?.first
        let excerpt = (item?["evidence"] as? [String: Any])?["excerpt"] as? [String] ?? []
        if sandbox == "off" && !hang {
            // Beside the gate, the daemon was re-parented to it, and the probe's evidence names what was killed.
            #expect(excerpt.contains { $0.hasPrefix("left ") && $0.contains("running after it ended, killed: ") }, "\(excerpt)")
        }
    }
}
