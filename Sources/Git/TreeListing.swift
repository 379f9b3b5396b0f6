/// One Swift source file stored in a commit's tree.
public struct TreeFile: Sendable, Equatable {
    /// Repository-relative path with `/` separators, e.g. `App/Views/Home View.swift`.
    public var path: String
    /// Full 40-hex id of the blob holding the file's committed bytes (read with `blobData`).
    public var blobID: String
    /// Size of the blob in bytes.
    var size: Int

    init(path: String, blobID: String, size: Int) {
        self.path = path
        self.blobID = blobID
        self.size = size
    }
}

/// The Swift sources of one commit, read from git objects rather than the work tree.
public struct TreeListing: Sendable, Equatable {
    /// Regular and executable blobs whose path ends in `.swift`, sorted by path.
    public var files: [TreeFile]
    /// Paths of submodules (gitlinks): their contents live in another repository, so they are listed, never entered. Sorted.
    public var submodules: [String]
    /// Symbolic links SwiftPM would follow that cannot be followed inside the tree: their target lies outside the
    /// repository, names nothing, or leads back into itself. Sorted by path. Links that can be followed are not
    /// listed here: a linked `.swift` file is in `files` under the link's own path with its target's blob, and a
    /// linked folder is walked under the link's path.
    public var unresolvedLinks: [UnresolvedLink]

    init(files: [TreeFile] = [], submodules: [String] = [], unresolvedLinks: [UnresolvedLink] = []) {
        self.files = files
        self.submodules = submodules
        self.unresolvedLinks = unresolvedLinks
    }
}

/// A symbolic link (a blob of mode 120000 whose content is the target path) that cannot be followed within the tree.
public struct UnresolvedLink: Sendable, Equatable {
    public enum Problem: Sendable, Equatable {
        /// An absolute target, or one whose `..` climbs above the repository's root.
        case outsideRepository
        /// The target names nothing at that commit.
        case dangling
        /// Following it leads back to itself, or to a folder that contains it.
        case loop
    }

    /// Repository-relative path of the link itself.
    public var path: String
    /// What the link says, as committed.
    public var target: String
    public var problem: Problem

    init(path: String, target: String, problem: Problem) {
        self.path = path
        self.target = target
        self.problem = problem
    }
}
