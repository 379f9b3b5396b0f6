import CGit2

/// A revision resolved under the gate's strict rule: which ref its name part meant, and the commit.
public struct ResolvedRevision: Sendable, Equatable {
    /// The full ref the name part named (`refs/remotes/origin/main`, `refs/heads/main`, `HEAD`); nil for a commit id.
    public var ref: String?
    /// `~N` / `^N` steps applied after the name part, as given ("" when none).
    public var suffix: String
    /// Full 40-hex id of the commit the whole revision names.
    public var commit: String

    /// The revision as given and as understood: "origin/main = refs/remotes/origin/main (abc1234)",
    /// "refs/heads/main (abc1234)" when it was given in full, "abc1234 (abc1234)" for a commit id.
    public func described(as given: String) -> String {
        guard let ref, ref + suffix != given else { return "\(given) (\(GitRepository.short(commit)))" }
        return "\(given) = \(ref)\(suffix) (\(GitRepository.short(commit)))"
    }
}

extension GitRepository {
    /// Resolves a revision (`HEAD~1`, a branch, a tag, a full ref, a commit id or its abbreviation) to the full
    /// 40-hex id of the commit it names. See `resolveRevision` for the rule.
    /// - Throws: `unknownRevision(revision)` when it names nothing, is malformed, or names something that is not a
    ///   commit; `ambiguousRevision` when its name could mean more than one ref or object.
    public func resolveCommit(_ revision: String) throws(GitError) -> String {
        try resolveRevision(revision).commit
    }

    /// Resolves a revision strictly, so that one name can only ever mean one ref.
    ///
    /// git's own short-name rules let `refs/tags/origin/main` win over `refs/remotes/origin/main`, so a change that
    /// pushes such a tag would choose the policy it is judged by. Here the name part (everything before the first
    /// `~` or `^`, which no ref name contains) is:
    /// - `refs/…`: exactly that ref;
    /// - `HEAD`: the repository's HEAD;
    /// - a full commit id (40 hex digits), whatever refs are named after it;
    /// - an abbreviated commit id (4 hex digits or more);
    /// - any other name `n`: one of `refs/heads/n`, `refs/remotes/n`, `refs/tags/n`.
    /// Anything that could be read two ways (two of those refs, `HEAD` and a ref named `HEAD`, an abbreviated
    /// id that is also a ref name, an abbreviation of several objects) is refused, naming the candidates.
    /// Then the `~N` / `^N` steps are applied to the commit found.
    public func resolveRevision(_ revision: String) throws(GitError) -> ResolvedRevision {
        let nameEnd = revision.firstIndex { $0 == "~" || $0 == "^" } ?? revision.endIndex
        let name = String(revision[..<nameEnd])
        let suffix = String(revision[nameEnd...])
        guard !name.isEmpty, Self.isAncestrySuffix(suffix) else { throw GitError.unknownRevision(revision) }

        let named: (ref: String?, commit: String)
        if name.hasPrefix("refs/") {
            guard let commit = try referencedCommit(name, revision: revision) else { throw GitError.unknownRevision(revision) }
            named = (name, commit)
        } else if name.utf8.count == Int(GIT_OID_HEXSZ), Self.isObjectIDPrefix(name), let commit = try abbreviatedCommit(name, revision: revision) {
            // A full object id is a content address: a ref someone names after it cannot change what it means (git
            // reads it the same way), and refusing it would let any pushed ref of that name block the gate.
            named = (nil, commit)
        } else {
            var candidates: [(ref: String?, commit: String)] = []
            if name == "HEAD", let commit = try referencedCommit("HEAD", revision: revision) {
                candidates.append(("HEAD", commit))
            }
            if Self.isObjectIDPrefix(name), let commit = try abbreviatedCommit(name, revision: revision) {
                candidates.append((nil, commit))
            }
            for ref in ["refs/heads/\(name)", "refs/remotes/\(name)", "refs/tags/\(name)"] {
                if let commit = try referencedCommit(ref, revision: revision) { candidates.append((ref, commit)) }
            }
            guard let only = candidates.first else { throw GitError.unknownRevision(revision) }
            guard candidates.count == 1 else {
                throw GitError.ambiguousRevision(name, candidates: candidates.map { $0.ref ?? "commit \($0.commit)" })
            }
            named = only
        }
        guard !suffix.isEmpty else { return ResolvedRevision(ref: named.ref, suffix: "", commit: named.commit) }
        return ResolvedRevision(ref: named.ref, suffix: suffix, commit: try peeledCommit(named.commit + suffix, revision: revision))
    }

