import CGit2
import Foundation

extension GitRepository {
    /// The blob id git would give the file's current bytes (`git hash-object`), without writing anything.
    ///
    /// Used as a content key: a working-tree file with the same id as a committed blob has the same text,
    /// so what was learned from parsing one serves the other. nil when the file cannot be read.
    public func blobID(ofFileAt absolutePath: String) -> String? {
        var oid = git_oid()
        guard git_odb_hashfile(&oid, absolutePath, GIT_OBJECT_BLOB) == 0 else { return nil }
        return LibGit2.hex(&oid)
    }

    /// The blob id of these bytes. Needs no repository handle, so any task may call it: the analyser hashes
    /// the very bytes it parses, and a file edited meanwhile cannot lend its facts to another content.
    public static func blobID(of data: Data) -> String? {
        LibGit2.ensureInitialized()
        var oid = git_oid()
        let status = data.withUnsafeBytes { bytes in git_odb_hash(&oid, bytes.baseAddress, bytes.count, GIT_OBJECT_BLOB) }
        guard status == 0 else { return nil }
        return LibGit2.hex(&oid)
    }
}
