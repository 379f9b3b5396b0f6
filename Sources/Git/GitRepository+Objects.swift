import CGit2
import Foundation

extension GitRepository {
    /// The Swift sources stored in `commit`'s tree, read from git objects: the work tree,
    /// the index, dirty and untracked files play no part, and nothing is checked out.
    ///
    /// - Parameters:
    ///   - commit: any revision naming a commit (`HEAD`, a branch, a 40-hex id).
    ///   - folder: a repository-relative folder to restrict the listing to (`""` or `"."` = the whole
    ///     tree). A folder missing from this commit gives an empty listing, because a base commit may
    ///     predate the folder. The folder itself is taken as given even if it is hidden.
    /// - Returns: below `folder`, every entry whose name starts with `.` (so `.git`, `.build`,
    ///   `.swiftpm`…) and the folders `DerivedData`, `Pods` and `Carthage` are skipped: they hold
    ///   tooling, build output or vendored code, not the app's own sources.
    /// - Throws: `unknownRevision(commit)` when `commit` names no commit.
    public func swiftFiles(at commit: String, under folder: String) throws(GitError) -> TreeListing {
        let (rootTree, commitID) = try rootTree(of: commit)
        defer { git_tree_free(rootTree) }

        var database: OpaquePointer?
        try LibGit2.check(git_repository_odb(&database, handle), "open the object database")
        defer { git_odb_free(database) }

        var listing = TreeListing()
        let prefix = Self.normalizedFolder(folder)
        if prefix.isEmpty {
            try collectSwiftFiles(in: rootTree, at: "", database: database, into: &listing)
        } else {
            var entry: OpaquePointer?
            let code = git_tree_entry_bypath(&entry, rootTree, prefix)
            if code == GIT_ENOTFOUND.rawValue {
                return listing
            }
            try LibGit2.check(code, "find '\(prefix)' in commit \(commitID)")
            defer { git_tree_entry_free(entry) }
            switch git_tree_entry_filemode(entry) {
            case GIT_FILEMODE_TREE:
                var folderTree: OpaquePointer?
                try LibGit2.check(git_tree_lookup(&folderTree, handle, git_tree_entry_id(entry)), "read folder '\(prefix)'")
                defer { git_tree_free(folderTree) }
                try collectSwiftFiles(in: folderTree, at: prefix, database: database, into: &listing)
            case GIT_FILEMODE_COMMIT:
                listing.submodules.append(prefix)
            default:
                break  // a file or symlink, not a folder: nothing below it
            }
        }
        listing.files.sort { $0.path < $1.path }
        listing.submodules.sort()
        listing.symlinks.sort()
        return listing
    }

    /// The root tree of the commit `commit` names, with the commit's full id; the caller frees the tree.
    func rootTree(of commit: String) throws(GitError) -> (tree: OpaquePointer?, commitID: String) {
        let commitID = try resolveCommit(commit)
        var commitOID = try Self.objectID(commitID, "commit")
        var commitObject: OpaquePointer?
        try LibGit2.check(git_commit_lookup(&commitObject, handle, &commitOID), "read commit \(commitID)")
        defer { git_commit_free(commitObject) }
        var tree: OpaquePointer?
        try LibGit2.check(git_commit_tree(&tree, commitObject), "read the tree of commit \(commitID)")
        return (tree, commitID)
    }

    /// The committed bytes of a blob, exactly as stored (no line-ending or filter conversion).
    /// - Parameter blobID: a full 40-hex blob id, e.g. `TreeFile.blobID`.
    public func blobData(_ blobID: String) throws(GitError) -> Data {
        try withBlob(blobID) { blob in
            let size = Int(git_blob_rawsize(blob))
            guard size > 0, let bytes = git_blob_rawcontent(blob) else { return Data() }
            return Data(bytes: bytes, count: size)
        }
    }

    /// Whether git considers the blob binary (a NUL byte or too many non-printable bytes
    /// near its start), so a reader can skip it instead of parsing garbage.
    public func isBinary(_ blobID: String) throws(GitError) -> Bool {
        try withBlob(blobID) { blob in git_blob_is_binary(blob) == 1 }
    }

    /// Parses a full 40-hex object id; anything else (a short or malformed id) is refused
    /// rather than padded, so a wrong id cannot silently name some other object.
    static func objectID(_ hex: String, _ kind: String) throws(GitError) -> git_oid {
        let isFullHex = hex.utf8.count == Int(GIT_OID_HEXSZ) && hex.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
        guard isFullHex else {
            throw GitError.libgit2(operation: "read \(kind) '\(hex)'", message: "not a 40-digit hexadecimal object id")
        }
        var oid = git_oid()
        try LibGit2.check(git_oid_fromstr(&oid, hex), "read \(kind) '\(hex)'")
        return oid
    }

    /// Looks the blob up, lends it to `body`, and frees it.
    private func withBlob<Result>(_ blobID: String, _ body: (OpaquePointer?) -> Result) throws(GitError) -> Result {
        var oid = try Self.objectID(blobID, "blob")
        var blob: OpaquePointer?
        try LibGit2.check(git_blob_lookup(&blob, handle, &oid), "read blob \(blobID)")
        defer { git_blob_free(blob) }
        return body(blob)
    }

    /// Depth-first over one tree: recurses into folders, records Swift blobs, Swift symlinks and submodules.
    private func collectSwiftFiles(
        in tree: OpaquePointer?, at folder: String, database: OpaquePointer?, into listing: inout TreeListing
    ) throws(GitError) {
        for index in 0..<git_tree_entrycount(tree) {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            guard !Self.isSkipped(name) else { continue }
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            let isSwift = name.hasSuffix(".swift")

            switch git_tree_entry_filemode(entry) {
            case GIT_FILEMODE_TREE:
                var subtree: OpaquePointer?
                try LibGit2.check(git_tree_lookup(&subtree, handle, git_tree_entry_id(entry)), "read folder '\(path)'")
                defer { git_tree_free(subtree) }
                try collectSwiftFiles(in: subtree, at: path, database: database, into: &listing)
            case GIT_FILEMODE_COMMIT:
                listing.submodules.append(path)
            case GIT_FILEMODE_LINK where isSwift:
                listing.symlinks.append(path)
            case GIT_FILEMODE_BLOB where isSwift, GIT_FILEMODE_BLOB_EXECUTABLE where isSwift:
                // The object header gives the size without inflating the whole blob.
                var size = 0
                var type = GIT_OBJECT_INVALID
                try LibGit2.check(git_odb_read_header(&size, &type, database, git_tree_entry_id(entry)), "read the size of '\(path)'")
                listing.files.append(TreeFile(path: path, blobID: LibGit2.hex(git_tree_entry_id(entry)), size: size))
            default:
                continue
            }
        }
    }

    /// Hidden entries (`.git`, `.build`, `.swiftpm`…) and the usual build-output and
    /// dependency-manager folders are not part of the app's own sources.
    private static func isSkipped(_ name: String) -> Bool {
        name.hasPrefix(".") || ["DerivedData", "Pods", "Carthage"].contains(name)
    }

    /// `"./App//Views/"` → `"App/Views"`; `"."` and `"/"` → `""` (the whole tree).
    private static func normalizedFolder(_ folder: String) -> String {
        folder.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}
