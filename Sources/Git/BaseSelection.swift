/// How the base of an inventory diff was chosen; recorded in the verdict.
public struct BaseChoice: Sendable, Equatable {
    enum Method: String, Sendable {
        /// `--base REV` as given.
        case explicit
        /// The merge-base of HEAD with the upstream of HEAD's branch.
        case upstreamMergeBase
        /// The merge-base of HEAD with `origin/main`.
        case originMainMergeBase
        /// The merge-base of HEAD with the local `main`.
        case mainMergeBase
        /// HEAD's first parent: the last commit alone is under review.
        case firstParent
        /// HEAD is a root commit: everything in it is new.
        case emptyTree
    }

    /// Full 40-hex id of the base commit; nil means the empty tree (HEAD is a root commit).
    public var commit: String?
    /// The full ref the base was taken from (`refs/remotes/origin/main`; `refs/heads/main~1` for `--base main~1`);
    /// nil for a commit id, HEAD's parent or the empty tree.
    public var ref: String?
    var method: Method
    /// One line saying which base was used and why, e.g.
    /// "merge-base of HEAD with its upstream origin/feature (abc1234)".
    public var description: String
    /// False only for an explicit base that is not an ancestor of HEAD: allowed, but the
    /// diff then also shows the changes made on the base's side, so it is said.
    public var isAncestor: Bool

    init(commit: String?, ref: String? = nil, method: Method, description: String, isAncestor: Bool) {
        self.commit = commit
        self.ref = ref
        self.method = method
        self.description = description
        self.isAncestor = isAncestor
    }
}

/// Chooses the commit an inventory diff compares HEAD against, without checking anything out.
public enum BaseSelection {
    /// In order: `--base REV` when given; else the merge-base of HEAD with its upstream; else with
    /// `origin/main`; else with `main`; else HEAD's first parent; a root commit gives the empty tree.
    ///
    /// A merge-base candidate is passed over (and the description says why) when it shares no
    /// history with HEAD, or when the merge-base is HEAD itself — HEAD is then already contained
    /// in that branch (e.g. `main` checked out level with `origin/main`), so diffing against it
    /// would review nothing; the next candidate reviews the latest work instead.
    ///
    /// - Parameters:
    ///   - head: the revision under review, normally `HEAD`.
    ///   - explicit: the `--base` revision, if the user gave one.
    /// - Throws: `unknownRevision` when `head` or `explicit` names no commit; `historyMissing` when
    ///   this is a shallow clone and a merge-base or HEAD's parent was not fetched.
    public static func choose(in repository: GitRepository, head: String, explicit: String?) throws(GitError) -> BaseChoice {
        let headCommit = try repository.resolveCommit(head)
        let headLabel = head == "HEAD" || headCommit == (try? repository.head().commit) ? "HEAD" : head

        if let explicit {
            return try explicitBase(explicit, in: repository, headCommit: headCommit, headLabel: headLabel)
        }

        var passedOver: [String] = []
        // The same commit under two names (upstream origin/main, then origin/main) would only repeat the outcome.
        var triedTips: Set<String> = []
        for candidate in try mergeBaseCandidates(in: repository) where triedTips.insert(candidate.tip).inserted {
            if candidate.tip == headCommit {
                passedOver.append("\(candidate.label) points at \(headLabel) itself")
                continue
            }
            switch try repository.mergeBaseOutcome(headCommit, candidate.tip) {
            case .found(let base) where base == headCommit:
                passedOver.append("\(headLabel) is already contained in \(candidate.label) (their merge-base is \(headLabel) itself)")
            case .found(let base):
                return BaseChoice(
                    commit: base, ref: candidate.ref, method: candidate.method,
                    description: "merge-base of \(headLabel) with \(candidate.label) (\(GitRepository.short(base)))" + note(passedOver),
                    isAncestor: true)
            case .unrelated:
                passedOver.append("\(candidate.label) shares no history with \(headLabel)")
            case .historyMissing:
                // Falling back to a parent would quietly review something other than the branch's change.
                throw GitError.historyMissing(
                    "the merge-base of \(headLabel) (\(GitRepository.short(headCommit))) and \(candidate.name) (\(GitRepository.short(candidate.tip)))")
            }
        }

        if let parent = try repository.firstParent(of: headCommit) {
            return BaseChoice(
                commit: parent, method: .firstParent,
                description: "first parent of \(headLabel) (\(GitRepository.short(parent)))" + note(passedOver),
                isAncestor: true)
        }
        return BaseChoice(
            commit: nil, method: .emptyTree,
            description: "the empty tree: \(headLabel) (\(GitRepository.short(headCommit))) is a root commit" + note(passedOver),
            isAncestor: true)
    }

    /// A branch whose merge-base with HEAD may serve as the base.
    private struct Candidate {
        var name: String
        /// Its full ref name: the base is taken from exactly this ref, whatever else shares its short name.
        var ref: String
        /// How the description names it ("its upstream origin/feature", "origin/main").
        var label: String
        var tip: String
        var method: BaseChoice.Method
    }

    /// The upstream of HEAD's branch, `origin/main`, `main` — those that exist, in that order.
    private static func mergeBaseCandidates(in repository: GitRepository) throws(GitError) -> [Candidate] {
        var candidates: [Candidate] = []
        if let upstream = try repository.upstream() {
            candidates.append(Candidate(
                name: upstream.name, ref: upstream.ref, label: "its upstream \(upstream.name)", tip: upstream.commit,
                method: .upstreamMergeBase))
        }
        // Full reference names, looked up exactly, so a tag or file-like name "main" cannot stand in for the branch.
        if let originMain = repository.commitIfExists("refs/remotes/origin/main") {
            candidates.append(Candidate(
                name: "origin/main", ref: "refs/remotes/origin/main", label: "origin/main", tip: originMain, method: .originMainMergeBase))
        }
        if let main = repository.commitIfExists("refs/heads/main") {
            candidates.append(Candidate(name: "main", ref: "refs/heads/main", label: "main", tip: main, method: .mainMergeBase))
        }
        return candidates
    }

    private static func explicitBase(
        _ revision: String, in repository: GitRepository, headCommit: String, headLabel: String
    ) throws(GitError) -> BaseChoice {
        let resolved = try repository.resolveRevision(revision)
        let base = resolved.commit
        var description = "--base " + resolved.described(as: revision)
        let isAncestor: Bool
        do {
            isAncestor = try repository.isAncestor(base, of: headCommit)
            if !isAncestor { description += ", not an ancestor of \(headLabel)" }
        } catch {
            // The base itself is here, so its tree can still be diffed; only the ancestry is unknown.
            guard case .historyMissing = error else { throw error }
            isAncestor = false
            description += ", not known to be an ancestor of \(headLabel): this shallow clone lacks the history between them"
        }
        return BaseChoice(
            commit: base, ref: resolved.ref.map { $0 + resolved.suffix }, method: .explicit, description: description, isAncestor: isAncestor)
    }

    /// "; passed over: X; Y" — why earlier candidates were not used.
    private static func note(_ passedOver: [String]) -> String {
        passedOver.isEmpty ? "" : "; passed over: " + passedOver.joined(separator: "; ")
    }
}
