import CFAAnalysis
import Git
import Verdict

/// `inventory`: what the change adds, removes, renames or rewires among the app's CFA parts, base → final
/// commit, and whether every new screen and Feature brought its tests and its AppModel wiring.
public enum InventoryProbe {
    public struct Report: Sendable {
        var base: BaseChoice
        var finalCommit: String
        var diff: InventoryDiff
        var skippedFiles: [String]
        var submodules: [String]
        /// Item 23 also holds for parts the change did not touch: every screen's ViewModel and every Feature
        /// of the final commit has its named test file.
        var missingTests: [Finding]
        /// Symbolic links in the final commit that cannot be followed within its tree, and files past the analyser's
        /// limits (`SourceUnreadable`): the inventory cannot see what SwiftPM would compile there.
        var linkFindings: [Finding] = []
    }

    /// The rules item 23 answers to besides the diff itself.
    public static let testFileRules: Set<String> = [TestViewModelFileRule.id, TestFeatureFileRule.id]

    /// Picks the base: `--base REV`, else the merge-base with the upstream, `origin/main` or `main`, else the
    /// first parent (see `BaseSelection`). Done before any probe runs, so a shallow clone fails early.
    public static func chooseBase(repositoryRoot: String, explicit: String?, final finalRevision: String = "HEAD") throws(GitError) -> BaseChoice {
        let repository = try GitRepository.discover(startingAt: repositoryRoot)
        return try BaseSelection.choose(in: repository, head: finalRevision, explicit: explicit)
    }

    /// Reads both revisions from git objects under `folder` and compares their analyses. A missing test file the
    /// `baseline` accepts is not a problem; a new part's missing test is, since a new part cannot be known.
    public static func compare(
        repositoryRoot: String, folder: String, base: BaseChoice, final finalRevision: String = "HEAD",
        configuration: AnalysisConfiguration, baseline: Baseline? = nil, cache: FactsCache? = nil
    ) async throws(GitError) -> Report {
        let repository = try GitRepository.discover(startingAt: repositoryRoot)
        let finalCommit = try repository.resolveCommit(finalRevision)
        let finalSources = try RevisionSources.read(repository, commit: finalCommit, under: folder)
        let baseSources = try base.commit.map { commit throws(GitError) in try RevisionSources.read(repository, commit: commit, under: folder) }
            ?? .empty
        let parsed = await Analyzer.parseRevisions([baseSources.inputs, finalSources.inputs], cache: cache)
        let baseAnalysis = await Analyzer.checkConcurrently(parsed[0].facts, configuration: configuration)
        let finalAnalysis = await Analyzer.checkConcurrently(parsed[1].facts, configuration: configuration)
        return Report(
            base: base, finalCommit: finalCommit, diff: InventoryDiff(base: baseAnalysis, final: finalAnalysis),
            skippedFiles: Array(Set(baseSources.skipped + finalSources.skipped + parsed.flatMap(\.skipped))).sorted(),
            submodules: finalSources.submodules,
            missingTests: (baseline?.apply(to: finalAnalysis, scope: folder) ?? finalAnalysis).findings.filter {
                testFileRules.contains($0.rule) && $0.severity == .error
            },
            linkFindings: finalSources.linkFindings + finalAnalysis.findings.filter { $0.rule == SourceUnreadable.id })
    }

    public static func run(
        in context: ProbeContext, base: BaseChoice, configuration: AnalysisConfiguration, baseline: Baseline? = nil,
        cache: FactsCache? = nil
    ) async -> ProbeOutcome {
        let report: Report
        do {
            report = try await compare(
                repositoryRoot: context.repositoryRoot, folder: context.packagePath, base: base, configuration: configuration,
                baseline: baseline, cache: cache)
        } catch {
            return .error("cannot read the revisions to compare: \(error)")
        }
        return judge(report)
    }

    public static func judge(_ report: Report) -> ProbeOutcome {
        let diff = report.diff
        var problems = diff.problems.map { problem in
            Diagnostic(kind: .rule, file: problem.file, line: problem.line, severity: "error", name: problem.rule, message: problem.message)
        }
        // A new part's missing test is already a problem of the diff; the rest come from the final commit.
        let filesToAdd = diff.problems.compactMap(\.fileToAdd)
        problems += report.missingTests.filter { finding in !filesToAdd.contains { finding.message.contains($0) } }.map(CFAProbe.diagnostic)
        problems += report.linkFindings.map(CFAProbe.diagnostic)
        var evidence = Evidence(diagnostics: problems, inventory: changes(report))
        if !report.base.isAncestor && report.base.commit != nil {
            evidence.excerpt.append("note: the base is not an ancestor of the final commit; the diff compares two unrelated states")
        }
        let counts = "+\(diff.added.count) −\(diff.removed.count) renamed \(diff.renamed.count) rewired \(diff.rewired.count)"
        let against = "against \(report.base.description)"
        guard let first = problems.first else {
            return ProbeOutcome(status: .passed, summary: "\(counts) \(against)", evidence: evidence)
        }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return ProbeOutcome(status: .failed, summary: "\(first.message)\(more); \(counts)", evidence: evidence)
    }

    static func changes(_ report: Report) -> InventoryChanges {
        let diff = report.diff
        var changes: [InventoryChanges.Change] = []
        changes += diff.added.map { .init(kind: .added, part: $0.kind.rawValue, name: $0.name, detail: $0.detail, file: $0.file, line: $0.line) }
        changes += diff.removed.map { .init(kind: .removed, part: $0.kind.rawValue, name: $0.name, detail: $0.detail, file: $0.file, line: $0.line) }
        changes += diff.renamed.map {
            .init(kind: .renamed, part: $0.kind.rawValue, name: $0.to, previousName: $0.from,
                  detail: $0.fromFile == $0.toFile ? nil : "moved from \($0.fromFile)", file: $0.toFile, line: $0.line)
        }
        changes += diff.rewired.map { rewiring in
            let detail = (rewiring.gained.map { "gained \($0)" } + rewiring.lost.map { "lost \($0)" }).joined(separator: ", ")
            return .init(kind: .rewired, part: rewiring.kind.rawValue, name: rewiring.name, detail: detail, file: rewiring.file, line: rewiring.line)
        }
        return InventoryChanges(
            baseCommit: report.base.commit, base: report.base.description, finalCommit: report.finalCommit, changes: changes,
            skippedFiles: report.skippedFiles, submodules: report.submodules)
    }
}
