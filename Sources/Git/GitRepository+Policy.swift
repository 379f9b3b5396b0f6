import CGit2
import Foundation

/// A file as committed: its blob id and its bytes.
public struct CommittedFile: Sendable, Equatable {
    /// Full 40-hex id of the blob.
    public var blobID: String
    public var data: Data

    init(blobID: String, data: Data) {
        self.blobID = blobID
        self.data = data
    }
}

extension GitRepository {
    /// The committed bytes of the file at `path` in `commit`'s tree, read from git objects: the work tree
    /// and the index play no part. nil when the commit has no file there (or only a folder, symlink or submodule).
    /// - Throws: `unknownRevision(commit)` when `commit` names no commit.
    public func file(at commit: String, path: String) throws(GitError) -> CommittedFile? {
        let (tree, commitID) = try rootTree(of: commit)
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, tree, path)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try LibGit2.check(code, "find '\(path)' in commit \(commitID)")
        defer { git_tree_entry_free(entry) }
        let mode = git_tree_entry_filemode(entry)
        guard mode == GIT_FILEMODE_BLOB || mode == GIT_FILEMODE_BLOB_EXECUTABLE else { return nil }
        let blobID = LibGit2.hex(git_tree_entry_id(entry))
        return CommittedFile(blobID: blobID, data: try blobData(blobID))
    }

    /// One digest of everything staged: each index entry's path, stage, mode and blob id. Two equal digests
    /// mean nothing was staged, unstaged, added or removed in between; timestamps and sizes play no part.
    public func indexDigest() throws(GitError) -> String {
        var index: OpaquePointer?
        try LibGit2.check(git_repository_index(&index, handle), "open the index")
        defer { git_index_free(index) }
        // Another process may have written the index since this handle was opened.
        try LibGit2.check(git_index_read(index, 1), "read the index")
        var text = ""
        for position in 0..<git_index_entrycount(index) {
            guard let entry = git_index_get_byindex(index, position)?.pointee else { continue }
            var id = entry.id
            // Bits 12–13 of the flags hold the conflict stage.
            let stage = (entry.flags >> 12) & 0x3
            text += "\(String(cString: entry.path))\t\(stage)\t\(String(entry.mode, radix: 8))\t\(LibGit2.hex(&id))\n"
        }
        var digest = git_oid()
        let bytes = Array(text.utf8)
        try LibGit2.check(git_odb_hash(&digest, bytes, bytes.count, GIT_OBJECT_BLOB), "digest the index")
        return LibGit2.hex(&digest)
    }
}

extension GitRepository {
    /// Whether `commit`'s tree has anything at `path`: a file, a folder, a link or a submodule.
    /// - Throws: `unknownRevision(commit)` when `commit` names no commit.
    public func hasEntry(at commit: String, path: String) throws(GitError) -> Bool {
        let (tree, commitID) = try rootTree(of: commit)
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        let code = git_tree_entry_bypath(&entry, tree, path)
        if code == GIT_ENOTFOUND.rawValue { return false }
        try LibGit2.check(code, "find '\(path)' in commit \(commitID)")
        git_tree_entry_free(entry)
        return true
    }
}
