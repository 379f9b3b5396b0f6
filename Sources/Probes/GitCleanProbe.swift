import Git
import Verdict

/// The working tree has nothing staged, unstaged or untracked at the final commit — checked before the
/// other probes run and again after them, so a build or test that rewrites tracked files is caught.
public enum GitCleanProbe {
    /// What keeps the tree from being clean right now, read through libgit2.
    public static func snapshot(repositoryRoot: String) -> Result<[StatusEntry], GitError> {
        Result { () throws(GitError) in try GitRepository.discover(startingAt: repositoryRoot).status() }
    }

    public static func judge(
        before: Result<[StatusEntry], GitError>, after: Result<[StatusEntry], GitError>
    ) -> ProbeOutcome {
        let entriesBefore: [StatusEntry], entriesAfter: [StatusEntry]
        switch (before, after) {
        case (.failure(let error), _), (_, .failure(let error)):
            return .error("could not read the working tree's status: \(error)")
        case (.success(let first), .success(let second)):
            entriesBefore = first
            entriesAfter = second
        }
        if entriesBefore.isEmpty && entriesAfter.isEmpty {
            return ProbeOutcome(status: .passed, summary: "working tree clean before and after the probes ran")
        }
        let alreadyDirty = Set(entriesBefore)
        let changedByRun = entriesAfter.filter { !alreadyDirty.contains($0) }
        var diagnostics = entriesBefore.map { entry in
            Diagnostic(kind: .git, file: entry.path, severity: "error", message: entry.state)
        }
        diagnostics += changedByRun.map { entry in
            Diagnostic(
                kind: .git, file: entry.path, severity: "error",
                message: "\(entry.state) — changed while the probes ran (a build or test wrote it)")
        }
        let evidence = Evidence(diagnostics: Array(diagnostics.prefix(CompilerDiagnostics.maximumDiagnostics)))
        var parts: [String] = []
        if !entriesBefore.isEmpty { parts.append("\(pathList(entriesBefore)) not committed") }
        if !changedByRun.isEmpty { parts.append("\(pathList(changedByRun)) changed by the run") }
        return ProbeOutcome(
            status: .failed, summary: parts.joined(separator: "; ") + " — commit or discard, or add to .gitignore",
            evidence: evidence)
    }

    private static func pathList(_ entries: [StatusEntry]) -> String {
        let paths = Array(Set(entries.map(\.path))).sorted()
        let shown = paths.prefix(3).joined(separator: ", ")
        return paths.count > 3 ? "\(shown) and \(paths.count - 3) more" : shown
    }
}
