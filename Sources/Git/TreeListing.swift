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
    /// `.swift` paths that are symbolic links: left out of `files` (the target may lie outside
    /// the tree or duplicate a listed file), but listed so a report can say so. Sorted.
    public var symlinks: [String]

    init(files: [TreeFile] = [], submodules: [String] = [], symlinks: [String] = []) {
        self.files = files
        self.submodules = submodules
        self.symlinks = symlinks
    }
}
