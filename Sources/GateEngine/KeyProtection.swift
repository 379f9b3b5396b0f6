#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Sandbox
import Probes

/// Keeps the signing key out of reach of the code under test, which runs as the same user as the gate.
///
/// Children never get the variable (`ChildProcess` withholds it) nor a descriptor above 2. What remains is
/// the gate process itself: its environment block, readable through `/proc/<pid>/environ`, and its memory.
enum KeyProtection {
    /// Makes the gate non-dumpable (Linux): `/proc/<pid>/environ`, `mem` and `ptrace` then need
    /// `CAP_SYS_PTRACE`, which a probe running as the same unprivileged user does not have.
    static func hideProcess() {
        #if os(Linux)
        _ = CLibrary.processControl?(setDumpable, 0, 0, 0, 0)
        #endif
    }

    #if os(Linux)
    /// `PR_SET_DUMPABLE` from `<linux/prctl.h>`, which Glibc's module does not bring in.
    private static let setDumpable: Int32 = 4
    #endif

    /// Overwrites the bytes of `name=value` in this process's environment block, then removes the variable.
    ///
    /// `unsetenv` alone only drops the pointer from `environ`: `/proc/self/environ` reads the original block
    /// the kernel set up at exec, where the text would stay. The entries of `environ` still point into that
    /// block (or into memory `setenv` allocated), so writing through them erases the text wherever it is.
    static func erase(variable name: String) {
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

    /// A key file inside the working tree is readable by every probe; so is one reached through a symlink there.
    static func isInsideWorkTree(_ keyPath: String, repositoryRoot: String) -> Bool {
        let key = URL(fileURLWithPath: Gate.absolute(keyPath)).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: repositoryRoot).resolvingSymlinksInPath().path
        return key == root || key.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static var signingKeyVariable: String { ChildProcess.signingKeyVariable }
}
