#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Keeps the signing key out of reach of the code under test, which may run as the same user as the gate.
///
/// Children never get the variable (`ChildProcess` withholds it) nor a descriptor above 2 (or 3), and never share the
/// gate's memory in a state another process could read (`SandboxSpawn`). What remains is the gate process itself: its
/// environment block, readable through `/proc/<pid>/environ`, and its memory. The command line makes the gate
/// non-dumpable as its first step, before any key is read.
package enum KeyHygiene {
    /// Makes the gate non-dumpable (Linux): `/proc/<pid>/environ`, `mem` and `ptrace` then need
    /// `CAP_SYS_PTRACE`, which a probe running as the same unprivileged user does not have.
    ///
    /// Until this call, a process of the same user could open `/proc/<pid>/mem`, and a descriptor opened then stays
    /// readable: only a gate that was never readable to the runner's user (started as root through `sudo`, or from an
    /// execute-only binary, which the kernel makes non-dumpable at exec) is out of reach from its first instruction.
    /// The first call records which it was (`wasReadableAtStart`).
    package static func makeUndumpable() {
        #if os(Linux)
        guard let control = CLibrary.processControl else { return }
        // 3: `PR_GET_DUMPABLE`. Only the first call sees the state the kernel left at exec.
        _ = readableAtStart.compareExchange(expected: unknown, desired: control(3, 0, 0, 0, 0) == 1 ? 1 : 0, ordering: .relaxed)
        _ = control(setDumpable, 0, 0, 0, 0)
        #endif
    }

    /// Whether another process of the gate's own user could read its memory before `makeUndumpable` (true when unknown).
    package static var wasReadableAtStart: Bool { geteuid() != 0 && readableAtStart.load(ordering: .relaxed) != 0 }

    private static let unknown = -1
    private static let readableAtStart = Atomic<Int>(-1)

    #if os(Linux)
    /// `PR_SET_DUMPABLE` from `<linux/prctl.h>`, which Glibc's module does not bring in.
    private static let setDumpable: Int32 = 4
    #endif

    /// Overwrites the bytes of `name=value` in this process's environment block, then removes the variable.
    ///
    /// `unsetenv` alone only drops the pointer from `environ`: `/proc/self/environ` reads the original block
    /// the kernel set up at exec, where the text would stay. The entries of `environ` still point into that
    /// block (or into memory `setenv` allocated), so writing through them erases the text wherever it is.
    package static func erase(variable name: String) {
        let prefix = Array("\(name)=".utf8)
        var entries: [UnsafeMutablePointer<CChar>] = []
        var cursor = environ
        while let entry = cursor.pointee {
            if strlen(entry) >= prefix.count, prefix.indices.allSatisfy({ UInt8(bitPattern: entry[$0]) == prefix[$0] }) {
                entries.append(entry)
            }
            cursor += 1
        }
        // First out of `environ` (glibc's `unsetenv` never frees the strings), then the bytes themselves,
        // keeping their length so nothing after them in the block moves.
        unsetenv(name)
        for entry in entries {
            for offset in 0..<strlen(entry) { entry[offset] = CChar(UInt8(ascii: "x")) }
        }
    }
}
