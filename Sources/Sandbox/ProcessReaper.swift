#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// A process that was still running after the process it came from had ended, and was killed.
public struct LeftoverProcess: Sendable, Equatable {
    public var pid: pid_t
    public var command: String
}

/// Makes sure no process the change started outlives the step that started it.
///
/// The gate becomes the *child subreaper* of everything it starts (`PR_SET_CHILD_SUBREAPER`, Linux): a process
/// whose parent ends — a `setsid` daemon, a double fork — is re-parented to the gate instead of to init, so it
/// stays in sight. Every process `ChildProcess` starts is registered here as live; any other child of the gate
/// is an orphan. When a process ends, the orphans it left (marked with its token in their environment, or
/// marked with no live process's token) are frozen, killed and reaped before its caller learns it ended.
/// The final sweep, before any report is written, kills every orphan whatever its mark. Only the command line makes
/// itself the subreaper (a test runner also has children of its own); until then sweeps do nothing. In the namespace
/// sandbox nothing is ever re-parented to the gate: the kernel kills what a probe left when its first process ends.
///
/// An actor, so a sweep never runs between a spawn and its registration (the new process would look orphaned).
package actor ProcessReaper {
    package static let shared = ProcessReaper()

    /// The variable each started process (and, unless it clears its environment, everything it starts) carries.
    static let tokenVariable = "CFA_GATE_PROCESS"

    private var live: [pid_t: String] = [:]
    private static let counter = Atomic<Int>(0)
    private static let subreaper = Atomic<Bool>(false)

    /// A token no other process of this gate has.
    static func newToken() -> String {
        "\(getpid())-\(counter.add(1, ordering: .relaxed).newValue)"
    }

    /// Makes this process the subreaper of its descendants. Until it is, orphans go to init and cannot be swept.
    @discardableResult
    package static func becomeSubreaper() -> Bool {
        #if os(Linux)
        if subreaper.load(ordering: .relaxed) { return true }
        let succeeded = CLibrary.processControl?(setChildSubreaper, 1, 0, 0, 0) == 0
        subreaper.store(succeeded, ordering: .relaxed)
        return succeeded
        #else
        return false
        #endif
    }

    static var isSubreaper: Bool { subreaper.load(ordering: .relaxed) }

    #if os(Linux)
    /// `PR_SET_CHILD_SUBREAPER` from `<linux/prctl.h>`.
    private static let setChildSubreaper: Int32 = 36
    #endif

    /// Starts a process and registers it as live, in one step as far as any sweep can tell.
    func start<Failure: Error>(token: String, _ spawn: @Sendable () -> Result<pid_t, Failure>) -> Result<pid_t, Failure> {
        let result = spawn()
        if case .success(let pid) = result { live[pid] = token }
        return result
    }

    /// Runs `body`, which starts a process and reaps it itself, with no sweep in between.
    func withoutSweeps<Value: Sendable>(_ body: @Sendable () -> Value) -> Value { body() }

    /// The process started with `token` has been reaped: kills and reaps what it left behind (unless told there is
    /// nothing to sweep: a process in a PID namespace of its own takes everything it left down with it).
    func finished(_ pid: pid_t, token: String, sweeping: Bool = true) -> [LeftoverProcess] {
        live[pid] = nil
        guard Self.isSubreaper, sweeping else { return [] }
        return sweep(sparing: Set(live.values))
    }

    /// Kills and reaps every orphan, whatever process it came from: nothing may run once results are recorded.
    package func sweepAll() -> [LeftoverProcess] {
        guard Self.isSubreaper else { return [] }
        return sweep(sparing: [])
    }

    /// Orphans marked with a token in `sparing` belong to a process that is still running (its own helper,
    /// re-parented when an intermediate process ended) and are left to that process's own sweep.
    private func sweep(sparing: Set<String>) -> [LeftoverProcess] {
        let me = getpid()
        var killed: [pid_t: LeftoverProcess] = [:]
        // Each round kills the orphans found; what they had started is re-parented to the gate and found next round.
        for _ in 0..<64 {
            var targets: [pid_t] = []
            var reaped = false
            for child in ProcessTree.children(of: me) where live[child] == nil {
                if ProcessTree.isZombie(child) {
                    var status: Int32 = 0
                    reaped = waitpid(child, &status, WNOHANG) > 0 || reaped
                    continue
                }
                if let mark = ProcessTree.environmentValue(Self.tokenVariable, of: child), sparing.contains(mark) { continue }
                targets.append(child)
            }
            if targets.isEmpty && !reaped { break }
            // Frozen first, with everything below them, so none can fork a replacement while the others die.
            var frozen = Set<pid_t>()
            var pending = targets
            while let next = pending.popLast() {
                guard frozen.insert(next).inserted else { continue }
                kill(next, SIGSTOP)
                pending.append(contentsOf: ProcessTree.children(of: next))
            }
            for member in frozen where killed[member] == nil {
                killed[member] = LeftoverProcess(pid: member, command: ProcessTree.commandName(of: member))
            }
            for member in frozen { kill(member, SIGKILL) }
            for target in targets {
                var status: Int32 = 0
                while waitpid(target, &status, 0) < 0 && errno == EINTR {}
            }
        }
        return killed.values.sorted { $0.pid < $1.pid }
    }
}

extension [LeftoverProcess] {
    /// The evidence line for processes a probe left running: how many, and which commands.
    package var evidenceLine: String? {
        guard !isEmpty else { return nil }
        var counts: [String: Int] = [:]
        for process in self { counts[process.command, default: 0] += 1 }
        let names = counts.keys.sorted().map { name in counts[name]! > 1 ? "\(name) ×\(counts[name]!)" : name }
        return "left \(count) process\(count == 1 ? "" : "es") running after it ended, killed: \(names.joined(separator: ", "))"
    }
}
