import CGit2
import Foundation

/// A blob found in the history of a ref: the first commit (newest first) whose tree held it, and the path it had there.
public struct HistoryBlob: Sendable, Equatable {
    public var blobID: String
    public var path: String
    public var commit: String
    public var data: Data
}

/// A ref used as an append-only log of files (the reviews of `cfa-gate review --reviews-ref`): each write is one
/// commit whose tree is the previous tip's tree plus one file, and the ref moves only if nobody moved it meanwhile.
extension GitRepository {
    /// The commit `ref` points at; nil when there is no such ref yet.
    /// - Throws: `invalidRefName` unless `ref` is a valid full ref name under `refs/`.
    public func tip(of ref: String) throws(GitError) -> String? {
        try Self.checkRefName(ref)
        var reference: OpaquePointer?
        let code = git_reference_lookup(&reference, handle, ref)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        try LibGit2.check(code, "read ref '\(ref)'")
        defer { git_reference_free(reference) }
        var commit: OpaquePointer?
        guard git_reference_peel(&commit, reference, GIT_OBJECT_COMMIT) == 0 else { throw GitError.unknownRevision(ref) }
        defer { git_object_free(commit) }
        return LibGit2.hex(git_object_id(commit))
    }

    /// Commits `data` as the file `name` on top of `expectedTip` (its tree plus this file, replacing one of that name;
    /// `expectedTip` its only parent) and moves `ref` to the new commit only if `ref` still points at `expectedTip`
    /// (nil: only if `ref` does not exist yet), atomically, as `git update-ref REF NEW OLD` does.
    /// - Returns: the new commit's id.
    /// - Throws: `refMoved` when another writer moved (or created) the ref first — read the new tip and try again.
    public func commitFile(
        _ data: Data, named name: String, onto ref: String, expectedTip: String?, message: String, committer: String
    ) throws(GitError) -> String {
        try Self.checkRefName(ref)
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            throw GitError.libgit2(operation: "add '\(name)' to \(ref)", message: "not a plain file name")
        }
        var blobOID = git_oid()
        let written = data.withUnsafeBytes { bytes in git_blob_create_from_buffer(&blobOID, handle, bytes.baseAddress, bytes.count) }
        try LibGit2.check(written, "write the blob '\(name)'")

        var parent: OpaquePointer?
        if let expectedTip {
            var parentOID = try Self.objectID(expectedTip, "commit")
            try LibGit2.check(git_commit_lookup(&parent, handle, &parentOID), "read commit \(expectedTip)")
        }
        defer { if parent != nil { git_commit_free(parent) } }
        var parentTree: OpaquePointer?
        if parent != nil {
            try LibGit2.check(git_commit_tree(&parentTree, parent), "read the tree of \(expectedTip ?? "")")
        }
        defer { if parentTree != nil { git_tree_free(parentTree) } }

        var builder: OpaquePointer?
        try LibGit2.check(git_treebuilder_new(&builder, handle, parentTree), "start a tree for \(ref)")
        defer { git_treebuilder_free(builder) }
        try LibGit2.check(git_treebuilder_insert(nil, builder, name, &blobOID, GIT_FILEMODE_BLOB), "add '\(name)' to the tree")
        var treeOID = git_oid()
        try LibGit2.check(git_treebuilder_write(&treeOID, builder), "write the tree for \(ref)")
        var tree: OpaquePointer?
        try LibGit2.check(git_tree_lookup(&tree, handle, &treeOID), "read the tree just written for \(ref)")
        defer { git_tree_free(tree) }

        var signature: UnsafeMutablePointer<git_signature>?
        try LibGit2.check(git_signature_now(&signature, committer, "cfa-gate@invalid"), "make the commit's signature")
        defer { git_signature_free(signature) }
        var commitOID = git_oid()
        var parents: [OpaquePointer?] = parent.map { [$0] } ?? []
        let created = parents.withUnsafeMutableBufferPointer { buffer in
            git_commit_create(&commitOID, handle, nil, signature, signature, "UTF-8", message, tree, buffer.count, buffer.baseAddress)
        }
        try LibGit2.check(created, "commit '\(name)' for \(ref)")

