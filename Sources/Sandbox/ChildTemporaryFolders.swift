#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The `/tmp` and `/dev/shm` of one child of a gate that is not root, made by the gate in `FilePolicy.temporaryFolders`
/// and bound onto those paths in the child's namespace.
///
/// Root gives each child an empty file system of its own instead. A child in a user namespace without a uid map can
/// create nothing on a file system it mounts itself (`EOVERFLOW`: its user has no id there), so its own would stay
/// empty and unwritable, and a test that writes `/tmp` directly would fail for the gate's reasons, not its own. On
/// these folders, which the gate's user made on the gate's file system, the child creates files as that user.
struct ChildTemporaryFolders {
    let root: String
    var temporary: String { "\(root)/tmp" }
    var sharedMemory: String { "\(root)/shm" }

    /// A fresh pair in `base`, in a folder named for the child (`named`, unique among the gate's children) or, without a
    /// name, a folder of a name of its own. The folder holding them is open to the gate's user only; they themselves are
    /// open to all as the machine's are (mode 1777).
    static func make(in base: String, named name: String?) -> Result<ChildTemporaryFolders, SandboxSpawn.Failure> {
        let failure = { (path: String) in
            SandboxSpawn.Failure(message: "cannot make a private /tmp in \(base): \(path): \(String(cString: strerror(errno)))")
        }
        let root: String
        if let name {
            root = Self.root(in: base, named: name)
            // Exclusive: a folder already there is none of this child's.
            guard mkdir(root, 0o700) == 0 else { return .failure(failure(root)) }
        } else {
            var template = Array("\(base)/child-XXXXXX".utf8CString)
            guard mkdtemp(&template) != nil else { return .failure(failure(base)) }
            root = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let folders = ChildTemporaryFolders(root: root)
        for folder in [folders.temporary, folders.sharedMemory] {
            // mkdir applies the umask, and a sticky bit only through chmod.
            guard mkdir(folder, 0o700) == 0, chmod(folder, 0o1777) == 0 else {
                let made = failure(folder)
                folders.remove()
                return .failure(made)
            }
        }
        return .success(folders)
    }

    /// Removes the pair with whatever the child left in it. Only once the child has ended: a folder removed under a
    /// running child's `/tmp` would leave it a `/tmp` where nothing can be created.
    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Removes the pair of the child `named` started in `sandbox`, once it has ended and been reaped, as root's
    /// in-memory `/tmp` goes with its process; nothing when the sandbox binds none.
    static func remove(named name: String, in sandbox: ProcessSandbox) {
        guard let base = sandbox.childTemporaryFolders else { return }
        ChildTemporaryFolders(root: root(in: base, named: name)).remove()
    }

    private static func root(in base: String, named name: String) -> String { "\(base)/child-\(name)" }
}
