#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// How a child process ended.
public enum ProcessTermination: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut(after: Duration)
    case interrupted
    case launchFailed(String)

    public var succeeded: Bool { self == .exited(0) }
}

/// Runs one command in its own process group, with its output going to a log file.
///
/// The child gets a process group of its own so that a timeout or Ctrl-C can stop everything it started
/// (a `swift build` spawns compilers and linkers), not just the direct child. Waiting polls `waitpid` with
/// `WNOHANG` between short sleeps: it keeps the wait cancellable without blocking a cooperative thread.
public struct ChildProcess: Sendable {
    public var executable: String
    public var arguments: [String]
    public var workingDirectory: String
    public var environment: [String: String]
    public var logPath: String
    public var timeout: Duration

    public init(
        executable: String, arguments: [String], workingDirectory: String,
        environment: [String: String], logPath: String, timeout: Duration
    ) {
        self.executable = executable
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.logPath = logPath
        self.timeout = timeout
    }

    public func run() async -> ProcessTermination {
        let pid: pid_t
        switch spawn() {
        case .success(let spawned): pid = spawned
        case .failure(let failure): return .launchFailed(failure.message)
        }
        let clock = ContinuousClock()
        let start = clock.now
        var pause = Duration.milliseconds(1)
        while true {
            if let ended = reap(pid, blocking: false) { return ended }
            if Task.isCancelled || ProcessInterruption.isRequested {
                await stopTree(pid)
                return .interrupted
            }
            if clock.now - start >= timeout {
                await stopTree(pid)
                return .timedOut(after: timeout)
            }
            try? await Task.sleep(for: pause)
            // The poll interval is the latency the gate adds to every process it runs, so it stays short;
            // a `waitpid` every 5 ms costs microseconds even over a half-hour build.
            pause = min(pause * 2, .milliseconds(5))
        }
    }

    private struct SpawnFailure: Error { var message: String }

    private func spawn() -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        guard let addChdir = spawnAddChdir, addChdir(&actions, workingDirectory) == 0 else {
            return .failure(SpawnFailure(message: "cannot start \(executable) in \(workingDirectory): this C library cannot set a child's directory"))
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGINT)
        sigaddset(&defaultSignals, SIGTERM)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = [executable] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        var pid = pid_t()
        let status = withCStringArray(argv) { argvPointer in
            withCStringArray(envp) { envPointer in
                posix_spawn(&pid, executable, &actions, &attributes, argvPointer, envPointer)
            }
        }
        guard status == 0 else {
            return .failure(SpawnFailure(message: "could not start \(executable): \(String(cString: strerror(status)))"))
        }
        return .success(pid)
    }

    private func reap(_ pid: pid_t, blocking: Bool) -> ProcessTermination? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        if result == 0 { return nil }
        if result < 0 { return errno == EINTR ? nil : .exited(-1) }
        // The wait-status macros are not imported into Swift; decode the classic layout directly.
        let signal = status & 0x7f
        if signal == 0 { return .exited((status >> 8) & 0xff) }
        return .signalled(signal)
    }

    /// Stops everything the child started, then reaps the child.
    ///
    /// Killing the process group is not enough: SwiftPM's driver starts each compiler job in a group of
    /// its own, and those jobs outlive a killed driver. So the whole tree of descendants is frozen with
    /// SIGSTOP first (a frozen process cannot fork or be re-parented away from us), collected until no
    /// new member appears, and then killed, together with the group.
    private func stopTree(_ pid: pid_t) async {
        var frozen = Set<pid_t>([pid])
        kill(pid, SIGSTOP)
        while true {
            let found = ProcessTree.descendants(of: pid).subtracting(frozen)
            if found.isEmpty { break }
            for member in found { kill(member, SIGSTOP) }
            frozen.formUnion(found)
        }
        kill(-pid, SIGKILL)
        for member in frozen { kill(member, SIGKILL) }
        _ = reap(pid, blocking: true)
    }
}

/// glibc's `posix_spawn_file_actions_addchdir_np` (2.29+) sets the child's working directory without
/// touching ours; its header guards it behind `_GNU_SOURCE`, so Swift does not import it and it is looked up.
private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
private let spawnAddChdir: AddChdir? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
    .map { unsafeBitCast($0, to: AddChdir.self) }

/// Builds a NULL-terminated `char *[]` for the duration of `body`.
private func withCStringArray<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