        // All zeros: "the ref must not exist yet".
        var expectedOID = try expectedTip.map { tip throws(GitError) in try Self.objectID(tip, "commit") } ?? git_oid()
        var moved: OpaquePointer?
        // The ref log takes one line.
        let logMessage = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "cfa-gate"
        let code = git_reference_create_matching(&moved, handle, ref, &commitOID, 1, &expectedOID, logMessage)
        if code == GIT_EMODIFIED.rawValue || code == GIT_EEXISTS.rawValue || code == GIT_ENOTFOUND.rawValue {
            throw GitError.refMoved(ref: ref, expected: expectedTip, found: (try? tip(of: ref)) ?? nil)
        }
        try LibGit2.check(code, "move \(ref) to the new commit")
        git_reference_free(moved)
        return LibGit2.hex(&commitOID)
    }

    /// Every blob in every tree of every commit reachable from `tip`, each once (by object id), newest commit first:
    /// a file a later commit deleted or replaced is still here. Trees are walked with a list, not by recursion.
    public func blobsInHistory(of tip: String) throws(GitError) -> [HistoryBlob] {
        var walk: OpaquePointer?
        try LibGit2.check(git_revwalk_new(&walk, handle), "start a walk of \(tip)")
        defer { git_revwalk_free(walk) }
        try LibGit2.check(git_revwalk_sorting(walk, GIT_SORT_TIME.rawValue | GIT_SORT_TOPOLOGICAL.rawValue), "order the walk of \(tip)")
        var tipOID = try Self.objectID(tip, "commit")
        try LibGit2.check(git_revwalk_push(walk, &tipOID), "walk from \(tip)")

        var seenTrees: Set<String> = []
        var seenBlobs: Set<String> = []
        var blobs: [HistoryBlob] = []
        var commitOID = git_oid()
        while true {
            let next = git_revwalk_next(&commitOID, walk)
            if next == GIT_ITEROVER.rawValue { break }
            try LibGit2.check(next, "walk the history of \(tip)")
            let commitID = LibGit2.hex(&commitOID)
            var commit: OpaquePointer?
            try LibGit2.check(git_commit_lookup(&commit, handle, &commitOID), "read commit \(commitID)")
            defer { git_commit_free(commit) }
            var pending: [(treeID: git_oid, folder: String)] = [(git_commit_tree_id(commit).pointee, "")]
            while let item = pending.popLast() {
                var treeID = item.treeID
                let folder = item.folder
                guard seenTrees.insert(LibGit2.hex(&treeID)).inserted else { continue }
                var tree: OpaquePointer?
                try LibGit2.check(git_tree_lookup(&tree, handle, &treeID), "read a tree of commit \(commitID)")
                defer { git_tree_free(tree) }
                for index in 0..<git_tree_entrycount(tree) {
                    guard let entry = git_tree_entry_byindex(tree, index) else { continue }
                    let name = String(cString: git_tree_entry_name(entry))
                    let path = folder.isEmpty ? name : "\(folder)/\(name)"
                    switch git_tree_entry_filemode(entry) {
                    case GIT_FILEMODE_TREE:
                        pending.append((git_tree_entry_id(entry).pointee, path))
                    case GIT_FILEMODE_BLOB, GIT_FILEMODE_BLOB_EXECUTABLE:
                        let blobID = LibGit2.hex(git_tree_entry_id(entry))
                        guard seenBlobs.insert(blobID).inserted else { continue }
                        blobs.append(HistoryBlob(blobID: blobID, path: path, commit: commitID, data: try blobData(blobID)))
                    default:
                        continue
                    }
                }
            }
        }
        return blobs
    }

    /// Whether `ancestor` is `descendant` or one of its ancestors (`git merge-base --is-ancestor`).
    public func contains(_ ancestor: String, inHistoryOf descendant: String) throws(GitError) -> Bool {
        try isAncestor(ancestor, of: descendant)
    }

    private static func checkRefName(_ ref: String) throws(GitError) {
        LibGit2.ensureInitialized()
        var valid: Int32 = 0
        guard ref.hasPrefix("refs/"), git_reference_name_is_valid(&valid, ref) == 0, valid == 1 else {
            throw GitError.invalidRefName(ref)
        }
    }
}
