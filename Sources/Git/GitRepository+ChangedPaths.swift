import CGit2

extension GitRepository {
    /// The repository-relative paths that differ between two commits' trees (both sides of a rename), sorted.
    /// A nil `base` compares with the empty tree, so every file of `final` counts as changed.
    public func changedPaths(from base: String?, to final: String) throws(GitError) -> [String] {
        let finalTree = try rootTree(of: final).tree
        defer { git_tree_free(finalTree) }
        let baseTree: OpaquePointer? = try base.map { commit throws(GitError) in try rootTree(of: commit).tree } ?? nil
        defer { git_tree_free(baseTree) }
        var diff: OpaquePointer?
        try LibGit2.check(git_diff_tree_to_tree(&diff, handle, baseTree, finalTree, nil), "compare \(base ?? "the empty tree") with \(final)")
        defer { git_diff_free(diff) }
        var paths = Set<String>()
        for index in 0..<git_diff_num_deltas(diff) {
            guard let delta = git_diff_get_delta(diff, index) else { continue }
            for side in [delta.pointee.old_file.path, delta.pointee.new_file.path] {
                if let side { paths.insert(String(cString: side)) }
            }
        }
        return paths.sorted()
    }
}
