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

/// A key other than the clone's own is taken only where no probe and no process of the gate's user could reach it; the
/// trusted checklist's `isolation=best-effort` opts out, and `verify --policy-ref` holds a verdict to the same rule.
struct KeyReachTests {
    private static func checklist(_ options: String) -> PolicyFile {
        PolicyFile(
            role: .checklist, path: "gate/cfa-change-gate.md", source: .base,
            data: Data("\(options.isEmpty ? "" : "<!-- cfa-gate: \(options) -->\n\n")1. Quick. <!-- probe: command: true -->\n".utf8))
    }

    private static func confinement(missing: [ProbeConfinement.Guarantee], groups: [UInt32] = []) -> ProbeConfinement {
        let record = IsolationRecord(
            gateUID: 1001, probeUID: 1001, noNewPrivileges: true, groups: groups, capabilityBoundingSetEmpty: false, namespaces: [],
            readOnlyRoot: false, writablePaths: [], readOnlyPaths: [], hiddenPaths: [], privateTemporary: false, landlockABI: 7,
            missing: missing.map(\.rawValue))
        return ProbeConfinement(sandbox: ProcessSandbox(identity: nil), unavailable: nil, privateFolder: "/tmp/x", record: record)
    }

    private static func predicate(missing: [ProbeConfinement.Guarantee]?) -> GatePredicate {
        var predicate = SampleVerdicts.passing.predicate
        predicate.isolation = missing.map { confinement(missing: $0).record }
        return predicate
    }

    @Test func aReadableGateOrProbesKeepingGroupsWithRunInReachRefuseTheKeyNamingWhatCouldReachItAndTheFix() throws {
        let readable = try #require(Self.confinement(missing: [.gateOutOfReach]).keyRefusal(nil, origin: "--key -"))
        #expect(readable.exitCode == 2)
        #expect(readable.description.hasPrefix("--key -: the signing key was not read"), "\(readable)")
        #expect(readable.description.contains("any process of uid 1001, which can open this gate's memory"), "\(readable)")
        #expect(readable.description.contains("Scripts/install.sh PREFIX"), "\(readable)")
        #expect(!readable.description.contains("\n"))
        let groups = try #require(
            Self.confinement(missing: [.noGroups, .socketsOutOfReach], groups: [1001]).keyRefusal(.standard, origin: "CFA_GATE_SIGNING_KEY"))
        #expect(groups.description.contains("probes keeping the groups 1001 with /run in reach"), "\(groups)")
        #expect(groups.description.contains("start the gate with sudo"), "\(groups)")
        // Strict refuses the key too: its error verdict would be signed with a key another process could have read.
        #expect(Self.confinement(missing: [.gateOutOfReach]).keyRefusal(.strict, origin: "--key -") != nil)
    }

    @Test func groupsKeptBehindHiddenSocketsOrBestEffortTakeTheKey() {
        // With namespaces, /run is hidden: the groups a non-root gate cannot shed reach no root service.
        #expect(Self.confinement(missing: [.noGroups], groups: [1001]).keyRefusal(nil, origin: "--key -") == nil)
        #expect(Self.confinement(missing: [.readOnlyWorld]).keyRefusal(.standard, origin: "--key -") == nil)
        #expect(Self.confinement(missing: [.gateOutOfReach, .socketsOutOfReach]).keyRefusal(.bestEffort, origin: "--key -") == nil)
    }

    @Test func verifyUnderTheDefaultRejectsAVerdictWhoseKeyWasInReachNamingTheGuarantee() throws {
        do {
            try VerdictCheck.checkIsolation(Self.predicate(missing: [.gateOutOfReach]), against: Self.checklist(""), trusted: "main", verdictPath: "v.json")
            Issue.record("a verdict signed where a same-user process could read the gate was accepted")
        } catch {
            #expect(error.description.contains("requires isolation=standard"), "\(error)")
            #expect(error.description.contains(ProbeConfinement.Guarantee.gateOutOfReach.rawValue), "\(error)")
            #expect(error.description.contains("isolation=best-effort"), "\(error)")
        }
        #expect(throws: VerdictCheck.Failure.self) {
            try VerdictCheck.checkIsolation(
                Self.predicate(missing: [.socketsOutOfReach]), against: Self.checklist("isolation=standard"), trusted: "main", verdictPath: "v.json")
        }
        // No trusted checklist file: the shipped checklist, whose default is standard.
        #expect(throws: VerdictCheck.Failure.self) {
            try VerdictCheck.checkIsolation(Self.predicate(missing: [.gateOutOfReach]), against: nil, trusted: "main", verdictPath: "v.json")
        }
        // A guarantee that leaves the key out of reach is not asked for by the default, and a verdict older than the record
        // is judged as before.
        try VerdictCheck.checkIsolation(Self.predicate(missing: [.noGroups]), against: Self.checklist(""), trusted: "main", verdictPath: "v.json")
        try VerdictCheck.checkIsolation(Self.predicate(missing: nil), against: Self.checklist(""), trusted: "main", verdictPath: "v.json")
    }

    @Test func strictRejectsWhateverTheRecordSaysWasMissingAndStandardAKeyTakenWithoutItsGuarantees() {
        var predicate = Self.predicate(missing: [])
        predicate.isolation?.missing = ["a guarantee a later gate names"]
        #expect(throws: VerdictCheck.Failure.self) {
            try VerdictCheck.checkIsolation(predicate, against: Self.checklist("isolation=strict"), trusted: "main", verdictPath: "v.json")
        }
        predicate.isolation?.missing = []
        predicate.isolation?.keyTakenWithout = [KeyProtection.unreadableFile]
        #expect(throws: VerdictCheck.Failure.self) {
            try VerdictCheck.checkIsolation(predicate, against: Self.checklist(""), trusted: "main", verdictPath: "v.json")
        }
    }

    @Test func verifyAcceptsAVerdictMissingGuaranteesWhenTheTrustedChecklistOptedOut() throws {
        try VerdictCheck.checkIsolation(
            Self.predicate(missing: [.gateOutOfReach, .socketsOutOfReach, .noGroups]), against: Self.checklist("isolation=best-effort"),
            trusted: "main", verdictPath: "v.json")
        try VerdictCheck.checkIsolation(Self.predicate(missing: nil), against: Self.checklist("isolation=best-effort"), trusted: "main", verdictPath: "v.json")
    }
}
