#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Who owned an entry, and with what mode, before a root gate handed it to the probes' user.
package struct OwnershipChange: Sendable, Equatable {
    package var path: String
    /// The entry's identity: what is put back goes only to this very file, never to one a probe put in its place.
    package var device: UInt64
    package var inode: UInt64
    package var uid: uid_t
    package var gid: gid_t
    package var mode: mode_t
}

/// Makes a folder writable for the unprivileged user a root gate's probes run as (the package's build folders `.build`
/// and `.swiftpm`, the model build's package), and puts the package's build folders back after the run. Nothing else of
/// the package changes hands: the user's sources, manifest and test folders keep their owners and modes; a probe that is
/// not their owner can read them, not write them.
package enum TreeOwnership {
    /// The first folder from `/` down to `path` that `identity` (with no supplementary groups) may not pass through.
    package static func firstClosedFolder(on path: String, for identity: ProbeIdentity) -> String? {
        var folder = ""
        for component in [""] + path.split(separator: "/").map(String.init) {
            folder = component.isEmpty ? "/" : (folder == "/" ? "/\(component)" : "\(folder)/\(component)")
            var status = stat()
            guard stat(folder, &status) == 0 else { return folder }
            if !permits(0o1, on: status, to: identity) { return folder }
        }
        return nil
    }

    /// Whether `identity`, without supplementary groups, has `access` (4 read, 2 write, 1 search) on a file with `status`:
    /// the owner's bits when it is the owner, else the group's when it is the group, else the others', as the kernel picks them.
    package static func permits(_ access: mode_t, on status: stat, to identity: ProbeIdentity) -> Bool {
        let shift: mode_t = status.st_uid == identity.uid ? 6 : status.st_gid == identity.gid ? 3 : 0
        return status.st_mode & (access << shift) != 0
    }

    /// Hands each entry of `root` (itself included) that `identity` does not own yet to it: links themselves, never
    /// what they point at; never into `sparing` (`.git`). Returns what each handed entry was, for `restore`.
    package static func hand(_ root: String, to identity: ProbeIdentity, sparing: Set<String> = []) -> [OwnershipChange] {
        var changes: [OwnershipChange] = []
        walk(root, sparing: sparing) { path, status in
            guard status.st_uid != identity.uid else { return }
            changes.append(
                OwnershipChange(
                    path: path, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), uid: status.st_uid, gid: status.st_gid,
                    mode: status.st_mode & 0o7777))
            _ = lchown(path, identity.uid, identity.gid)
        }
        return changes
    }

    /// After the run (every probe process dead): each entry of `changes` still there as the same file gets its owner
    /// and mode back, and what the probes made under `roots` goes to `owner` (the package folder's), so that the user
    /// can still remove the build folders. A file with other hard links stays the probes' (its other names may lie
    /// outside the package); set-user-ID and set-group-ID bits never survive the hand-over, either way.
    package static func restore(_ changes: [OwnershipChange], under roots: [String], madeBy identity: ProbeIdentity, owner: (uid: uid_t, gid: gid_t)) {
        let recorded = Dictionary(changes.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for root in roots {
            walk(root, sparing: []) { path, status in
                let isLink = (status.st_mode & S_IFMT) == S_IFLNK
                if let before = recorded[path], before.device == UInt64(status.st_dev), before.inode == UInt64(status.st_ino) {
                    _ = lchown(path, before.uid, before.gid)
                    // Changing the owner cleared any set-ID bits; the rest of the mode goes back on. Those bits never do:
                    // a probe may have put other bytes in this very file (or its freed inode number under the same name).
                    if !isLink { _ = chmod(path, before.mode & 0o1777) }
                    return
                }
                guard status.st_uid == identity.uid, identity.uid != owner.uid else { return }
                let isFolder = (status.st_mode & S_IFMT) == S_IFDIR
                guard isFolder || isLink || status.st_nlink == 1 else { return }
                _ = lchown(path, owner.uid, owner.gid)
                if !isLink && status.st_mode & 0o6000 != 0 { _ = chmod(path, status.st_mode & 0o1777) }
            }
        }
    }

    /// Visits `root` and everything beneath it without following a link; folders in `sparing` are neither visited nor
    /// entered.
    private static func walk(_ root: String, sparing: Set<String>, _ visit: (String, stat) -> Void) {
        var pending = [root]
        while let path = pending.popLast() {
            guard !sparing.contains(path) else { continue }
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            visit(path, status)
            guard (status.st_mode & S_IFMT) == S_IFDIR else { continue }
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { pending.append("\(path)/\(entry)") }
        }
    }
}
