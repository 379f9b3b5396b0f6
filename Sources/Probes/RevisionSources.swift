import CFAAnalysis
import Git

/// The Swift files of one commit, read straight from git objects: nothing is checked out, and the working
/// tree (dirty or not) plays no part. Each file is keyed by its blob id, so unchanged files are parsed once.
/// Symbolic links are followed within the commit's tree (a linked file is read under the link's path).
struct RevisionSources {
    var inputs: [SourceInput]
    /// Binary or non-UTF-8 `.swift` blobs: listed, not analysed.
    var skipped: [String]
    var submodules: [String]
    /// Links that lead out of the tree, to nothing, or in a circle: findings, never skipped.
    var linkFindings: [Finding] = []

    static let empty = RevisionSources(inputs: [], skipped: [], submodules: [])

    static func read(_ repository: GitRepository, commit: String, under folder: String) throws(GitError) -> RevisionSources {
        let listing = try repository.packageSwiftFiles(at: commit, under: folder)
        var inputs: [SourceInput] = []
        var skipped: [String] = []
        for file in listing.files {
            guard !(try repository.isBinary(file.blobID)),
                let text = String(validating: try repository.blobData(file.blobID), as: UTF8.self)
            else {
                skipped.append(file.path)
                continue
            }
            inputs.append(.text(text, path: file.path, contentKey: file.blobID))
        }
        let linkFindings = listing.unresolvedLinks.map { link in
            let problem: SourceLink.Problem = switch link.problem {
            case .outsideRepository: .outsideRepository
            case .dangling: .dangling
            case .loop: .loop
            }
            return SourceLink.finding(path: link.path, target: link.target, problem: problem)
        }
        return RevisionSources(inputs: inputs, skipped: skipped.sorted(), submodules: listing.submodules, linkFindings: linkFindings)
    }
}
