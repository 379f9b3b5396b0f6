/// Where HEAD points: the commit, its root tree, and the checked-out branch.
public struct HeadInfo: Sendable, Equatable {
    /// Full 40-hex id of HEAD's commit.
    public var commit: String
    /// Full 40-hex id of that commit's root tree.
    public var tree: String
    /// Short branch name (`main`, `feature/x`), or nil when HEAD is detached.
    public var branch: String?

    init(commit: String, tree: String, branch: String?) {
        self.commit = commit
        self.tree = tree
        self.branch = branch
    }
}
