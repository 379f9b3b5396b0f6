#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Sandbox
import Probes
import Verdict

/// Finds the signing key in the environment of a process above the gate, where a probe could read it.
///
/// The gate erases the key from its own environment block, but a shell that started it without `exec` keeps its
/// own copy, readable through `/proc/<pid>/environ` by every process of the same user — every probe, unless the
/// probe runs in a PID namespace of its own. A key found there is a key already given away, so the run refuses.
/// An ancestor whose environment no probe could read is no holder: `sudo` (setuid root, so not dumpable, its `/proc`
/// files root's) above a root gate whose probes never run as root.
enum AncestorEnvironment {
    struct Holder: Sendable, Equatable {
        var pid: pid_t
        var command: String
    }

    /// The nearest ancestor owned by one of `readers` (the probes' uid, and the gate's own when it is not root) whose
    /// environment holds one of the key's PEM lines; nil when none does.
    static func holder(of key: SigningKey, alsoGivenAs text: String?, readableBy readers: Set<uid_t>) -> Holder? {
        // A line of the PEM body (64 base64 characters of key material) is matched, not the whole text: the
        // variable may hold it with other line breaks, or with `\n` escapes, and still give the key away.
        let needles = Set(key.pemBodyLines + (text.map(SigningKey.bodyLines) ?? [])).filter { $0.count >= 32 }.map { Data($0.utf8) }
        guard !needles.isEmpty else { return nil }
        #if os(Linux)
        var pid = getppid()
        var seen = Set<pid_t>()
        while pid > 0, seen.insert(pid).inserted {
            if readableEnvironment(of: pid, by: readers), let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                needles.contains(where: { environment.range(of: $0) != nil })
            {
                return Holder(pid: pid, command: ProcessTree.commandName(of: pid))
            }
            guard pid != 1, let parent = ProcessTree.parentID(of: pid) else { break }
            pid = parent
        }
        #endif
        return nil
    }

    /// Whether a process of one of `readers` could open `/proc/<pid>/environ`: the kernel makes a process's `/proc` files
    /// its effective user's while it is dumpable and root's while it is not (a setuid program such as `sudo`), and lets
    /// only that user (or root) read them. Unknown counts as readable.
    private static func readableEnvironment(of pid: pid_t, by readers: Set<uid_t>) -> Bool {
        var status = stat()
        guard stat("/proc/\(pid)/environ", &status) == 0 else { return true }
        return readers.contains(status.st_uid)
    }
}
