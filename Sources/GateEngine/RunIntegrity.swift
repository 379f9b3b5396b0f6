import Git

/// The commit under test cannot move: HEAD, its tree and the index are read before the probes start and
/// again after they end. A probe that commits, checks out, resets or stages makes the run `error`, because
/// the verdict would otherwise name a commit other than the one the probes saw.
///
/// The git directory's control files are read too (`config`, `config.worktree`, `hooks/`, `info/`, `refs/`,
/// `packed-refs`), and so are the user's and the system's git configuration (`~/.gitconfig` and its kin): a probe that
/// sets `core.fsmonitor` or `core.hooksPath`, adds an `include.path` or a hook, plants code that every later `git`
/// command of the CI job runs, and one that moves a ref changes what a later step checks out or pushes. Any change to
/// them, however small, makes the run `error`, naming the file — except a user's or system file that no probe could
/// write (a read-only world with it outside the writable paths): another process changed it, and the run notes that.
enum RunIntegrity {
    struct Snapshot: Sendable, Equatable {
        var head: HeadInfo
        var index: String
        /// `RepositoryPath → digest` of the git directory's control files (see `GitRepository.controlFileDigests`).
        var controlFiles: [String: String]
        /// `absolute path → digest` of the user's and system's git configuration.
        var userConfiguration: [String: String] = [:]
    }

    /// What changed during the run: `errors` make the result `error`; `notes` are recorded beside it.
    struct Findings: Sendable, Equatable {
        var errors: [String] = []
        var notes: [String] = []
    }

    static func snapshot(repositoryRoot: String, environment: [String: String]) throws(GateError) -> Snapshot {
        do {
            let repository = try GitRepository.discover(startingAt: repositoryRoot)
            return Snapshot(
                head: try repository.head(), index: try repository.indexDigest(), controlFiles: repository.controlFileDigests(),
                userConfiguration: GitRepository.userConfigurationDigests(environment: environment))
        } catch {
            throw .repository(error)
        }
    }

    /// One line per difference; empty when the repository is as the probes found it. `probesCouldWrite` says whether
    /// any probe could have written a path outside the repository (the user's and system's git configuration).
    static func check(
        _ before: Snapshot, repositoryRoot: String, environment: [String: String], probesCouldWrite: (String) -> Bool = { _ in true }
    ) -> Findings {
        let after: Snapshot
        do {
            after = try snapshot(repositoryRoot: repositoryRoot, environment: environment)
        } catch {
            return Findings(errors: [
                "the repository could not be read again after the probes: \(error) — the verdict is for \(before.head.commit), as the probes started"
            ])
        }
        var problems: [String] = []
        if after.head.commit != before.head.commit {
            problems.append(
                "HEAD moved during the run from \(before.head.commit) to \(after.head.commit): a probe committed, checked out or reset; "
                    + "the verdict is for \(before.head.commit)")
        } else if after.head.tree != before.head.tree {
            problems.append("HEAD's tree changed during the run from \(before.head.tree) to \(after.head.tree)")
        }
        if after.head.branch != before.head.branch {
            problems.append("the checked-out branch changed during the run from \(before.head.branch ?? "(detached)") to \(after.head.branch ?? "(detached)")")
        }
        if after.index != before.index {
            problems.append("the index changed during the run: a probe staged or unstaged files")
        }
        for path in Set(before.controlFiles.keys).union(after.controlFiles.keys).sorted() where before.controlFiles[path] != after.controlFiles[path] {
            let what = before.controlFiles[path] == nil ? "was added" : after.controlFiles[path] == nil ? "was removed" : "was changed"
            problems.append(
                "\(path) \(what) during the run: a probe altered git's own configuration or hooks, which later git commands would run — "
                    + "restore it (`git config --list --show-origin`) before trusting this clone")
        }
        var notes: [String] = []
        for path in Set(before.userConfiguration.keys).union(after.userConfiguration.keys).sorted()
        where before.userConfiguration[path] != after.userConfiguration[path] {
            let what = before.userConfiguration[path] == nil ? "was added" : after.userConfiguration[path] == nil ? "was removed" : "was changed"
            if probesCouldWrite(path) {
                problems.append(
                    "\(path) \(what) during the run: a probe altered git's own configuration, which later git commands would run — "
                        + "restore it (`git config --list --show-origin`) before trusting this machine's git")
            } else {
                notes.append(
                    "\(path) \(what) during the run by a process outside the gate (no probe could write it: it lies outside their "
                        + "writable paths) — check it (`git config --list --show-origin`) if nothing else on this machine should have")
            }
        }
        return Findings(errors: problems, notes: notes)
    }
}
