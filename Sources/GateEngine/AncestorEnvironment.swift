#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Sandbox
import Probes
import Verdict

/// Finds the signing key in the environment of a process above the gate.
///
/// The gate erases the key from its own environment block, but a shell that started it without `exec` keeps its
/// own copy, readable through `/proc/<pid>/environ` by every process of the same user — every probe, unless the
/// probe runs in a PID namespace of its own. A key found there is a key already given away, so the run refuses.
enum AncestorEnvironment {
    struct Holder: Sendable, Equatable {
        var pid: pid_t
        var command: String
    }

    /// The nearest ancestor whose environment holds one of the key's PEM lines; nil when none the gate can read does.
    static func holder(of key: SigningKey, alsoGivenAs text: String?) -> Holder? {
        // A line of the PEM body (64 base64 characters of key material) is matched, not the whole text: the
        // variable may hold it with other line breaks, or with `\n` escapes, and still give the key away.
        let needles = Set(key.pemBodyLines + (text.map(SigningKey.bodyLines) ?? [])).filter { $0.count >= 32 }.map { Data($0.utf8) }
        guard !needles.isEmpty else { return nil }
        #if os(Linux)
        var pid = getppid()
        var seen = Set<pid_t>()
        while pid > 0, seen.insert(pid).inserted {
            if let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
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
}
