#if canImport(Glibc)
import Glibc
#endif
import Checklist
import Foundation
import Sandbox
import Verdict

/// Sets up what every probe of a run holds (`ProcessSandbox`) and describes it for the verdict.
///
/// Probes may write the package (its `.git` excepted) and a private folder of the run's own, which is their `HOME` and
/// `TMPDIR`; the rest of the file system is read-only to them, and the root services' sockets under `/run` are hidden.
/// The checklist (read from the policy revision, never from the change) may add `hide-paths`, name the unprivileged
/// `probe-user` of a root gate, and demand `isolation=strict`.
struct ProbeConfinement: Sendable {
    var sandbox: ProcessSandbox
    /// Why namespaces were out of reach, when they were.
    var unavailable: String?
    /// The run's private folder: `home` and `tmp` inside it. Removed when the run ends.
    var privateFolder: String
    /// The lock that keeps the private folder this run's (`claimPrivateFolder`), or -1.
    var privateFolderLock: Int32 = -1
    var record: IsolationRecord

    /// In the private folder: where a gate that is not root makes each probe's own `/tmp` and `/dev/shm`
    /// (`FilePolicy.temporaryFolders`).
    static let childTemporaryFolders = "child-tmp"

    /// The variables every probe gets on top of the run's environment.
    var environment: [String: String] { ["HOME": "\(privateFolder)/home", "TMPDIR": "\(privateFolder)/tmp"] }

    /// The guarantees of `isolation=strict`.
    enum Guarantee: String, CaseIterable {
        case unprivileged = "a user other than root"
        case noGroups = "dropping the supplementary groups"
        case readOnlyWorld = "a read-only file system (namespaces or Landlock)"
        case socketsOutOfReach = "hiding the root services' sockets"
        case gateOutOfReach = "a gate its own user could not read from its first instruction"

        var fix: String {
            switch self {
            case .unprivileged, .noGroups, .socketsOutOfReach:
                "start the gate with sudo (probes then run as the invoking user, without groups)"
            case .readOnlyWorld:
                "run the gate where namespaces or Landlock are allowed (a VM job rather than a container)"
            case .gateOutOfReach:
                "start the gate with sudo, or from an execute-only binary (`install -m 711 -o root`)"
            }
        }
    }

    /// Why `isolation=strict` refuses this run, naming what is missing and the fix; nil when it holds or is not asked.
    func strictRefusal(_ policy: IsolationPolicy?) -> String? {
        guard policy == .strict, !record.missing.isEmpty else { return nil }
        let missing = Guarantee.allCases.filter { record.missing.contains($0.rawValue) }
        var fixes: [String] = []
        for fix in missing.map(\.fix) where !fixes.contains(fix) { fixes.append(fix) }
        return "isolation=strict, but probes would run without \(record.missing.joined(separator: ", "))"
            + (unavailable.map { " (\($0))" } ?? "") + " — \(fixes.joined(separator: "; "))"
    }

