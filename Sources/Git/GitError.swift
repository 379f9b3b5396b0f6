/// Everything that can go wrong while reading a git repository.
public enum GitError: Error, Equatable, CustomStringConvertible {
    /// No repository contains the given path (searched upwards like `git`).
    case notARepository(String)
    /// The repository at the given path has no work tree to check.
    case bareRepository(String)
    /// HEAD at the given work tree is unborn: nothing has been committed yet.
    case noCommits(String)
    /// The revision expression does not name a commit.
    case unknownRevision(String)
    /// The revision's name could mean more than one ref or object (each candidate named): never guessed.
    case ambiguousRevision(String, candidates: [String])
    /// Any other libgit2 failure, with libgit2's own explanation.
    case libgit2(operation: String, message: String)
    /// This shallow clone lacks commits that are needed; the text names what is missing
    /// (e.g. "the merge-base of HEAD (abc1234) and origin/main (def5678)").
    case historyMissing(String)
    /// Not a full ref name under `refs/` (`refs/cfa-gate/reviews`).
    case invalidRefName(String)
    /// Another writer moved the ref between reading its tip and moving it: nothing was lost, read the tip again.
    case refMoved(ref: String, expected: String?, found: String?)

    public var description: String {
        switch self {
        case .notARepository(let path):
            return "\(path) is not inside a git repository — run cfa-gate from a clone or pass --repo DIR"
        case .bareRepository(let path):
            return "\(path) is a bare git repository without a work tree — run cfa-gate from a checked-out clone or pass --repo DIR"
        case .noCommits(let path):
            return "the git repository at \(path) has no commits yet — commit your work, then run cfa-gate again"
        case .unknownRevision(let revision):
            return "'\(revision)' does not name a commit in this repository — check the branch name, tag or commit id"
        case .ambiguousRevision(let name, let candidates):
            return "refname '\(name)' is ambiguous: \(candidates.joined(separator: ", ")) — "
                + "name one of them in full (e.g. refs/remotes/origin/main) or give the commit id"
        case .libgit2(let operation, let message):
            return "git \(operation) failed: \(message)"
        case .historyMissing(let what):
            return "\(what) is not in this shallow clone — run `git fetch --unshallow` "
                + "(or `git fetch --deepen=N` to fetch N more commits of history), then run cfa-gate again"
        case .invalidRefName(let name):
            return "'\(name)' is not a full ref name — give one under refs/, such as refs/cfa-gate/reviews"
        case .refMoved(let ref, let expected, let found):
            let from = expected.map(GitRepository.short) ?? "no commit"
            return "\(ref) moved to \(found.map(GitRepository.short) ?? "nothing") while a commit on \(from) was being written "
                + "— another writer was first; read the ref again and retry"
        }
    }
}
