import Foundation
import Sandbox

/// Where the signing key may come from. The gate process itself is kept out of reach by `KeyHygiene` (non-dumpable,
/// its variable erased); what remains here is the key's place on disk, which every probe can read inside the tree.
enum KeyProtection {
    /// A key file inside the working tree is readable by every probe; so is one reached through a symlink there.
    static func isInsideWorkTree(_ keyPath: String, repositoryRoot: String) -> Bool {
        let key = URL(fileURLWithPath: Gate.absolute(keyPath)).resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: repositoryRoot).resolvingSymlinksInPath().path
        return key == root || key.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static var signingKeyVariable: String { ChildProcess.signingKeyVariable }
}
