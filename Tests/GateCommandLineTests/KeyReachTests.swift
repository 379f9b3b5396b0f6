#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// A signing key other than the clone's own is read only where no probe and no process of the gate's user could reach
/// it (issue 34, 7): through the built gate, run by `ciuser` (a CI job's user, in a group standing in for `docker`).
/// Refused, the key is never read (standard input is left as it was); taken, the verdict is signed with it.
@Suite(.serialized) struct KeyReachTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Pipes the key file into `gate run --key -`, then says how the gate ended and how many bytes of the key it left
    /// in the pipe: all of them when it never read the key.
    private static let keyOnStandardInput = #"""
        gate=$1; key=$2; shift 2
        cat "$key" | { "$gate" run --no-progress --key - "$@"; echo "status=$?"; echo "unread=$(wc -c | tr -d ' ')"; }
        """#

    private static let keyReason: Comment = "needs root, ciuser and setpriv"

    /// What a run set up for `ciuser`: the repository (its base's checklist `options`), a HOME, a key pair, an installed
    /// gate.
    private struct Host {
        var fixture: GitFixture
        var home: String
        var key: String
        var prefix: String

        var gate: String { "\(prefix)/bin/cfa-gate" }

        func remove() {
            for folder in [home, prefix, (key as NSString).deletingLastPathComponent] { try? FileManager.default.removeItem(atPath: folder) }
        }
    }

    /// `Scripts/install.sh` into a new prefix from the folder the test bundle was built in; readable to every user when
    /// `readable`, as a binary copied by hand would be.
    static func install(readable: Bool = false) throws -> String {
        let prefix = try AttackHost.folder("prefix")
        let built = URL(fileURLWithPath: CFAGateBinary.path).deletingLastPathComponent().path
        let result = try GitFixture().run(
            "/bin/bash", [repositoryRoot.appendingPathComponent("Scripts/install.sh").path, prefix, built], environment: ["PATH": "/usr/bin:/bin"])
        guard result.status == 0 else { throw AttackHost.HostError("install.sh: \(result.standardOutput)\(result.standardError)") }
        if readable { try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(prefix)/bin/cfa-gate") }
        return prefix
    }

    private func host(options: String = "", readable: Bool) throws -> Host {
        let user = try #require(AttackHost.ciUser)
        let checklist = (options.isEmpty ? "" : "<!-- cfa-gate: \(options) -->\n\n") + "1. **Quick.** <!-- probe: command: true -->\n"
        let fixture = try ChangeFixture.make(base: ["gate/cfa-change-gate.md": checklist], change: ["notes.txt": "a change\n"])
        try AttackHost.chown(fixture.root, to: user.uid, user.gid)
        let home = try AttackHost.folder("home", owner: (user.uid, user.gid), mode: 0o700)
        let keys = try AttackHost.folder("key")
        let made = try CFAGateBinary.run(["keygen", "--out", "\(keys)/ci.pem"], in: fixture)
        try #require(made.status == 0, "\(made.standardError)")
        try AttackHost.chown(keys, to: user.uid, user.gid)
        return Host(fixture: fixture, home: home, key: "\(keys)/ci.pem", prefix: try Self.install(readable: readable))
    }

    private func environment(_ host: Host) -> [String: String] {
        var environment = SwiftPackageFixture.environment(for: host.fixture)
        environment["HOME"] = host.home
        return environment
    }

    /// Runs the gate as `ciuser` (after `prefix`), the key piped in; returns the result, the status and the unread bytes.
    private func runWithKeyOnStandardInput(_ host: Host, prefix: [String]) throws -> (result: ProcessResult, status: Int?, unread: Int?) {
        let result = try AttackHost.run(
            prefix + AttackHost.asCIUserPrefix, ["/bin/sh", "-c", Self.keyOnStandardInput, "sh", host.gate, host.key, "--out", host.fixture.path("v.json")],
            in: host.fixture, environment: environment(host))
        func field(_ name: String) -> Int? {
            result.standardOutput.split(separator: "\n").first { $0.hasPrefix("\(name)=") }.flatMap { Int($0.dropFirst(name.count + 1)) }
        }
        return (result, field("status"), field("unread"))
    }

    private func keySize(_ host: Host) throws -> Int { try Data(contentsOf: URL(fileURLWithPath: host.key)).count }

    private func verify(_ host: Host, pubkey: String) throws -> ProcessResult {
        try CFAGateBinary.run(["verify", host.fixture.path("v.json"), "--pubkey", pubkey, "--policy-ref", "main"], in: host.fixture)
    }

    @Test(.enabled(if: AttackHost.canActAsCIUser, keyReason))
    func aReadableGateRunByItsOwnUserNeverReadsACIKey() throws {
        let host = try host(readable: true)
        defer { host.remove() }
        let run = try runWithKeyOnStandardInput(host, prefix: [])
        #expect(run.status == 2, "\(run.result)")
        #expect(run.unread == (try keySize(host)), "the gate read a key it then refused: \(run.result)")
        #expect(run.result.standardError.contains("--key -: the signing key was not read"), "\(run.result.standardError)")
        #expect(run.result.standardError.contains("which can open this gate's memory"), "\(run.result.standardError)")
        #expect(run.result.standardError.contains("Scripts/install.sh"), "\(run.result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: host.fixture.path("v.json")))
        // The variable, holding the PEM text or a path, is refused the same way.
        var environment = environment(host)
        environment["CFA_GATE_SIGNING_KEY"] = host.key
        let byVariable = try AttackHost.run(
            AttackHost.asCIUserPrefix, [host.gate, "run", "--no-progress", "--out", host.fixture.path("v.json")], in: host.fixture, environment: environment)
        #expect(byVariable.status == 2 && byVariable.standardError.contains("CFA_GATE_SIGNING_KEY: the signing key was not read"), "\(byVariable)")
    }

    @Test(
        .enabled(if: AttackHost.canActAsCIUser && AttackHost.hasNoNamespaces, "needs root, ciuser and the NoNamespaces helper"),
        .enabled(if: AttackHost.ciUserExtraGroup != nil, "ciuser has no supplementary group"))
    func probesKeepingTheUsersGroupsWithoutNamespacesNeverGetACIKeyRead() throws {
        // Execute-only, so that only the groups stand between the probes and root's services.
        let host = try host(readable: false)
        defer { host.remove() }
        let run = try runWithKeyOnStandardInput(host, prefix: [AttackHost.noNamespaces, "--keep-new-privileges"])
        #expect(run.status == 2, "\(run.result)")
        #expect(run.unread == (try keySize(host)), "the gate read a key it then refused: \(run.result)")
        let group = try #require(AttackHost.ciUserExtraGroup)
        #expect(run.result.standardError.contains("probes keeping the groups \(group.gid)"), "\(run.result.standardError)")
        #expect(run.result.standardError.contains("with /run in reach"), "\(run.result.standardError)")
        #expect(!run.result.standardError.contains("open this gate's memory"), "an execute-only gate is out of reach: \(run.result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: host.fixture.path("v.json")))
    }

    @Test(.enabled(if: AttackHost.isRoot && AttackHost.hasNoNamespaces, "needs root and the NoNamespaces helper"))
    func aKeyFileTheProbesCouldOpenIsNeverReadAndOneTheyCannotIsTaken() throws {
        // A root gate where namespaces are refused: its probes run as nobody and see the whole file system.
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": "1. **Quick.** <!-- probe: command: true -->\n"], change: ["notes.txt": "a change\n"])
        let keys = try AttackHost.folder("key-file")
        defer { try? FileManager.default.removeItem(atPath: keys) }
        let made = try CFAGateBinary.run(["keygen", "--out", "\(keys)/ci.pem"], in: fixture)
        try #require(made.status == 0, "\(made.standardError)")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: "\(keys)/ci.pem")
        let arguments = [CFAGateBinary.path, "run", "--no-progress", "--key", "\(keys)/ci.pem", "--out", fixture.path("v.json")]
        let environment = SwiftPackageFixture.environment(for: fixture)
        let readable = try AttackHost.run(AttackHost.Setup.rootWithoutNamespaces.prefix, arguments, in: fixture, environment: environment)
        #expect(readable.status == 2, "\(readable)")
        #expect(readable.standardError.contains("\(keys)/ci.pem: the signing key was not read, since the probes (uid 65534) could open"), "\(readable)")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("v.json")))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: "\(keys)/ci.pem")
        let closed = try AttackHost.run(AttackHost.Setup.rootWithoutNamespaces.prefix, arguments, in: fixture, environment: environment)
        #expect(closed.status == 0, "\(closed)")
    }

    @Test(.enabled(if: AttackHost.canActAsCIUser, keyReason))
    func anExecuteOnlyGateWithNamespacesTakesTheKeyAndItsVerdictVerifies() throws {
        let host = try host(readable: false)
        defer { host.remove() }
        let run = try runWithKeyOnStandardInput(host, prefix: [])
        #expect(run.status == 0 && run.unread == 0, "\(run.result)")
        let predicate = try AttackHost.verdict(host.fixture.path("v.json"))
        #expect((predicate["signer"] as? [String: Any])?["source"] as? String == "file")
        let record = AttackHost.isolation(predicate)
        #expect(record["policy"] as? String == "standard", "\(record)")
        #expect(record["keyTakenWithout"] == nil, "\(record)")
        let verified = try verify(host, pubkey: host.key + ".pub")
        #expect(verified.status == 0, "\(verified)")
    }

    @Test(
        .enabled(if: AttackHost.canActAsCIUser, keyReason),
        arguments: [false, true])
    func theClonesOwnKeyStillWorksAndVerifyUnderTheDefaultSaysItWasInReach(withoutNamespaces: Bool) throws {
        try #require(!withoutNamespaces || AttackHost.hasNoNamespaces, "needs the NoNamespaces helper")
        let host = try host(readable: true)
        defer { host.remove() }
        let result = try AttackHost.run(
            (withoutNamespaces ? [AttackHost.noNamespaces, "--keep-new-privileges"] : []) + AttackHost.asCIUserPrefix,
            [host.gate, "run", "--no-progress", "--out", host.fixture.path("v.json")], in: host.fixture, environment: environment(host))
        #expect(result.status == 0, "a developer's run with the local key: \(result)")
        let predicate = try AttackHost.verdict(host.fixture.path("v.json"))
        #expect((predicate["signer"] as? [String: Any])?["source"] as? String == "local")
        // Its key was in reach of a same-user process: the protected policy's default does not accept the verdict.
        let verified = try verify(host, pubkey: host.fixture.path(".git/cfa-gate/local-signing-key.pem.pub"))
        #expect(verified.status == 4, "\(verified)")
        #expect(verified.standardError.contains("requires isolation=standard"), "\(verified.standardError)")
        #expect(verified.standardError.contains("a gate its own user could not read from its first instruction"), "\(verified.standardError)")
    }

    @Test(.enabled(if: AttackHost.canActAsCIUser, keyReason))
    func bestEffortTakesTheKeyWhereItIsInReachSaysSoAndVerifiesUnderThatPolicy() throws {
        let host = try host(options: "isolation=best-effort", readable: true)
        defer { host.remove() }
        let run = try runWithKeyOnStandardInput(host, prefix: [])
        #expect(run.status == 0 && run.unread == 0, "\(run.result)")
        #expect(run.result.standardOutput.contains("isolation=best-effort: the signing key was taken without"), "\(run.result.standardOutput)")
        let record = AttackHost.isolation(try AttackHost.verdict(host.fixture.path("v.json")))
        #expect(record["policy"] as? String == "best-effort", "\(record)")
        #expect((record["keyTakenWithout"] as? [String])?.contains("a gate its own user could not read from its first instruction") == true, "\(record)")
        let verified = try verify(host, pubkey: host.key + ".pub")
        #expect(verified.status == 0, "the protected checklist opted out: \(verified)")
    }
}
