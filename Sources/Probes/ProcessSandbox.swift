#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where a child process runs: beside the gate, or in a PID and mount namespace of its own.
///
/// In a namespace, with a private `/proc`, a probe sees only its own process tree: not the gate, not the shell
/// or runner above it (whose `/proc/<pid>/environ` may hold the key or a CI token), not another probe. The
/// namespace is made by util-linux's `unshare`, whose child is the namespace's first process: when that ends,
/// the kernel kills whatever else is left in it. Without root, a user namespace maps the current user onto
/// itself, so the child's uid and gid look as they do outside.
///
/// The started program is that first process, PID 1 of its namespace, so the kernel's rules for an init apply to
/// it: a signal it sends itself (`kill $$`, `raise`) is ignored unless it handles it (`abort()` then ends it with
/// SIGSEGV rather than SIGABRT), and from the gate only SIGKILL, SIGSTOP and handled signals arrive — which is what
/// the watchdog sends. Costing one `unshare` exec and the namespace set-up, it is measured by `Scripts/bench-spawn.sh`.
public enum ProcessSandbox: Sendable, Equatable {
    case none
    case namespace(unshare: String, userNamespace: Bool)

    /// What the verdict records.
    public var name: String {
        switch self {
        case .none: "none"
        case .namespace: "namespace"
        }
    }

    /// The program to start and its whole argument vector (argument 0 included) for `executable` run in this sandbox.
    func command(executable: String, arguments: [String]) -> (path: String, argv: [String]) {
        switch self {
        case .none:
            return (executable, [executable] + arguments)
        case .namespace(let unshare, let userNamespace):
            // `--kill-child`: if `unshare` itself is killed, its child (and so the namespace) goes with it.
            let user = userNamespace ? ["--user", "--map-current-user"] : []
            return (unshare, [unshare] + user + ["--pid", "--fork", "--mount", "--mount-proc", "--kill-child", "--", executable] + arguments)
        }
    }

    // MARK: The sandbox every child process of this run gets

    /// The sandbox a `ChildProcess` gets when none is named. The gate sets it around the probes of a run; as a
    /// task-local value it reaches every task the probes start, and no other run's processes in the same program.
    @TaskLocal public static var current: ProcessSandbox = .none

    /// util-linux's `unshare`, at the places Debian installs it; never looked up on PATH, which the run's
    /// environment sets.
    package static let unsharePath: String? = ["/usr/bin/unshare", "/bin/unshare"].first { access($0, X_OK) == 0 }

    /// The sandbox this kernel allows, found by starting a process in it; with the reason when there is none.
    ///
    /// As root, a PID and mount namespace need no user namespace (and one would hide files of other owners);
    /// as another user, they need one, which kernels allow unless unprivileged user namespaces are off
    /// (`kernel.unprivileged_userns_clone=0`, AppArmor's `restrict_unprivileged_userns`) or a seccomp profile
    /// (Docker's default) forbids them.
    package static func detect(unshare: String? = unsharePath) async -> (sandbox: ProcessSandbox, unavailable: String?) {
        guard let unshare, access(unshare, X_OK) == 0 else {
            return (.none, "util-linux's `unshare` is not installed (looked for /usr/bin/unshare and /bin/unshare)")
        }
        let candidates: [ProcessSandbox] = geteuid() == 0
            ? [.namespace(unshare: unshare, userNamespace: false), .namespace(unshare: unshare, userNamespace: true)]
            : [.namespace(unshare: unshare, userNamespace: true)]
        var reason = ""
        for candidate in candidates {
            let logPath = NSTemporaryDirectory() + "cfa-gate-sandbox-\(ProcessReaper.newToken()).log"
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            defer { try? FileManager.default.removeItem(atPath: logPath) }
            // `unshare --version` inside the namespace: always there, and the child only starts if the namespace did.
            let ended = await ChildProcess(
                executable: unshare, arguments: ["--version"], workingDirectory: "/", environment: [:], logPath: logPath,
                timeout: .seconds(20), sandbox: candidate
            ).run()
            if ended.succeeded { return (candidate, nil) }
            let output = FileManager.default.contents(atPath: logPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let firstLine = output.split(separator: "\n").first.map(String.init) ?? "\(ended)"
            reason = "`\(candidate.command(executable: "…", arguments: []).argv.dropLast().joined(separator: " "))` failed: \(firstLine)"
        }
        return (.none, "this kernel or container does not let \(geteuid() == 0 ? "root" : "this user") make a PID namespace: \(reason)")
    }
}
