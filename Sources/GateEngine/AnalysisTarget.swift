import CFAAnalysis
import Foundation
import Git
import Probes
import Verdict

/// Where `analyze`, `inventory` and `baseline` look: the repository containing the folder asked for (or the
/// folder itself when it is not in one), with its `.cfa-gate.json`.
public struct AnalysisTarget: Sendable {
    var root: String
    /// The folder asked for, relative to `root` ("" for all of it).
    var scope: String
    var configuration: AnalysisConfiguration

    /// Why a target could not be opened or compared; each is one line for the terminal.
    public enum Failure: Error, CustomStringConvertible {
        case configuration(ConfigurationFile.LoadError)
        case repository(GitError)
        case baseline(BaselineError)
        case baselineWrite(path: String, reason: String)

        /// Writing failed (exit 3), as opposed to a configuration the user must fix (exit 2).
        public var isWriteFailure: Bool {
            if case .baselineWrite = self { return true }
            return false
        }

        public var description: String {
            switch self {
            case .baselineWrite(let path, let reason): "\(path): cannot write the baseline: \(reason)"
            case .configuration(let error): "\(error)"
            case .repository(let error): "\(error)"
            case .baseline(let error): "\(error)"
            }
        }
    }

    public static func resolve(_ repositoryPath: String) throws(Failure) -> AnalysisTarget {
        let path = Gate.absolute(repositoryPath)
        let root = (try? GitRepository.discover(startingAt: path))?.workingDirectory ?? path
        let scope = RepositoryPath.folder(path, inside: root)
        do {
            return AnalysisTarget(
                root: root, scope: scope, configuration: try ConfigurationFile.load(repositoryRoot: root, scope: scope))
        } catch {
            throw .configuration(error)
        }
    }

    /// With a baseline, the findings it accepts are set apart as baselined; with a cache (see `diskCache`), an
    /// unchanged file's facts are read instead of parsed.
    public func analyze(baseline: Baseline? = nil, cache: FactsCache? = nil) async -> AnalysisResult {
        let result = await Analyzer.analyze(
            repositoryRoot: root, scope: scope, configuration: configuration, cache: cache, contentHash: { GitRepository.blobID(of: $0) })
        return baseline?.apply(to: result, scope: scope) ?? result
    }

    /// The repository's on-disk facts cache (`<git dir>/cfa-gate/cache`); nil outside a repository. Entries are
    /// those of this tool version; `run` uses its own sealed entries instead (see `AnalysisCacheSeal`).
    public func diskCache(toolVersion: String) -> FactsCache? {
        guard let repository = try? GitRepository.discover(startingAt: root) else { return nil }
        return FactsCache(store: FactsStore(directory: FactsStore.directory(gitDirectory: repository.gitDirectory), toolVersion: toolVersion))
    }

    /// The working tree's baseline for this folder (see `BaselineFile`); nil when there is none.
    public func baseline() throws(BaselineError) -> Baseline? {
        try BaselineFile.load(repositoryRoot: root, scope: scope, configuration: configuration)
    }

    /// Where the baseline is, or would be written.
    func baselineLocation() throws(BaselineError) -> BaselineFile.Location {
        try BaselineFile.location(
            configuration: configuration, configurationFolder: ConfigurationFile.folder(repositoryRoot: root, scope: scope), scope: scope)
    }

    /// Bare parsing against the whole analysis, on one worker and on every core (or on `workers` only); the
    /// cache is timed cold and warm on the last.
    public func benchmark(workers: Int? = nil) async -> [(workers: Int, timing: ParseBenchmark.Timing)] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var timings: [(workers: Int, timing: ParseBenchmark.Timing)] = []
        for count in workers.map({ [$0] }) ?? Array(Set([1, cores])).sorted() {
            // The cache is timed once, on the last measurement.
            let blobID: ContentHash = { GitRepository.blobID(of: $0) }
            let timing = await ParseBenchmark.measure(
                repositoryRoot: root, scope: scope, configuration: configuration, workers: count,
                contentHash: count == cores || workers != nil ? blobID : nil)
            timings.append((count, timing))
        }
        return timings
    }

    /// The inventory diff between two commits of this target's folder, read from git objects, judged as the
    /// `inventory` item judges it. Without `base`, the base is chosen as the item chooses it.
    public func inventoryDiff(base: String?, final: String, cache: FactsCache? = nil) async throws(Failure) -> ProbeOutcome {
        let baseline: Baseline?
        do {
            baseline = try self.baseline()
        } catch {
            throw .baseline(error)
        }
        do {
            let choice = try InventoryProbe.chooseBase(repositoryRoot: root, explicit: base, final: final)
            let report = try await InventoryProbe.compare(
                repositoryRoot: root, folder: scope, base: choice, final: final, configuration: configuration, baseline: baseline,
                cache: cache)
            return InventoryProbe.judge(report)
        } catch {
            throw .repository(error)
        }
    }

    /// What `cfa-gate baseline` wrote: the new baseline, the one it replaced, where, and the adoption findings
    /// it leaves out (an app that is not CFA must never pass by baselining that).
    public struct BaselineWritten: Sendable {
        public var baseline: Baseline
        public var previous: Baseline?
        /// Repository-relative.
        public var path: String
        public var adoptionFindings: [Finding]
    }

    /// Analyzes the folder ignoring any baseline and writes every finding to the baseline file: `path`, else
    /// where the configuration says it is.
    public func writeBaseline(to path: String?) async throws(Failure) -> BaselineWritten {
        let absolutePath: String
        if let path {
            absolutePath = Gate.absolute(path)
        } else {
            do {
                absolutePath = "\(root)/\(try baselineLocation().path)"
            } catch {
                throw .baseline(error)
            }
        }
        let shownPath = RepositoryPath.relative(absolutePath, to: root)
        let result = await analyze()
        let baseline = Baseline(findings: result.findings, path: shownPath)
        let previous = FileManager.default.contents(atPath: absolutePath).flatMap { try? Baseline.parse($0, path: shownPath) }
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: absolutePath).deletingLastPathComponent(), withIntermediateDirectories: true)
            try baseline.encoded().write(to: URL(fileURLWithPath: absolutePath), options: .atomic)
        } catch {
            throw .baselineWrite(path: shownPath, reason: error.localizedDescription)
        }
        return BaselineWritten(
            baseline: baseline, previous: previous, path: shownPath, adoptionFindings: result.findings.filter { $0.rule == AdoptionRule.id })
    }
}
