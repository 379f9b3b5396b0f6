import CFAAnalysis
import Git

/// The Swift files of one commit, read straight from git objects: nothing is checked out, and the working
/// tree (dirty or not) plays no part. Each file is keyed by its blob id, so unchanged files are parsed once.
struct RevisionSources {
    var inputs: [SourceInput]
    /// Binary or non-UTF-8 `.swift` blobs, and symlinks: listed, not analysed.
    var skipped: [String]
    var submodules: [String]

    static let empty = RevisionSources(inputs: [], skipped: [], submodules: [])

    static func read(_ repository: GitRepository, commit: String, under folder: String) throws(GitError) -> RevisionSources {
        let listing = try repository.swiftFiles(at: commit, under: folder)
        var inputs: [SourceInput] = []
        var skipped = listing.symlinks
        for file in listing.files {
            guard !(try repository.isBinary(file.blobID)),
                let text = String(validating: try repository.blobData(file.blobID), as: UTF8.self)
            else {
                skipped.append(file.path)
                continue
            }
            inputs.append(.text(text, path: file.path, contentKey: file.blobID))
        }
        return RevisionSources(inputs: inputs, skipped: skipped.sorted(), submodules: listing.submodules)
    }
}
