import CGit2

extension GitRepository {
    /// Whether this is a shallow clone (`git clone --depth N`): commits at its boundary
    /// name parents that were never fetched.
    var isShallow: Bool {
        git_repository_is_shallow(handle) == 1
    }

    /// The full id of the commit `revision` names, or nil when it names none.
    func commitIfExists(_ revision: String) -> String? {
        try? resolveCommit(revision)
    }

    /// The best common ancestor of two commits (like `git merge-base a b`).
    /// - Returns: nil when the two commits share no history, or when the history needed to find
    ///   it is missing from this shallow clone.
    /// - Throws: `unknownRevision` when either revision names no commit.
    func mergeBase(_ a: String, _ b: String) throws(GitError) -> String? {
        if case .found(let base) = try mergeBaseOutcome(resolveCommit(a), resolveCommit(b)) {
            return base
        }
        return nil
    }

    /// Whether `ancestor` is reachable from `descendant` by following parents;
    /// a commit counts as its own ancestor (like `git merge-base --is-ancestor`).
    /// - Throws: `unknownRevision` when either names no commit; `historyMissing` when this
    ///   shallow clone lacks the history needed to answer.
    func isAncestor(_ ancestor: String, of descendant: String) throws(GitError) -> Bool {
        let ancestorID = try resolveCommit(ancestor)
        let descendantID = try resolveCommit(descendant)
        if ancestorID == descendantID { return true }

        if isShallow {
            let walk = try ancestry(of: descendantID, lookingFor: ancestorID)
            if walk.commits.contains(ancestorID) { return true }
            if walk.reachesMissingHistory {
                throw GitError.historyMissing(
                    "the history between \(Self.short(ancestorID)) and \(Self.short(descendantID))")
            }
            return false
        }
        var ancestorOID = try Self.objectID(ancestorID, "commit")
        var descendantOID = try Self.objectID(descendantID, "commit")
        let code = git_graph_descendant_of(handle, &descendantOID, &ancestorOID)
        try LibGit2.check(code, "check whether \(ancestor) is an ancestor of \(descendant)")
        return code == 1
    }

    /// The first parent of `commit` (the branch it was made on, for a merge), or nil for a root commit.
    /// - Throws: `historyMissing` when the parent was not fetched into this shallow clone.
    func firstParent(of commit: String) throws(GitError) -> String? {
        let commitID = try resolveCommit(commit)
        var oid = try Self.objectID(commitID, "commit")
        var commitObject: OpaquePointer?
        try LibGit2.check(git_commit_lookup(&commitObject, handle, &oid), "read commit \(commitID)")
        defer { git_commit_free(commitObject) }
        guard git_commit_parentcount(commitObject) > 0 else { return nil }

        // Loading the parent (not just reading its id) proves it is really here.
        var parent: OpaquePointer?
        let code = git_commit_parent(&parent, commitObject, 0)
        if code == GIT_ENOTFOUND.rawValue {
            throw GitError.historyMissing("the parent of commit \(Self.short(commitID))")
        }
        try LibGit2.check(code, "read the parent of commit \(commitID)")
        defer { git_commit_free(parent) }
        return LibGit2.hex(git_commit_id(parent))
    }

    /// The branch HEAD's branch tracks (`branch.<name>.remote` / `.merge`), as its short name
    /// (`origin/feature`, or `main` for a local upstream), its full ref name and its commit. The commit is read
    /// through the ref itself, never by its short name, so a tag of the same name cannot stand in for it.
    /// - Returns: nil when HEAD is detached or unborn, has no upstream configured, or the
    ///   upstream's remote-tracking branch has not been fetched.
    func upstream() throws(GitError) -> (name: String, ref: String, commit: String)? {
        var headReference: OpaquePointer?
        let headCode = git_repository_head(&headReference, handle)
        if headCode == GIT_EUNBORNBRANCH.rawValue || headCode == GIT_ENOTFOUND.rawValue { return nil }
        try LibGit2.check(headCode, "read HEAD")
        defer { git_reference_free(headReference) }
        guard git_reference_is_branch(headReference) != 0 else { return nil }

        var upstreamReference: OpaquePointer?
        let code = git_branch_upstream(&upstreamReference, headReference)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        let branch = String(cString: git_reference_shorthand(headReference))
        try LibGit2.check(code, "find the upstream of branch \(branch)")
        defer { git_reference_free(upstreamReference) }

        var commit: OpaquePointer?
        try LibGit2.check(
            git_reference_peel(&commit, upstreamReference, GIT_OBJECT_COMMIT), "peel the upstream of \(branch) to a commit")
        defer { git_object_free(commit) }
        return (
            name: String(cString: git_reference_shorthand(upstreamReference)), ref: String(cString: git_reference_name(upstreamReference)),
            commit: LibGit2.hex(git_object_id(commit)))
    }

