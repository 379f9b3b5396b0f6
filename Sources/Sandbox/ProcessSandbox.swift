#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where a child process runs: beside the gate, or in a PID and mount namespace of its own.
///
/// In a namespace, with a private `/proc`, a probe sees only its own process tree: not the gate, not the shell
/// or runner above it (whose `/proc/<pid>/environ` may hold the key or a CI token), not another probe. The started
/// program is the namespace's first process (`NamespaceSpawn`): when it ends, the kernel kills whatever else is
/// left in it. Without root, a user namespace maps the current user onto itself, so the child's uid and gid look as
/// they do outside.
///
/// Being PID 1 of its namespace, the program is under the kernel's rules for an init: a signal it sends itself
/// (`kill $$`, `raise`) is ignored unless it handles it (`abort()` then ends it with SIGSEGV rather than SIGABRT),
/// and from the gate only SIGKILL, SIGSTOP and handled signals arrive — which is what the watchdog sends. The
/// namespace adds about 0.1 ms to a process start (`Scripts/bench-spawn.sh`).
public enum ProcessSandbox: Sendable, Equatable {
    case none
    case namespace(userNamespace: Bool)

    /// What the verdict records.
    public var name: String {
        switch self {
        case .none: "none"
        case .namespace: "namespace"
        }
    }

    // MARK: The sandbox every child process of this run gets

    /// The sandbox a `ChildProcess` gets when none is named. The gate sets it around the probes of a run; as a
    /// task-local value it reaches every task the probes start, and no other run's processes in the same program.
    @TaskLocal public static var current: ProcessSandbox = .none

    /// The sandbox this kernel allows, found by making a namespace that starts nothing; with the reason when there is none.
    ///
    /// As root, a PID and mount namespace need no user namespace (and one would hide files of other owners);
    /// as another user, they need one, which kernels allow unless unprivileged user namespaces are off
    /// (`kernel.unprivileged_userns_clone=0`, AppArmor's `restrict_unprivileged_userns`) or a seccomp profile
    /// (Docker's default) forbids them.
    package static func detect() async -> (sandbox: ProcessSandbox, unavailable: String?) {
        var reason = ""
        for userNamespace in geteuid() == 0 ? [false, true] : [true] {
            // On the reaper, so that no sweep takes the check's short-lived child for an orphan.
            let failure = await ProcessReaper.shared.withoutSweeps { NamespaceSpawn.check(userNamespace: userNamespace) }
            guard let failure else { return (.namespace(userNamespace: userNamespace), nil) }
            reason = failure
        }
        return (.none, "this kernel or container does not let \(geteuid() == 0 ? "root" : "this user") make a PID namespace: \(reason)")
    }
}
