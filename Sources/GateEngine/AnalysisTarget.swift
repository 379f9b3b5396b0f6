import CFAAnalysis
import Foundation
import Git
import Probes
import Verdict

/// Where `analyze`, `inventory` and `baseline` look: the repository containing the folder asked for (or the
/// folder itself when it is not in one), with its `.cfa-gate.json`.
public struct AnalysisTarget: Sendable {
    public var root: String
    /// The folder asked for, relative to `root` ("" for all of it).
    public var scope: String
    public var configuration: AnalysisConfiguration

    /// Why a target could not be opened or compared; each is one line for the terminal.
    public enum Failure: Error, CustomStringConvertible {
        case configuration(ConfigurationFile.LoadError)
        case repository(GitError)

        public var description: String {
            switch self {
            case .configuration(let error): "\(error)"
            case .repository(let error): "\(error)"
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

    public func analyze() async -> AnalysisResult {
        await Analyzer.analyze(repositoryRoot: root, scope: scope, configuration: configuration)
    }

    /// Bare parsing against the whole analysis, on one worker and on every core.
    public func benchmark() async -> [(workers: Int, timing: ParseBenchmark.Timing)] {
        var timings: [(workers: Int, timing: ParseBenchmark.Timing)] = []
        for workers in Array(Set([1, ProcessInfo.processInfo.activeProcessorCount])).sorted() {
            let timing = await ParseBenchmark.measure(repositoryRoot: root, scope: scope, configuration: configuration, workers: workers)
            timings.append((workers, timing))
        }
        return timings
    }

    /// The inventory diff between two commits of this target's folder, read from git objects, judged as the
    /// `inventory` item judges it. Without `base`, the base is chosen as the item chooses it.
    public func inventoryDiff(base: String?, final: String) async throws(Failure) -> ProbeOutcome {
        do {
            let choice = try InventoryProbe.chooseBase(repositoryRoot: root, explicit: base, final: final)
            let report = try await InventoryProbe.compare(
                repositoryRoot: root, folder: scope, base: choice, final: final, configuration: configuration)
            return InventoryProbe.judge(report)
        } catch {
            throw .repository(error)
        }
    }
}
