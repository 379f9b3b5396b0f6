#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where a child process runs and what it holds: the confinement every probe and test process of a run gets.
///
/// Every child starts with `no_new_privs` (sudo and every setuid program are dead to it), an empty capability
/// bounding set where the gate may drop it, and never as root: a gate running as root (a `container:` job, or started
/// with `sudo` so that it can make namespaces on an AppArmor-restricted host) starts its children as `identity`, with
/// no supplementary groups. On top of that:
/// - **Namespaces**: the child is the first process of a PID and mount namespace of its own, with a private `/proc`
///   (it sees only its own process tree: not the gate, not the runner above it, not another probe; when it ends, the
///   kernel kills whatever it left). Its root file system is read-only except `files.writable`; `files.readOnly` stay
///   read-only inside those; `files.hidden` are replaced by empty ones (the sockets of root services under `/run`);
///   `/tmp` is private (`privateTemporary`: empty but for the paths of `files` under it, carried onto it). A gate that
///   is not root adds a user namespace, left without a uid map: the child keeps its kernel identity (its files stay its
///   own) and shows as the overflow user, and no process ever writes a map — the gate's memory, which holds the key,
///   is never made dumpable to let a child do it. Such a child could create nothing on a file system of its own, so its
///   `/tmp` and `/dev/shm` are folders the gate made for it (`FilePolicy.temporaryFolders`), bound in place.
/// - **Landlock** (`landlockABI`): without namespaces, the same file policy for writes; where the kernel has scopes
///   (ABI 6), a child can signal no process and reach no abstract socket outside its own domain, namespaces or not.
public struct ProcessSandbox: Sendable, Equatable {
    package enum Namespaces: Sendable, Equatable {
        /// PID and mount namespaces, which root makes without a user namespace.
        case pidAndMount
        /// The same inside an unmapped user namespace, for a gate that is not root.
        case pidMountAndUser
    }

    package var namespaces: Namespaces?
    /// Who the child runs as when the gate is root; nil keeps the gate's user.
    package var identity: ProbeIdentity?
    /// What the child may write and see; nil leaves the file system as it is.
    package var files: FilePolicy?
    /// The Landlock ABI the child restricts itself with; nil where the kernel has none.
    package var landlockABI: Int32?

    package init(namespaces: Namespaces? = nil, identity: ProbeIdentity? = nil, files: FilePolicy? = nil, landlockABI: Int32? = nil) {
        self.namespaces = namespaces
        self.identity = identity
        self.files = files
        self.landlockABI = landlockABI
    }

    /// No confinement beyond what every child gets (`no_new_privs`, its own process group, no inherited descriptors).
    package static let none = ProcessSandbox()

    /// What the verdict records in `sandbox`.
    package var name: String { namespaces == nil ? (landlockABI != nil && files != nil ? "landlock" : "none") : "namespace" }

    /// Whether the child's `/tmp` is its own (the policy's paths under it carried onto it), in a namespace, when the
    /// policy asks: an empty file system of its own as root, a folder the gate made for it otherwise
    /// (`childTemporaryFolders`). A child in a user namespace without a uid map can create nothing on a file system it
    /// mounts (`EOVERFLOW`), not even a folder to carry a path onto: without such folders and with paths under `/tmp` to
    /// keep, it keeps the machine's `/tmp`, read-only, as without a private one.
    package var privateTemporary: Bool {
        guard namespaces != nil, let files, files.privateTemporary else { return false }
        return namespaces == .pidAndMount || files.temporaryFolders != nil || files.keptUnderTemporary.isEmpty
    }

    /// Where each child gets folders the gate made as its `/tmp` and `/dev/shm` (`ChildTemporaryFolders`), when it does:
    /// in a user namespace, where file systems of its own would stay unwritable.
    var childTemporaryFolders: String? { namespaces == .pidMountAndUser && privateTemporary ? files?.temporaryFolders : nil }

