#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Sandbox

/// Where the signing key may come from. The gate process itself is kept out of reach by `KeyHygiene` (non-dumpable,
/// its variable erased); what remains here is the key's place on disk, which a probe may be able to read.
enum KeyProtection {
    /// A key file inside the working tree is readable by every probe; so is one reached through a symlink there.
    static func isInsideWorkTree(_ keyPath: String, repositoryRoot: String) -> Bool {
        let key = URL(fileURLWithPath: Gate.absolute(keyPath)).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: repositoryRoot).resolvingSymlinksInPath().path
        return key == root || key.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static var signingKeyVariable: String { ChildProcess.signingKeyVariable }

    /// The file a key other than the clone's own is read from (`--key FILE`, or a path in the variable); nil when it is
    /// handed over through a descriptor (`-`, `/dev/stdin`, `/dev/fd/N`), given as PEM text, or is the local key.
    static func keyFile(keyPath: String?, environment: [String: String]) -> String? {
        guard let value = keyPath ?? environmentKeyPath(environment), !isDescriptor(value) else { return nil }
        return value
    }

    /// The key file `CFA_GATE_SIGNING_KEY` names; nil when it is unset, empty, or holds the PEM text itself.
    static func environmentKeyPath(_ environment: [String: String]) -> String? {
        environment[signingKeyVariable].flatMap { $0.isEmpty || $0.contains("-----BEGIN") ? nil : $0 }
    }

    /// `-` and `/dev/stdin` (or `/dev/fd/N`) hand the key over through a descriptor, which no probe can open.
    static func isDescriptor(_ path: String) -> Bool { path == "-" || path.hasPrefix("/dev/") }

    /// Whether a probe could open `path`: it is in the probes' view (neither hidden nor on a private `/tmp` that does
    /// not carry it) and their user may read it — the gate's own user for a gate that is not root, else the unprivileged
    /// user a root gate's probes run as, without supplementary groups. A file that is not there is left to the read's own error.
    static func probesCanRead(_ path: String, sandbox: ProcessSandbox) -> Bool {
        let file = URL(fileURLWithPath: Gate.absolute(path)).resolvingSymlinksInPath().path
        if sandbox.namespaces != nil, let files = sandbox.files {
            func under(_ folder: String) -> Bool { file == folder || file.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") }
            if files.hidden.contains(where: under) { return false }
            if sandbox.privateTemporary, under("/tmp"), !(files.writable + files.readOnly + files.visible).contains(where: under) { return false }
        }
        guard let identity = sandbox.identity else { return access(file, R_OK) == 0 }
        var status = stat()
        guard stat(file, &status) == 0 else { return false }
        if TreeOwnership.firstClosedFolder(on: (file as NSString).deletingLastPathComponent, for: identity) != nil { return false }
        return TreeOwnership.permits(0o4, on: status, to: identity)
    }

    /// What `keyTakenWithout` says of a key file the probes could open, taken under `isolation=best-effort`.
    static let unreadableFile = "a key file the probes' user could not open"
}
