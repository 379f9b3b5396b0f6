#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing
@testable import GateEngine
@testable import Sandbox
@testable import Verdict

/// `isolation=strict`: a run missing a guarantee is refused before any probe, and `verify --policy-ref` accepts only a
/// verdict whose probes had every guarantee when the trusted checklist asks for it.
struct StrictIsolationTests {
    private static let strictChecklist = PolicyFile(
        role: .checklist, path: "gate/cfa-change-gate.md", source: .base,
        data: Data("<!-- cfa-gate: isolation=strict -->\n\n1. Quick. <!-- probe: command: true -->\n".utf8))

    private static func predicate(isolation: IsolationRecord?) -> GatePredicate {
        var predicate = SampleVerdicts.passing.predicate
        predicate.isolation = isolation
        return predicate
    }

    private static func record(missing: [String]) -> IsolationRecord {
        IsolationRecord(
            gateUID: 1000, probeUID: 1000, noNewPrivileges: true, groups: missing.isEmpty ? [] : [27], capabilityBoundingSetEmpty: false,
            namespaces: [], readOnlyRoot: false, writablePaths: [], readOnlyPaths: [], hiddenPaths: [], privateTemporary: false,
            landlockABI: 7, missing: missing)
    }

    @Test func verifyRejectsAVerdictWhoseProbesLackedAGuaranteeTheTrustedChecklistRequires() throws {
        #expect(throws: VerdictCheck.Failure.self) {
            try VerdictCheck.checkIsolation(
                Self.predicate(isolation: Self.record(missing: ["dropping the supplementary groups"])), against: Self.strictChecklist,
                trusted: "main", verdictPath: "v.json")
        }
        #expect(throws: VerdictCheck.Failure.self) {
            try VerdictCheck.checkIsolation(Self.predicate(isolation: nil), against: Self.strictChecklist, trusted: "main", verdictPath: "v.json")
        }
        try VerdictCheck.checkIsolation(
            Self.predicate(isolation: Self.record(missing: [])), against: Self.strictChecklist, trusted: "main", verdictPath: "v.json")
    }

    @Test func aRunWithoutNamespacesOrLandlockIsRefusedUnderStrictNamingTheFix() {
        let sandbox = ProcessSandbox(identity: nil)
        let confinement = ProbeConfinement(
            sandbox: sandbox, unavailable: "namespaces refused", privateFolder: "/tmp/x", record: ProbeConfinement.record(of: sandbox))
        let refusal = confinement.strictRefusal(.strict)
        #expect(refusal?.contains("a read-only file system (namespaces or Landlock)") == true, "\(refusal ?? "")")
        #expect(refusal?.contains("(namespaces refused)") == true)
        #expect(confinement.strictRefusal(.standard) == nil)
        #expect(confinement.strictRefusal(nil) == nil)
    }

    @Test func aRootGatesProbesWithANamespaceHaveEveryGuarantee() {
        let sandbox = ProcessSandbox(
            namespaces: .pidAndMount, identity: ProbeIdentity(uid: 65534, gid: 65534, name: "nobody"),
            files: FilePolicy(writable: ["/w"], hidden: FilePolicy.serviceSocketFolders), landlockABI: nil)
        let record = ProbeConfinement.record(of: sandbox)
        #expect(record.missing.isEmpty, "\(record.missing)")
        #expect(record.probeUID == 65534)
        #expect(record.groups.isEmpty)
        #expect(record.readOnlyRoot)
        #expect(record.hiddenPaths == ["/run", "/var/run"])
    }
}

/// A root gate's probes run as an unprivileged user: a package they cannot reach is refused before any probe, by name.
struct ProbeUserReachTests {
    @Test(.enabled(if: geteuid() == 0, "only a root gate drops its probes to another user"))
    func aPackageBehindAFolderTheProbeUserCannotEnterIsRefusedNamingIt() async throws {
        let fixture = try GateFixture(checklist: "1. Quick. <!-- probe: command: true -->\n", package: false)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: fixture.git.root)
        do {
            _ = try await Gate.run(fixture.options())
            Issue.record("the run started though nobody could enter \(fixture.git.root)")
        } catch {
            #expect(error.exitCode == 2)
            #expect(error.description.contains("cannot enter \(fixture.git.root)"), "\(error)")
            #expect(error.description.contains("chmod o+x"), "\(error)")
        }
    }
}