    /// The 7-digit abbreviation used in messages.
    public static func short(_ commitID: String) -> String {
        String(commitID.prefix(7))
    }

    /// What looking for the merge-base of two commits found.
    enum MergeBaseOutcome: Equatable {
        case found(String)
        /// The commits share no history.
        case unrelated
        /// No common commit was found before the walk reached parents this shallow clone lacks.
        case historyMissing
    }

    /// The merge-base of two full commit ids, telling "unrelated" from "history missing".
    func mergeBaseOutcome(_ first: String, _ second: String) throws(GitError) -> MergeBaseOutcome {
        // Answered without walking, so it also works at the edge of a shallow clone.
        if first == second { return .found(first) }

        // libgit2 1.5 ignores `.git/shallow`: its walks fail on the first missing parent even when
        // the merge-base itself was fetched. So a shallow clone is walked here, treating missing
        // parents as the end of history, as git does. Its history is short, so walking all of it is cheap.
        if isShallow {
            let left = try ancestry(of: first)
            let right = try ancestry(of: second)
            let common = left.commits.intersection(right.commits)
            guard !common.isEmpty else {
                return left.reachesMissingHistory || right.reachesMissingHistory ? .historyMissing : .unrelated
            }
            // The best common ancestors are those no other common commit descends from.
            var redundant: Set<String> = []
            var pending = common.flatMap { left.parents[$0] ?? [] }
            while let commit = pending.popLast() {
                if redundant.insert(commit).inserted {
                    pending += left.parents[commit] ?? []
                }
            }
            // Several only after criss-cross merges: the newest wins, as a tie-break that does not depend on walk order.
            let best = common.subtracting(redundant).max { lhs, rhs in
                (left.times[lhs] ?? 0, lhs) < (left.times[rhs] ?? 0, rhs)
            }
            return best.map(MergeBaseOutcome.found) ?? .unrelated
        }

        var one = try Self.objectID(first, "commit")
        var two = try Self.objectID(second, "commit")
        var base = git_oid()
        let code = git_merge_base(&base, handle, &one, &two)
        if code == GIT_ENOTFOUND.rawValue { return .unrelated }
        try LibGit2.check(code, "find the merge-base of \(Self.short(first)) and \(Self.short(second))")
        return .found(LibGit2.hex(&base))
    }

    /// The commits reachable from one commit, within what this clone holds.
    struct Ancestry {
        /// Full ids of the start and every ancestor present.
        var commits: Set<String> = []
        /// Each walked commit's parents that are present.
        var parents: [String: [String]] = [:]
        /// Committer times, to break ties between equally good merge-bases.
        var times: [String: Int64] = [:]
        /// Some walked commit names a parent that is not in the object database (a shallow boundary).
        var reachesMissingHistory = false
    }

    /// Walks every ancestor of `start` (stopping early once `target` is seen), treating parents
    /// missing from the object database as the end of history instead of an error.
    func ancestry(of start: String, lookingFor target: String? = nil) throws(GitError) -> Ancestry {
        var database: OpaquePointer?
        try LibGit2.check(git_repository_odb(&database, handle), "open the object database")
        defer { git_odb_free(database) }

        var walk = Ancestry()
        var pending = [start]
        walk.commits.insert(start)
        while let commitID = pending.popLast() {
            var oid = try Self.objectID(commitID, "commit")
            var commit: OpaquePointer?
            try LibGit2.check(git_commit_lookup(&commit, handle, &oid), "read commit \(commitID)")
            defer { git_commit_free(commit) }
            walk.times[commitID] = git_commit_time(commit)

            var presentParents: [String] = []
            for index in 0..<git_commit_parentcount(commit) {
                guard let parentOID = git_commit_parent_id(commit, index) else { continue }
                guard git_odb_exists(database, parentOID) == 1 else {
                    walk.reachesMissingHistory = true
                    continue
                }
                let parentID = LibGit2.hex(parentOID)
                presentParents.append(parentID)
                if walk.commits.insert(parentID).inserted {
                    if parentID == target { return walk }
                    pending.append(parentID)
                }
            }
            walk.parents[commitID] = presentParents
        }
        return walk
    }
}
