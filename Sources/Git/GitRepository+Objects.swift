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
    ///   - isSkippedFolder: whether to leave out a folder, given its path relative to `folder` and the names beside it
    ///     (the caller knows which folders SwiftPM compiles; by default every folder is read).
    /// - Returns: below `folder`, every entry whose name starts with `.` (so `.git`, `.build`,
    ///   `.swiftpm`…) is skipped, as SwiftPM skips it, and so is every folder `isSkippedFolder` names.
    ///   Symbolic links are followed within the tree, as SwiftPM follows them when it compiles: a linked `.swift`
    ///   file is listed under the link's path with its target's blob, a linked folder is walked under the link's
    ///   path, and a link that leads outside the tree, to nothing, or in a circle is listed in `unresolvedLinks`.
    /// - Throws: `unknownRevision(commit)` when `commit` names no commit.
    public func swiftFiles(
        at commit: String, under folder: String, skippingFolder isSkippedFolder: @escaping (_ path: String, _ siblings: Set<String>) -> Bool = { _, _ in false }
    ) throws(GitError) -> TreeListing {
        let (rootTree, commitID) = try rootTree(of: commit)
        defer { git_tree_free(rootTree) }

        var database: OpaquePointer?
        try LibGit2.check(git_repository_odb(&database, handle), "open the object database")
        defer { git_odb_free(database) }

        var listing = TreeListing()
        let prefix = Self.normalizedFolder(folder)
        let walk = TreeWalk(prefix: prefix, isSkippedFolder: isSkippedFolder, database: database, root: rootTree)
        if prefix.isEmpty {
            try collectSwiftFiles(in: rootTree, at: "", chain: [""], walk: walk, into: &listing)
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
                try collectSwiftFiles(in: folderTree, at: prefix, chain: [prefix], walk: walk, into: &listing)
            case GIT_FILEMODE_COMMIT:
                listing.submodules.append(prefix)
            default:
                break  // a file or symlink, not a folder: nothing below it
            }
        }
        listing.files.sort { $0.path < $1.path }
        listing.submodules.sort()
        listing.unresolvedLinks.sort { $0.path < $1.path }
        return listing
    }

    /// The names of the entries of the folder at `folder` in `commit`'s tree (`""` for the root), of any kind; empty
    /// when the commit has no folder there.
    public func entryNames(at commit: String, in folder: String) throws(GitError) -> [String] {
        let (rootTree, commitID) = try rootTree(of: commit)
        defer { git_tree_free(rootTree) }
        let prefix = Self.normalizedFolder(folder)
        var tree = rootTree
        var folderTree: OpaquePointer?
        defer { if folderTree != nil { git_tree_free(folderTree) } }
        if !prefix.isEmpty {
            var entry: OpaquePointer?
            let code = git_tree_entry_bypath(&entry, rootTree, prefix)
            if code == GIT_ENOTFOUND.rawValue { return [] }
            try LibGit2.check(code, "find '\(prefix)' in commit \(commitID)")
            defer { git_tree_entry_free(entry) }
            guard git_tree_entry_filemode(entry) == GIT_FILEMODE_TREE else { return [] }
            try LibGit2.check(git_tree_lookup(&folderTree, handle, git_tree_entry_id(entry)), "read folder '\(prefix)'")
            tree = folderTree
        }
        return (0..<git_tree_entrycount(tree)).compactMap { index in
            git_tree_entry_byindex(tree, index).map { String(cString: git_tree_entry_name($0)) }
        }
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

    /// What one `swiftFiles` walk carries from tree to tree.
    private struct TreeWalk {
        /// The listing's folder: `isSkippedFolder` is asked about paths relative to it.
        var prefix: String
        var isSkippedFolder: (_ path: String, _ siblings: Set<String>) -> Bool
        var database: OpaquePointer?
        /// The commit's root tree, where link targets are looked up.
        var root: OpaquePointer?

        func skips(_ path: String, siblings: Set<String>) -> Bool {
            let relative = prefix.isEmpty ? path : path == prefix ? "" : String(path.dropFirst(prefix.count + 1))
            return isSkippedFolder(relative, siblings)
        }
    }

    /// Depth-first over one tree: recurses into folders, records Swift blobs and submodules, and follows symbolic links.
    /// - Parameters:
    ///   - folder: the path the walk shows for this tree (through a linked folder, the link's path).
    ///   - chain: the real paths of the folders being walked, this one last: a link to one of them, or to a folder
    ///     holding one of them, would be walked forever.
    private func collectSwiftFiles(
        in tree: OpaquePointer?, at folder: String, chain: [String], walk: TreeWalk, into listing: inout TreeListing
    ) throws(GitError) {
        let realFolder = chain.last ?? ""
        let root = walk.root
        let database = walk.database
        let count = git_tree_entrycount(tree)
        let siblings = Set((0..<count).compactMap { git_tree_entry_byindex(tree, $0).map { String(cString: git_tree_entry_name($0)) } })
        for index in 0..<count {
            guard let entry = git_tree_entry_byindex(tree, index) else { continue }
            let name = String(cString: git_tree_entry_name(entry))
            guard !name.hasPrefix(".") else { continue }
            let path = folder.isEmpty ? name : "\(folder)/\(name)"
            let realPath = realFolder.isEmpty ? name : "\(realFolder)/\(name)"
            let isSwift = name.hasSuffix(".swift")

            switch git_tree_entry_filemode(entry) {
            case GIT_FILEMODE_TREE:
                guard !walk.skips(path, siblings: siblings) else { continue }
                var subtree: OpaquePointer?
                try LibGit2.check(git_tree_lookup(&subtree, handle, git_tree_entry_id(entry)), "read folder '\(path)'")
                defer { git_tree_free(subtree) }
                try collectSwiftFiles(in: subtree, at: path, chain: chain + [realPath], walk: walk, into: &listing)
            case GIT_FILEMODE_COMMIT:
                listing.submodules.append(path)
            case GIT_FILEMODE_LINK:
                let target = String(decoding: try blobData(LibGit2.hex(git_tree_entry_id(entry))), as: UTF8.self)
                func unresolved(_ problem: UnresolvedLink.Problem) {
                    // Only a link that could be a Swift file or a folder of them matters to what SwiftPM compiles.
                    if isSwift || Self.mayBeFolder(name: name, target: target) {
                        listing.unresolvedLinks.append(UnresolvedLink(path: path, target: target, problem: problem))
                    }
                }
                switch try resolveLink(at: realPath, target: target, root: root) {
                case .blob(let id) where isSwift:
                    var size = 0
                    var type = GIT_OBJECT_INVALID
                    var oid = try Self.objectID(id, "blob")
                    try LibGit2.check(git_odb_read_header(&size, &type, database, &oid), "read the size of '\(path)'")
                    listing.files.append(TreeFile(path: path, blobID: id, size: size))
                case .blob:
                    continue
                case .tree(let targetPath, var oid):
                    guard !walk.skips(path, siblings: siblings) else { continue }
                    guard !chain.contains(where: { $0 == targetPath || targetPath.isEmpty || $0.hasPrefix(targetPath + "/") }) else {
                        unresolved(.loop)
                        continue
                    }
                    var subtree: OpaquePointer?
                    try LibGit2.check(git_tree_lookup(&subtree, handle, &oid), "read folder '\(targetPath)' that '\(path)' links to")
                    defer { git_tree_free(subtree) }
                    try collectSwiftFiles(in: subtree, at: path, chain: chain + [targetPath], walk: walk, into: &listing)
                case .submodule:
                    listing.submodules.append(path)
                case .outsideRepository:
                    unresolved(.outsideRepository)
                case .dangling:
                    unresolved(.dangling)
                case .loop:
                    unresolved(.loop)
                }
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

    /// Where a symbolic link leads within a commit's tree.
    enum LinkResolution {
        case blob(String)
        /// A folder: its real path in the tree ("" for the root) and its tree id.
        case tree(String, git_oid)
        case submodule
        case outsideRepository
        case dangling
        case loop
    }

    /// Follows the link at `linkPath` (its real path in the tree) to what it names, component by component, through
    /// further links (at most 40, as the kernel allows), the way the file system would in a checkout of this commit.
    func resolveLink(at linkPath: String, target: String, root: OpaquePointer?) throws(GitError) -> LinkResolution {
        guard !target.hasPrefix("/") else { return .outsideRepository }
        var resolved = Array(linkPath.split(separator: "/").dropLast().map(String.init))
        var pending = target.split(separator: "/").map(String.init)[...]
        var hops = 0
        while let component = pending.popFirst() {
            if component == "." { continue }
            if component == ".." {
                guard !resolved.isEmpty else { return .outsideRepository }
                resolved.removeLast()
                continue
            }
            let candidate = (resolved + [component]).joined(separator: "/")
            var entry: OpaquePointer?
            let code = git_tree_entry_bypath(&entry, root, candidate)
            if code == GIT_ENOTFOUND.rawValue { return .dangling }
            try LibGit2.check(code, "find '\(candidate)', which a symbolic link names")
            let mode = git_tree_entry_filemode(entry)
            let id = git_tree_entry_id(entry).pointee
            git_tree_entry_free(entry)
            if mode == GIT_FILEMODE_LINK {
                hops += 1
                guard hops <= 40 else { return .loop }
                var oid = id
                let next = String(decoding: try blobData(LibGit2.hex(&oid)), as: UTF8.self)
                guard !next.hasPrefix("/") else { return .outsideRepository }
                // The next link's target is relative to the folder holding it, which is `resolved`.
                pending = (next.split(separator: "/").map(String.init) + pending)[...]
                continue
            }
            resolved.append(component)
            if !pending.isEmpty {
                // Only a folder can have something below it.
                guard mode == GIT_FILEMODE_TREE else { return .dangling }
                continue
            }
            var oid = id
            switch mode {
            case GIT_FILEMODE_TREE: return .tree(candidate, id)
            case GIT_FILEMODE_COMMIT: return .submodule
            default: return .blob(LibGit2.hex(&oid))
            }
        }
        // The target ended in `.` or `..` (or was empty): a folder already walked through, or the root.
        guard !resolved.isEmpty else { return .tree("", git_tree_id(root).pointee) }
        let folder = resolved.joined(separator: "/")
        var entry: OpaquePointer?
        try LibGit2.check(git_tree_entry_bypath(&entry, root, folder), "find '\(folder)', which a symbolic link names")
        defer { git_tree_entry_free(entry) }
        return .tree(folder, git_tree_entry_id(entry).pointee)
    }

    /// A link whose name and target both lack a file extension may be a folder; SwiftPM would compile what is in it.
    private static func mayBeFolder(name: String, target: String) -> Bool {
        let last = target.split(separator: "/").last.map(String.init) ?? ""
        return !name.contains(".") && (last == "." || last == ".." || !last.contains("."))
    }

    /// `"./App//Views/"` → `"App/Views"`; `"."` and `"/"` → `""` (the whole tree).
    private static func normalizedFolder(_ folder: String) -> String {
        folder.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}
