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
    /// Makes the gate non-dumpable; see `KeyHygiene.makeUndumpable`.
    static func hideProcess() { KeyHygiene.makeUndumpable() }

    /// Erases a variable's text from this process's environment block; see `KeyHygiene.erase`.
    static func erase(variable name: String) { KeyHygiene.erase(variable: name) }

    /// A key file inside the working tree is readable by every probe; so is one reached through a symlink there.
    static func isInsideWorkTree(_ keyPath: String, repositoryRoot: String) -> Bool {
        let key = URL(fileURLWithPath: Gate.absolute(keyPath)).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: repositoryRoot).resolvingSymlinksInPath().path
        return key == root || key.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static var signingKeyVariable: String { ChildProcess.signingKeyVariable }
}