    /// The commit the ref `name` points at, peeled through annotated tags; nil when there is no such ref.
    /// A ref that exists but names no commit (a tag of a blob) is an unknown revision, never skipped.
    private func referencedCommit(_ name: String, revision: String) throws(GitError) -> String? {
        var reference: OpaquePointer?
        let code = git_reference_lookup(&reference, handle, name)
        if code == GIT_ENOTFOUND.rawValue || code == GIT_EINVALIDSPEC.rawValue { return nil }
        try LibGit2.check(code, "read ref '\(name)'")
        defer { git_reference_free(reference) }
        var commit: OpaquePointer?
        let peeled = git_reference_peel(&commit, reference, GIT_OBJECT_COMMIT)
        // An unborn HEAD names nothing yet.
        if peeled == GIT_ENOTFOUND.rawValue || peeled == GIT_EUNBORNBRANCH.rawValue { return nil }
        guard peeled == 0 else { throw GitError.unknownRevision(revision) }
        defer { git_object_free(commit) }
        return LibGit2.hex(git_object_id(commit))
    }

    /// The commit a (possibly abbreviated) object id names; nil when no object has that prefix.
    private func abbreviatedCommit(_ prefix: String, revision: String) throws(GitError) -> String? {
        var oid = git_oid()
        guard git_oid_fromstrn(&oid, prefix, prefix.utf8.count) == 0 else { return nil }
        var object: OpaquePointer?
        let code = git_object_lookup_prefix(&object, handle, &oid, prefix.utf8.count, GIT_OBJECT_ANY)
        if code == GIT_ENOTFOUND.rawValue { return nil }
        if code == GIT_EAMBIGUOUS.rawValue { throw GitError.ambiguousRevision(prefix, candidates: ["several objects whose id starts with \(prefix)"]) }
        try LibGit2.check(code, "look up object '\(prefix)'")
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        guard git_object_peel(&commit, object, GIT_OBJECT_COMMIT) == 0 else { throw GitError.unknownRevision(revision) }
        defer { git_object_free(commit) }
        return LibGit2.hex(git_object_id(commit))
    }

    /// `<40-hex id><suffix>` through libgit2's parser: with a full id as its start, only the suffix is interpreted.
    private func peeledCommit(_ expression: String, revision: String) throws(GitError) -> String {
        var object: OpaquePointer?
        let code = git_revparse_single(&object, handle, expression)
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

    /// `~`, `~2`, `^`, `^2`, in any sequence: the only suffixes taken. `^{…}`, `@{…}`, `:path` and ranges are not.
    private static func isAncestrySuffix(_ suffix: String) -> Bool {
        suffix.allSatisfy { $0 == "~" || $0 == "^" || ("0"..."9").contains($0) }
    }

    /// 4 to 40 hexadecimal digits, as git abbreviates object ids.
    private static func isObjectIDPrefix(_ name: String) -> Bool {
        (4...Int(GIT_OID_HEXSZ)).contains(name.utf8.count) && name.allSatisfy(\.isHexDigit)
    }

    /// Codes by which `git_revparse_single` says "that names nothing"; any other
    /// failure (I/O, corruption) is reported as a libgit2 error instead.
    private static func meansNoSuchRevision(_ code: Int32) -> Bool {
        [GIT_ENOTFOUND, GIT_EAMBIGUOUS, GIT_EINVALIDSPEC, GIT_EUNBORNBRANCH].contains { $0.rawValue == code }
    }
}
