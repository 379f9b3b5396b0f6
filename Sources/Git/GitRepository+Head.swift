import CGit2

extension GitRepository {
    /// HEAD's commit id, its tree id, and the branch short name (nil when detached).
    /// - Throws: `noCommits(workingDirectory)` when HEAD is unborn.
    public func head() throws(GitError) -> HeadInfo {
        var reference: OpaquePointer?
        let code = git_repository_head(&reference, handle)
        if code == GIT_EUNBORNBRANCH.rawValue || code == GIT_ENOTFOUND.rawValue {
            throw GitError.noCommits(workingDirectory)
        }
        try LibGit2.check(code, "read HEAD")
        defer { git_reference_free(reference) }

        var commit: OpaquePointer?
        try LibGit2.check(git_reference_peel(&commit, reference, GIT_OBJECT_COMMIT), "peel HEAD to a commit")
        defer { git_object_free(commit) }

        // A detached HEAD is a direct reference named "HEAD", not a branch.
        let branch = git_reference_is_branch(reference) != 0
            ? String(cString: git_reference_shorthand(reference))
            : nil
        // A peeled commit object is a `git_commit`, so the commit accessors apply.
        return HeadInfo(
            commit: LibGit2.hex(git_object_id(commit)),
            tree: LibGit2.hex(git_commit_tree_id(commit)),
            branch: branch
        )
    }
}