    /// Whether the file policy holds: by mounts in a namespace, or by Landlock.
    package var enforcesFiles: Bool { files != nil && (namespaces != nil || landlockABI != nil) }

    /// The same sandbox with `paths` read-only too, a writable path among them included: the build outputs while the
    /// tests run, so that no test can replace the bundle or a library the next test process loads; the whole package
    /// while SwiftPM evaluates its manifest.
    package func protecting(_ paths: [String]) -> ProcessSandbox {
        guard var files else { return self }
        files.writable.removeAll { paths.contains($0) }
        files.readOnly += paths.filter { !files.readOnly.contains($0) }
        var copy = self
        copy.files = files
        return copy
    }

    // MARK: The sandbox every child process of this run gets

    /// The sandbox a `ChildProcess` gets when none is named. The gate sets it around the probes of a run; as a
    /// task-local value it reaches every task the probes start, and no other run's processes in the same program.
    @TaskLocal package static var current: ProcessSandbox = .none

    /// The strongest sandbox this kernel allows for `files` and `identity`, found by taking every step of a start but
    /// the exec; with the reason namespaces are out of reach when they are.
    ///
    /// As root, PID and mount namespaces need no user namespace; as another user they need one, which kernels allow
    /// unless unprivileged user namespaces are off (`kernel.unprivileged_userns_clone=0`, AppArmor's
    /// `restrict_unprivileged_userns`, which lets the clone succeed and then refuses the mounts) or a seccomp profile
    /// (Docker's default) forbids them. Without namespaces, Landlock holds the file policy where the kernel has it.
    package static func detect(files: FilePolicy, identity: ProbeIdentity?) async -> (sandbox: ProcessSandbox, unavailable: String?) {
        let landlock = Landlock.abi
        let namespaces: Namespaces = geteuid() == 0 ? .pidAndMount : .pidMountAndUser
        let candidate = ProcessSandbox(namespaces: namespaces, identity: identity, files: files, landlockABI: landlock)
        // On the reaper, so that no sweep takes the check's short-lived child for an orphan.
        let failure = await ProcessReaper.shared.withoutSweeps { SandboxSpawn.check(candidate) }
        guard let failure else { return (candidate, nil) }
        let reason = "this kernel or container does not let \(geteuid() == 0 ? "root" : "this user") make a PID and mount namespace: \(failure)"
        let confined = ProcessSandbox(identity: identity, files: landlock == nil ? nil : files, landlockABI: landlock)
        if await ProcessReaper.shared.withoutSweeps({ SandboxSpawn.check(confined) }) == nil { return (confined, reason) }
        return (ProcessSandbox(identity: identity), reason)
    }
}

/// What a confined child may write and see. Paths are absolute and resolved (no symlinks).
public struct FilePolicy: Sendable, Equatable {
    /// Writable, and everything beneath them but `readOnly`: the package, the run's private temporary folder.
    package var writable: [String]
    /// Read-only though inside a writable path: the repository's `.git`, and the build outputs while tests run.
    package var readOnly: [String]
    /// Replaced by an empty folder (or an empty file) in a namespace: the sockets of root services.
    package var hidden: [String]
    /// Read-only like the rest of the file system, and kept in sight under a private `/tmp`: the repository around the
    /// package, the toolchain.
    package var visible: [String]
    /// `/tmp` is a private file system in a namespace, empty but for the paths above that lie under it
    /// (`ProcessSandbox.privateTemporary` says when it can be).
    package var privateTemporary: Bool
    /// A folder of the gate's own, writable in the policy, in which a gate that is not root makes each child's `/tmp` and
    /// `/dev/shm` (`ChildTemporaryFolders`); hidden from the children. Nil: they get empty file systems of their own,
    /// which a user namespace cannot write.
    package var temporaryFolders: String?

