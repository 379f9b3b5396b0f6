#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// How a child process ended.
package enum ProcessTermination: Sendable, Equatable {
    case exited(Int32)
    case signalled(Int32)
    case timedOut(after: Duration)
    case interrupted
    case launchFailed(String)

    package var succeeded: Bool { self == .exited(0) }

    /// A wait status in the classic layout (the wait-status macros are not imported into Swift).
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

/// Where a child's standard output and error go, and what it gets as descriptor 3.
package struct ChildOutput: Sendable, Equatable {
    package enum Destination: Sendable, Equatable {
        /// Appended to this file, which is created when missing.
        case file(String)
        /// The write end of a pipe the gate reads.
        case pipe(Int32)
    }

    package var destination: Destination
    /// The write end of a second pipe, the child's descriptor 3 (Swift Testing's event stream, `/dev/fd/3`).
    package var fourth: Int32?

    package init(destination: Destination, fourth: Int32? = nil) {
        self.destination = destination
        self.fourth = fourth
    }

    package static func file(_ path: String) -> ChildOutput { ChildOutput(destination: .file(path)) }

    /// The pipe ends the child gets, which `ChildProcess` closes in the gate once the child has them: the reader
    /// sees the end of its output only when no writer is left.
    var pipeEnds: [Int32] {
        var ends = fourth.map { [$0] } ?? []
        if case .pipe(let descriptor) = destination { ends.append(descriptor) }
        return ends
    }
}

/// Runs one command in its own process group, with its output going to a log file or a pipe.
///
/// The child gets a process group of its own so that a timeout or Ctrl-C can stop everything it started
/// (a `swift build` spawns compilers and linkers), not just the direct child. Waiting happens on a thread of its
/// own, asleep on a pidfd until the child ends: the watchdog then fires on time even while every cooperative
/// thread is busy (a CPU-bound analysis, or a test suite's synchronous work), and no cooperative thread is ever
/// blocked by the wait.
/// Every process starts in the run's sandbox (`ProcessSandbox`) without the withheld variables, and what it leaves
/// running is killed and reaped before `run` returns (`ProcessReaper`).
public struct ChildProcess: Sendable {
    var executable: String
    var arguments: [String]
    var workingDirectory: String
    var environment: [String: String]
    var output: ChildOutput
    var timeout: Duration
    /// Where the process runs: by default the sandbox the gate chose for this run (`ProcessSandbox.current`).
    var sandbox: ProcessSandbox
    /// The mark the reaper finds this process's orphans by, in their environment, when it must be the same for several
    /// processes: SwiftPM's commands of a run, whose manifest cache is keyed by the whole environment. Such processes
    /// must run one after another. Nil: a mark of the process's own.
    package var reaperMark: String?

    package init(
        executable: String, arguments: [String], workingDirectory: String,
        environment: [String: String], logPath: String, timeout: Duration, sandbox: ProcessSandbox = .current
    ) {
        self.init(
            executable: executable, arguments: arguments, workingDirectory: workingDirectory, environment: environment,
            output: .file(logPath), timeout: timeout, sandbox: sandbox)
    }

    /// `output`'s pipe ends belong to the process from here on: they are closed in the gate once the child has them.
    package init(
        executable: String, arguments: [String], workingDirectory: String,
        environment: [String: String], output: ChildOutput, timeout: Duration, sandbox: ProcessSandbox = .current
    ) {
        self.sandbox = sandbox
        self.executable = executable
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.environment = environment
        self.output = output
        self.timeout = timeout
    }

    package func run() async -> ProcessTermination {
        await runReportingLeftovers().termination
    }

    /// How the process ended, and the processes it left running, which were killed and reaped before this returns.
    package func runReportingLeftovers() async -> (termination: ProcessTermination, leftovers: [LeftoverProcess]) {
        let token = ProcessReaper.newToken()
        let mark = reaperMark ?? token
        let pid: pid_t
        let started = await ProcessReaper.shared.start(token: mark, { spawn(token: token, mark: mark) })
        output.pipeEnds.forEach(closeDescriptor)
        switch started {
        case .success(let spawned): pid = spawned
        case .failure(let failure): return (.launchFailed(failure.message), [])
        }
        let termination = await wait(for: pid)
        ChildTemporaryFolders.remove(named: token, in: sandbox)
        // In a namespace the kernel has already killed and reaped everything the process left: nothing to sweep.
        return (termination, await ProcessReaper.shared.finished(pid, token: mark, sweeping: sandbox.namespaces == nil))
    }

    private func wait(for pid: pid_t) async -> ProcessTermination {
        let watched = self
        return await WaiterThread.run { cancellation in watched.watch(pid, cancellation: cancellation) }
    }

    /// The waiter thread's loop: the child's end, a cancellation or Ctrl-C, or the time limit, whichever comes first.
    private func watch(_ pid: pid_t, cancellation: CancellationFlag) -> ProcessTermination {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let exitNotice = ProcessExitNotice(pid)
        defer { exitNotice?.close() }
        var pauseMicroseconds: UInt32 = 1_000
        while true {
            if let ended = reap(pid, blocking: false) { return ended }
            if cancellation.isRaised || ProcessInterruption.isRequested {
                stopTree(pid)
                return .interrupted
            }
            let now = clock.now
            if now >= deadline {
                stopTree(pid)
                return .timedOut(after: timeout)
            }
            if let exitNotice {
                // Asleep until the child ends, waking at least every 50 ms to see a cancellation or Ctrl-C.
                exitNotice.wait(upTo: min(deadline - now, .milliseconds(50)))
            } else {
                // The poll interval is the latency the gate adds to every process it runs, so it stays short.
                usleep(pauseMicroseconds)
                pauseMicroseconds = min(pauseMicroseconds * 2, 5_000)
            }
        }
    }

    struct SpawnFailure: Error { var message: String }

    private func spawn(token: String, mark: String) -> Result<pid_t, SpawnFailure> {
        // The token lets the reaper tell which process an orphan came from (see `ProcessReaper`). In a namespace nothing is
        // ever orphaned to the gate, and it is left out: a variable that differs on every run would change SwiftPM's cache
        // key for the manifest, which covers the whole environment.
        var childEnvironment = Self.childEnvironment(environment)
        if sandbox.namespaces == nil { childEnvironment[ProcessReaper.tokenVariable] = mark }
        let envp = childEnvironment.map { "\($0.key)=\($0.value)" }
        let argv = [executable] + arguments
        var descriptors = SandboxSpawn.Descriptors(fourth: output.fourth ?? -1)
        switch output.destination {
        case .file(let path): descriptors.outputPath = path
        case .pipe(let descriptor): descriptors.outputDescriptor = descriptor
        }
        return SandboxSpawn.spawn(
            path: executable, argv: argv, envp: envp, workingDirectory: workingDirectory, descriptors: descriptors, sandbox: sandbox,
            name: token
        ).mapError { SpawnFailure(message: $0.message) }
    }

    /// Variables no child process ever sees, whatever environment it is given: the signing key (its PEM
    /// text or its path), and the CI runner's credentials and command files. Every probe, build, test and command
    /// is code the change under test controls: a token would let it act as the workflow, and a line appended to
    /// `GITHUB_ENV` or `GITHUB_PATH` runs in every later step of the job.
    static let withheldVariables: Set<String> = [
        signingKeyVariable,
        "GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STATE", "GITHUB_STEP_SUMMARY", "GITHUB_TOKEN",
        "ACTIONS_RUNTIME_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_TOKEN", "ACTIONS_ID_TOKEN_REQUEST_URL", "ACTIONS_CACHE_URL",
        "ACTIONS_RESULTS_URL", "CI_JOB_TOKEN",
    ]
    /// Prefixes of withheld variables: GitLab's `CI_JOB_JWT`, `CI_JOB_JWT_V1`, `CI_JOB_JWT_V2`.
    static let withheldPrefixes: [String] = ["CI_JOB_JWT"]
    public static let signingKeyVariable = "CFA_GATE_SIGNING_KEY"

    /// The environment a child actually gets.
    static func childEnvironment(_ environment: [String: String]) -> [String: String] {
        environment.filter { entry in
            !withheldVariables.contains(entry.key) && !withheldPrefixes.contains { entry.key.hasPrefix($0) }
        }
    }

    /// The run's environment without the variables the checklist's `withhold-environment` names (`NAME`, or
    /// `PREFIX*` for every name that starts so), on top of the ones always withheld.
    package static func withholding(_ patterns: [String], from environment: [String: String]) -> [String: String] {
        environment.filter { entry in
            !patterns.contains { $0.hasSuffix("*") ? entry.key.hasPrefix(String($0.dropLast())) : entry.key == $0 }
        }
    }

    private func reap(_ pid: pid_t, blocking: Bool) -> ProcessTermination? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        if result == 0 { return nil }
        if result < 0 { return errno == EINTR ? nil : .exited(-1) }
        return ProcessTermination(waitStatus: status)
    }

    /// Stops everything the child started, then reaps the child.
    ///
    /// Killing the process group is not enough: SwiftPM's driver starts each compiler job in a group of
    /// its own, and those jobs outlive a killed driver. So the whole tree of descendants is frozen with
    /// SIGSTOP first (a frozen process cannot fork or be re-parented away from us), collected until no
    /// new member appears, and then killed, together with the group.
    private func stopTree(_ pid: pid_t) {
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

/// A descriptor that becomes readable when a process ends (Linux's `pidfd_open`, in glibc from 2.36): the waiter
/// sleeps until the exit itself instead of polling, which would add up to a poll interval to every test process.
/// A pidfd is always close-on-exec, so no child inherits it. Where there is none, the waiter polls.
struct ProcessExitNotice {
    let descriptor: Int32

    init?(_ pid: pid_t) {
        #if os(Linux)
        guard let open = pidfdOpen else { return nil }
        let descriptor = open(pid, 0)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
        #else
        return nil
        #endif
    }

    func wait(upTo limit: Duration) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = max(1, Int32((limit / .milliseconds(1)).rounded(.up)))
        _ = poll(&entry, 1, milliseconds)
    }

    func close() { closeDescriptor(descriptor) }
}

/// glibc's `pidfd_open` (2.36+), looked up so that an older C library falls back to polling instead of failing to load.
typealias PidfdOpen = @convention(c) (pid_t, UInt32) -> Int32
let pidfdOpen = CLibrary.function("pidfd_open", as: PidfdOpen.self)
