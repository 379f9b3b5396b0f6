import CGit2

extension GitRepository {
    /// Resolves any revision expression (`HEAD~1`, a branch, a tag, a short sha)
    /// to the full 40-hex id of the commit it names.
    /// - Throws: `unknownRevision(revision)` when it names nothing, is ambiguous,
    ///   is malformed, or names something that is not a commit (e.g. a blob).
    public func resolveCommit(_ revision: String) throws(GitError) -> String {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, revision)
        if Self.meansNoSuchRevision(code) {
            throw GitError.unknownRevision(revision)
        }
        try LibGit2.check(code, "resolve revision '\(revision)'")
        defer { git_object_free(object) }

        // Annotated tags and the like peel to the commit they point at.
        var commit: OpaquePointer?
        guard git_object_peel(&commit, object, GIT_OBJECT_COMMIT) == 0 else {
            throw GitError.unknownRevision(revision)
        }
        defer { git_object_free(commit) }
        return LibGit2.hex(git_object_id(commit))
    }

    /// Codes by which `git_revparse_single` says "that names nothing"; any other
    /// failure (I/O, corruption) is reported as a libgit2 error instead.
    private static func meansNoSuchRevision(_ code: Int32) -> Bool {
        [GIT_ENOTFOUND, GIT_EAMBIGUOUS, GIT_EINVALIDSPEC, GIT_EUNBORNBRANCH].contains { $0.rawValue == code }
    }
}