    package init(
        writable: [String], readOnly: [String] = [], hidden: [String] = [], visible: [String] = [], privateTemporary: Bool = false,
        temporaryFolders: String? = nil
    ) {
        self.writable = writable
        self.readOnly = readOnly
        self.hidden = hidden
        self.visible = visible
        self.privateTemporary = privateTemporary
        self.temporaryFolders = temporaryFolders
    }

    /// The paths under `/tmp` a private `/tmp` must still show, where something stands: every path of the policy but
    /// the hidden ones, outermost only (each is carried with what lies beneath it), shortest first.
    package var keptUnderTemporary: [String] {
        var kept: [String] = []
        for path in Set(writable + readOnly + visible).sorted(by: { ($0.count, $0) < ($1.count, $1) })
        where path.hasPrefix("/tmp/") && PathKind(path).isPresent && !kept.contains(where: { path.hasPrefix($0 + "/") }) {
            kept.append(path)
        }
        return kept
    }

    /// The folders under `/run` and `/var/run` that hold the sockets of root services, hidden in every namespace.
    package static let serviceSocketFolders = ["/run", "/var/run"]
}

/// The unprivileged user a root gate's children run as.
public struct ProbeIdentity: Sendable, Equatable {
    package var uid: uid_t
    package var gid: gid_t
    package var name: String

    package init(uid: uid_t, gid: gid_t, name: String) {
        self.uid = uid
        self.gid = gid
        self.name = name
    }

    /// The user a root gate drops its children to, first found of: the one who ran `sudo` (`SUDO_UID`/`SUDO_GID`),
    /// `named` (the checklist's `probe-user=`), the checkout's owner (`checkoutOwner`, when it is not root: probes then
    /// write as the user whose files they are, and nothing of theirs changes hands), else `nobody`. Nil when the gate is
    /// not root (children keep its user) and, with the reason, when no such user exists.
    package static func forRootGate(
        environment: [String: String], named: String?, checkoutOwner: (uid: uid_t, gid: gid_t)? = nil
    ) -> Result<ProbeIdentity?, ProbeIdentityError> {
        guard geteuid() == 0 else { return .success(nil) }
        if let uid = environment["SUDO_UID"].flatMap(uid_t.init), uid != 0, let gid = environment["SUDO_GID"].flatMap(gid_t.init), gid != 0 {
            return .success(ProbeIdentity(uid: uid, gid: gid, name: environment["SUDO_USER"] ?? "uid \(uid)"))
        }
        if named == nil, let owner = checkoutOwner, owner.uid != 0 {
            // A uid without an entry in /etc/passwd (a bind-mounted checkout in a container) is still a user to run as.
            let entry = getpwuid(owner.uid)
            let name = entry.map { String(cString: $0.pointee.pw_name) } ?? "uid \(owner.uid)"
            // Never the root group: a checkout whose group is root runs its probes in the owner's own group, or nogroup.
            let ownGroup = entry.map { $0.pointee.pw_gid }.flatMap { $0 == 0 ? nil : $0 }
            return .success(ProbeIdentity(uid: owner.uid, gid: owner.gid != 0 ? owner.gid : ownGroup ?? 65534, name: name))
        }
        let name = named ?? "nobody"
        guard let entry = getpwnam(name) else { return .failure(ProbeIdentityError(name: name)) }
        guard entry.pointee.pw_uid != 0 else { return .failure(ProbeIdentityError(name: name, isRoot: true)) }
        return .success(ProbeIdentity(uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid, name: name))
    }
}

/// The user probes should run as does not exist here, or is root.
package struct ProbeIdentityError: Error, Equatable, CustomStringConvertible {
    package var name: String
    package var isRoot = false

    package var description: String {
        isRoot
            ? "probe-user=\(name) is root: probes never run as uid 0 — name an unprivileged user"
            : "no user '\(name)' on this machine for probes to run as — create it, set probe-user= in the checklist, or start the gate with sudo"
    }
}