    static func prepare(
        options: ChecklistOptions, checklistPath: String, environment: [String: String], repositoryRoot: String, packageDirectory: String, gitDirectory: String,
        privateFolder claimed: (path: String, lock: Int32), swiftExecutable: String?,
        detect: @Sendable (FilePolicy, ProbeIdentity?) async -> (sandbox: ProcessSandbox, unavailable: String?)
    ) async throws(GateError) -> ProbeConfinement {
        let privateFolder = claimed.path
        let identity: ProbeIdentity?
        switch ProbeIdentity.forRootGate(environment: environment, named: options.probeUser) {
        case .success(let found): identity = found
        case .failure(let error): throw .probeUser(checklist: checklistPath, reason: error.description)
        }
        let package = resolved(packageDirectory)
        do {
            for folder in [privateFolder, "\(privateFolder)/home", "\(privateFolder)/tmp", "\(privateFolder)/\(childTemporaryFolders)"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            // Probes of a root gate run as another user than the clone's owner, which git would refuse to work in
            // (`safe.directory`, honored only from a global configuration such as the probes' own `HOME`).
            try Data("[safe]\n\tdirectory = *\n".utf8).write(to: URL(fileURLWithPath: "\(privateFolder)/home/.gitconfig"))
            // Under Landlock no probe can add an entry to the package's top folder (granting that would grant `.git`):
            // the folders a build makes there exist before it runs.
            for folder in [".build", ".swiftpm"] {
                try FileManager.default.createDirectory(atPath: "\(package)/\(folder)", withIntermediateDirectories: true)
            }
        } catch {
            throw .logs(path: privateFolder, reason: error.localizedDescription)
        }
        let gitFolders = Set([resolved(gitDirectory), resolved("\(repositoryRoot)/.git")])
        if let identity {
            if let closed = TreeOwnership.firstClosedFolder(on: package, for: identity) {
                throw .probeUser(
                    checklist: checklistPath,
                    reason: "probes run as \(identity.name) (uid \(identity.uid)) and cannot enter \(closed) — let them pass"
                        + " (`chmod o+x \(closed)`), start the gate with sudo as the clone's owner, or set probe-user= to a user who can")
            }
            TreeOwnership.hand(resolved(privateFolder), to: identity, sparing: [])
            TreeOwnership.hand(package, to: identity, sparing: gitFolders.union([package]))
        }
        let visible = visiblePaths(repositoryRoot: resolved(repositoryRoot), swiftExecutable: swiftExecutable.map(resolved))
        let files = FilePolicy(
            writable: [package, resolved(privateFolder)], readOnly: gitFolders.sorted(),
            hidden: FilePolicy.serviceSocketFolders + (options.hiddenPaths ?? []), visible: visible,
            privateTemporary: !([package, resolved(privateFolder)] + gitFolders + visible).contains("/tmp"),
            temporaryFolders: "\(resolved(privateFolder))/\(childTemporaryFolders)")
        let (sandbox, unavailable) = options.sandbox == .off ? (ProcessSandbox(identity: identity), nil) : await detect(files, identity)
        return ProbeConfinement(
            sandbox: sandbox, unavailable: options.sandbox == .off ? "sandbox=off" : unavailable, privateFolder: resolved(privateFolder),
            privateFolderLock: claimed.lock, record: record(of: sandbox))
    }

    /// What a private /tmp carries onto it besides the package, the private folder and `.git`, when they lie under /tmp:
    /// the repository around the package (a dependency `path:` may lead out of it), the toolchain's `usr`, and the
    /// fork server and XCTest observer libraries beside the gate, which test processes preload.
    static func visiblePaths(repositoryRoot: String, swiftExecutable: String?) -> [String] {
        let toolchain = swiftExecutable.map { URL(fileURLWithPath: $0).deletingLastPathComponent().deletingLastPathComponent().path }
        let preloaded = [ForkServer.libraryBesideExecutable(), ForkServer.libraryBesideExecutable(named: "libCFAGateXCTestObserver.so")]
        return [repositoryRoot] + (toolchain.map { [$0] } ?? []) + preloaded.compactMap { $0.map(resolved) }
    }

    /// What the verdict says the probes had, and which of the strict guarantees they lacked.
    static func record(of sandbox: ProcessSandbox) -> IsolationRecord {
        let probeUID = sandbox.identity?.uid ?? geteuid()
        let groups: [UInt32] = sandbox.identity != nil ? [] : supplementaryGroups()
        let files = sandbox.files
        let namespaces: [String] =
            switch sandbox.namespaces {
            case .none: []
            case .pidAndMount: ["pid", "mount"]
            case .pidMountAndUser: ["pid", "mount", "user"]
            }
        let readOnlyWorld = sandbox.enforcesFiles
        var missing: [Guarantee] = []
        if probeUID == 0 { missing.append(.unprivileged) }
        if !groups.isEmpty { missing.append(.noGroups) }
        if !readOnlyWorld { missing.append(.readOnlyWorld) }
        // A socket under /run is out of reach when it is hidden, or when probes are neither root nor in its group.
        if sandbox.namespaces == nil && !groups.isEmpty { missing.append(.socketsOutOfReach) }
        if KeyHygiene.wasReadableAtStart { missing.append(.gateOutOfReach) }
        return IsolationRecord(
            gateUID: geteuid(), probeUID: probeUID, noNewPrivileges: true, groups: groups,
            capabilityBoundingSetEmpty: sandbox.identity != nil || sandbox.namespaces != nil, namespaces: namespaces,
            readOnlyRoot: sandbox.namespaces != nil && files != nil, writablePaths: readOnlyWorld ? files?.writable ?? [] : [],
            readOnlyPaths: readOnlyWorld ? files?.readOnly ?? [] : [], hiddenPaths: sandbox.namespaces != nil ? files?.hidden ?? [] : [],
            privateTemporary: sandbox.privateTemporary,
            landlockABI: sandbox.landlockABI.map(Int.init), missing: missing.map(\.rawValue))
    }

    /// The gate's supplementary groups other than its own primary group: what a probe it starts keeps.
    private static func supplementaryGroups() -> [UInt32] {
        let count = getgroups(0, nil)
        guard count > 0 else { return [] }
        var groups = [gid_t](repeating: 0, count: Int(count))
        let read = getgroups(count, &groups)
        return Array(Set(groups.prefix(Int(max(read, 0)))).subtracting([getegid()])).sorted()
    }

    /// Removes the private folder, whatever modes a probe left inside it.
    func removePrivateFolder() {
        Self.removeTree(privateFolder)
        guard privateFolderLock >= 0 else { return }
        // Unlocked before it is closed: a child being started on another thread holds a copy of every descriptor until
        // its exec, and a lock left to the close would outlast this run for that long, sending the next run of this
        // process to a folder of its own.
        _ = flock(privateFolderLock, LOCK_UN)
        _ = close(privateFolderLock)
    }

    /// Claims the run's private folder in `folder` (`.git/cfa-gate`): `probes`, when no other run of this clone holds
    /// it, so that the probes' `HOME` and `TMPDIR` are the same paths on every run (SwiftPM keys its manifest cache by
    /// the whole environment); `probes-<run>` while another run holds it. What an earlier run left there is removed
    /// first: nothing in it outlives the run that wrote it. The lock is held until `removePrivateFolder`.
    static func claimPrivateFolder(in folder: String, runID: String) -> (path: String, lock: Int32) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lock = open("\(folder)/probes.lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lock >= 0 else { return ("\(folder)/probes-\(runID)", -1) }
        guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
            _ = close(lock)
            return ("\(folder)/probes-\(runID)", -1)
        }
        removeTree("\(folder)/probes")
        return ("\(folder)/probes", lock)
    }

