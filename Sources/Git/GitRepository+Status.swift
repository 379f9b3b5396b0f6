import CGit2

extension GitRepository {
    /// Everything that keeps the work tree from being clean at HEAD, sorted by path
    /// (staged before unstaged for the same path).
    ///
    /// Includes staged changes (index vs HEAD, with renames detected), unstaged
    /// changes (work tree vs index), untracked files — each file inside an
    /// untracked directory listed on its own — unresolved conflicts, and
    /// submodules whose checkout or contents differ. Ignored files are excluded.
    public func status() throws(GitError) -> [StatusEntry] {
        var options = git_status_options()
        try LibGit2.check(
            git_status_options_init(&options, UInt32(GIT_STATUS_OPTIONS_VERSION)),
            "prepare status options"
        )
        options.show = GIT_STATUS_SHOW_INDEX_AND_WORKDIR
        // No INCLUDE_IGNORED and no EXCLUDE_SUBMODULES: ignored files stay out, submodules stay in.
        options.flags = GIT_STATUS_OPT_INCLUDE_UNTRACKED.rawValue
            | GIT_STATUS_OPT_RECURSE_UNTRACKED_DIRS.rawValue
            | GIT_STATUS_OPT_RENAMES_HEAD_TO_INDEX.rawValue

        var list: OpaquePointer?
        try LibGit2.check(git_status_list_new(&list, handle, &options), "read status")
        defer { git_status_list_free(list) }

        var entries: [StatusEntry] = []
        for index in 0..<git_status_list_entrycount(list) {
            guard let entry = git_status_byindex(list, index)?.pointee else { continue }
            entries += Self.statusEntries(flags: entry.status.rawValue, entry: entry)
        }
        return entries.sorted { lhs, rhs in
            lhs.path != rhs.path ? lhs.path < rhs.path : lhs.area.sortRank < rhs.area.sortRank
        }
    }

    /// Splits one libgit2 status record into an entry per area it reports.
    private static func statusEntries(flags: UInt32, entry: git_status_entry) -> [StatusEntry] {
        func has(_ flag: git_status_t) -> Bool { flags & flag.rawValue != 0 }

        // A conflict is reported once, instead of the index/work tree noise around it.
        if has(GIT_STATUS_CONFLICTED) {
            return [StatusEntry(path: path(of: entry.index_to_workdir ?? entry.head_to_index), change: .conflicted, area: .unstaged)]
        }

        var result: [StatusEntry] = []
        let stagedChange: StatusEntry.Change? =
            has(GIT_STATUS_INDEX_NEW) ? .added
            : has(GIT_STATUS_INDEX_MODIFIED) ? .modified
            : has(GIT_STATUS_INDEX_DELETED) ? .deleted
            : has(GIT_STATUS_INDEX_RENAMED) ? .renamed
            : has(GIT_STATUS_INDEX_TYPECHANGE) ? .typeChanged
            : nil
        if let stagedChange {
            result.append(StatusEntry(path: path(of: entry.head_to_index), change: stagedChange, area: .staged))
        }

        if has(GIT_STATUS_WT_NEW) {
            result.append(StatusEntry(path: path(of: entry.index_to_workdir), change: .untracked, area: .untracked))
        } else {
            let unstagedChange: StatusEntry.Change? =
                has(GIT_STATUS_WT_MODIFIED) ? .modified
                : has(GIT_STATUS_WT_DELETED) ? .deleted
                : has(GIT_STATUS_WT_RENAMED) ? .renamed
                : has(GIT_STATUS_WT_TYPECHANGE) ? .typeChanged
                : nil
            if let unstagedChange {
                result.append(StatusEntry(path: path(of: entry.index_to_workdir), change: unstagedChange, area: .unstaged))
            }
        }
        return result
    }

    /// The path a delta is about: the new side, which for a rename is the destination
    /// (libgit2 fills both sides, so deletions carry the old path there too).
    private static func path(of delta: UnsafeMutablePointer<git_diff_delta>?) -> String {
        guard let delta else { return "" }
        if let newPath = delta.pointee.new_file.path {
            return String(cString: newPath)
        }
        if let oldPath = delta.pointee.old_file.path {
            return String(cString: oldPath)
        }
        return ""
    }
}

extension StatusEntry.Area {
    /// Order of entries that share a path: staged, then unstaged, then untracked.
    fileprivate var sortRank: Int {
        switch self {
        case .staged: 0
        case .unstaged: 1
        case .untracked: 2
        }
    }
}
