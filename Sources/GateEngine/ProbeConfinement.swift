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
    /// What a root gate handed to the probes' user in the package's build folders, put back by `release`.
    var handedOver = HandedOver()

    /// The package's build folders as a root gate handed them to its probes' user, and whose they are afterwards.
    struct HandedOver: Sendable {
        var folders: [String] = []
        var changes: [OwnershipChange] = []
        var identity: ProbeIdentity?
        /// The package folder's owner: what the probes made in the build folders is theirs after the run.
        var owner: (uid: uid_t, gid: gid_t) = (0, 0)
    }

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
                "start the gate with sudo, or install it execute-only as root (`Scripts/install.sh PREFIX`: `install -m 711`)"
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

    /// The guarantees without which a probe, or a process of the gate's own user outside the sandbox, could reach a key
    /// the gate holds: root probes read everything; a probe keeping the user's groups with `/run` in reach gets root
    /// through a root service's socket; a gate readable at exec may have its memory opened before it can stop it.
    static let keyGuarantees: [Guarantee] = [.unprivileged, .socketsOutOfReach, .gateOutOfReach]

    /// The key guarantees this run lacks.
    var missingKeyGuarantees: [Guarantee] { Self.keyGuarantees.filter { record.missing.contains($0.rawValue) } }

    /// Why a signing key given as `origin` (not the clone's own) must not be read here; nil when nothing could reach it
    /// or the checklist opted out (`isolation=best-effort`). Decided before the key is read, so that it never enters
    /// memory another process could open.
    func keyRefusal(_ policy: IsolationPolicy?, origin: String) -> GateError? {
        let missing = missingKeyGuarantees
        guard policy != .bestEffort, !missing.isEmpty else { return nil }
        var reach: [String] = []
        var fixes: [String] = []
        for guarantee in missing {
            switch guarantee {
            case .unprivileged: reach.append("probes running as root")
            case .socketsOutOfReach:
                let groups = record.groups.map(String.init).joined(separator: ",")
                reach.append("probes keeping the groups \(groups) with /run in reach (root through a root service's socket)")
            case .gateOutOfReach:
                reach.append("any process of uid \(record.gateUID), which can open this gate's memory (a readable binary run by its own user)")
            case .noGroups, .readOnlyWorld: continue
            }
            if !fixes.contains(guarantee.fix) { fixes.append(guarantee.fix) }
        }
        return .keyInReach(origin: origin, reach: reach, fixes: fixes)
    }

    static func prepare(
        options: ChecklistOptions, checklistPath: String, environment: [String: String], repositoryRoot: String, packageDirectory: String, gitDirectory: String,
        privateFolder claimed: (path: String, lock: Int32), swiftExecutable: String?,
        detect: @Sendable (FilePolicy, ProbeIdentity?) async -> (sandbox: ProcessSandbox, unavailable: String?)
    ) async throws(GateError) -> ProbeConfinement {
        let privateFolder = claimed.path
        let package = resolved(packageDirectory)
        let packageOwner = owner(of: package) ?? (0, 0)
        let identity: ProbeIdentity?
        switch ProbeIdentity.forRootGate(environment: environment, named: options.probeUser, checkoutOwner: owner(of: resolved(repositoryRoot))) {
        case .success(let found): identity = found
        case .failure(let error): throw .probeUser(checklist: checklistPath, reason: error.description)
        }
        let buildFolders = [".build", ".swiftpm"].map { "\(package)/\($0)" }
        do {
            for folder in [privateFolder, "\(privateFolder)/home", "\(privateFolder)/tmp", "\(privateFolder)/\(childTemporaryFolders)"] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            }
            // Probes of a root gate may run as another user than the clone's owner, which git would refuse to work in
            // (`safe.directory`, honored only from a global configuration such as the probes' own `HOME`).
            try Data("[safe]\n\tdirectory = *\n".utf8).write(to: URL(fileURLWithPath: "\(privateFolder)/home/.gitconfig"))
            // Under Landlock no probe can add an entry to the package's top folder (granting that would grant `.git`):
            // the folders a build makes there exist before it runs.
            for folder in buildFolders where !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                // Made by root in the user's package: the package folder's owner's, as if their own build had made it.
                _ = lchown(folder, packageOwner.uid, packageOwner.gid)
            }
        } catch {
            throw .logs(path: privateFolder, reason: error.localizedDescription)
        }
        let gitFolders = Set([resolved(gitDirectory), resolved("\(repositoryRoot)/.git")])
        var handedOver = HandedOver()
        if let identity {
            if let closed = TreeOwnership.firstClosedFolder(on: package, for: identity) {
                throw .probeUser(
                    checklist: checklistPath,
                    reason: "probes run as \(identity.name) (uid \(identity.uid)) and cannot enter \(closed) — let them pass"
                        + " (`chmod o+x \(closed)`), start the gate with sudo as the clone's owner, or set probe-user= to a user who can")
            }
            _ = TreeOwnership.hand(resolved(privateFolder), to: identity)
            // Only the build folders: the package's own files keep their owners and modes (probes read them).
            handedOver = HandedOver(
                folders: buildFolders, changes: buildFolders.flatMap { TreeOwnership.hand($0, to: identity, sparing: gitFolders) },
                identity: identity, owner: packageOwner)
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
            privateFolderLock: claimed.lock, record: record(of: sandbox), handedOver: handedOver)
    }

    /// Whether a probe could have written `path`: anywhere without a read-only world; else only inside a writable path
    /// (the package, the private folder), judged where links lead.
    func probesCouldWrite(_ path: String) -> Bool {
        guard sandbox.enforcesFiles, let files = sandbox.files else { return true }
        let target = Self.resolved(path)
        return files.writable.contains { target == $0 || target.hasPrefix($0 == "/" ? "/" : $0 + "/") }
    }

    /// The owner and group of `path` itself, nil when nothing is there.
    private static func owner(of path: String) -> (uid: uid_t, gid: gid_t)? {
        var status = stat()
        return lstat(path, &status) == 0 ? (status.st_uid, status.st_gid) : nil
    }

    /// Ends the run's hold on the file system, once every probe process is dead, whether the run passed, failed, threw
    /// or was interrupted: the build folders go back to whom they belonged, and the private folder goes.
    func release() {
        if let identity = handedOver.identity, !handedOver.changes.isEmpty || identity.uid != handedOver.owner.uid {
            TreeOwnership.restore(handedOver.changes, under: handedOver.folders, madeBy: identity, owner: handedOver.owner)
        }
        removePrivateFolder()
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