    /// Removes a folder the probes could write, whatever modes they left on it.
    private static func removeTree(_ root: String) {
        if (try? FileManager.default.removeItem(atPath: root)) != nil { return }
        var pending = [root]
        while let path = pending.popLast() {
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { continue }
            _ = chmod(path, 0o700)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { pending.append("\(path)/\(entry)") }
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}

/// Makes a folder usable for the unprivileged user a root gate's probes run as: each entry it does not own yet is
/// handed over (links themselves, never what they point at), except the folders spared: `.git`, which no probe writes,
/// and the package folder itself (its owner is the repository's, which git checks; its entries, `.build` among them,
/// are the probes').
enum TreeOwnership {
    /// The first folder from `/` down to `path` that `identity` (with no supplementary groups) may not pass through.
    static func firstClosedFolder(on path: String, for identity: ProbeIdentity) -> String? {
        var folder = ""
        for component in [""] + path.split(separator: "/").map(String.init) {
            folder = component.isEmpty ? "/" : (folder == "/" ? "/\(component)" : "\(folder)/\(component)")
            var status = stat()
            guard stat(folder, &status) == 0 else { return folder }
            let search: mode_t = status.st_uid == identity.uid ? 0o100 : status.st_gid == identity.gid ? 0o010 : 0o001
            if status.st_mode & search == 0 { return folder }
        }
        return nil
    }

    static func hand(_ root: String, to identity: ProbeIdentity, sparing: Set<String>) {
        var pending = [root]
        while let path = pending.popLast() {
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            if sparing.contains(path) {
                guard path == root else { continue }
            } else if status.st_uid != identity.uid {
                _ = lchown(path, identity.uid, identity.gid)
            }
            guard (status.st_mode & S_IFMT) == S_IFDIR else { continue }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { pending.append("\(path)/\(entry)") }
        }
    }
}
