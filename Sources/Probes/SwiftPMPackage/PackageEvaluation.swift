import Foundation
import Git
import Verdict

/// The package as SwiftPM evaluated it, read-only, once per run before any build or test item: the build and test
/// items of the lane share it, and each checks with its `witness` that its own SwiftPM commands evaluated no manifest.
public struct PackageEvaluation: Sendable {
    var package: Result<EvaluatedPackage, EvaluationError>
    var witness: ManifestCacheWitness
    var log: LogReference?

    public static let logName = "package-description"

    /// Evaluates the package in `context` (a commit whose tree tracks `.build` is refused before SwiftPM runs).
    public static func run(in context: ProbeContext) async -> PackageEvaluation {
        if let tracked = trackedBuildFolder(in: context) {
            return PackageEvaluation(package: .failure(tracked), witness: ManifestCacheWitness(digests: [:]), log: nil)
        }
        let logPath = "\(context.logDirectory)/\(logName).log"
        let package: Result<EvaluatedPackage, EvaluationError>
        do throws(EvaluationError) {
            package = .success(try await EvaluatedPackage.evaluate(in: context, logPath: logPath))
        } catch {
            package = .failure(error)
        }
        let summary = LogFile.read(logPath) { _ in }
        return PackageEvaluation(
            package: package, witness: ManifestCacheWitness.take(in: context),
            log: LogReference(name: logName, path: "\(logName).log", sha256: summary.sha256, bytes: summary.bytes))
    }

    /// A `.build` committed with the change would have the build start from the change's own objects and `build.db`.
    private static func trackedBuildFolder(in context: ProbeContext) -> EvaluationError? {
        let path = context.packagePath.isEmpty ? ".build" : "\(context.packagePath)/.build"
        // Outside a repository nothing is tracked; the gate itself only runs in one.
        guard let repository = try? GitRepository.discover(startingAt: context.repositoryRoot) else { return nil }
        do {
            guard try repository.hasEntry(at: "HEAD", path: path) else { return nil }
            return .trackedBuildFolder(path: path)
        } catch {
            return .unreadable(path: "\(context.repositoryRoot)/\(path)", reason: "cannot tell whether HEAD tracks it: \(error)")
        }
    }

    /// The outcome a build or test item gets when the evaluation failed; nil when it succeeded.
    var failure: ProbeOutcome? {
        guard case .failure(let error) = package else { return nil }
        return .error(error.description, evidence: Evidence(logs: log.map { [$0] } ?? []))
    }

    /// Build-tool plugins run during the build, where `.build` is writable: the build's evidence names the package's own.
    var pluginsLine: String? {
        guard case .success(let package) = package else { return nil }
        let plugins = package.targets.filter { $0.type == "plugin" }.map(\.name)
        guard !plugins.isEmpty else { return nil }
        return "the build ran the package's plugins \(plugins.joined(separator: ", ")) where .build is writable (see Policy change)"
    }

    /// Why the SwiftPM commands since the evaluation cannot be trusted; nil when none of them evaluated a manifest.
    func reevaluation(in context: ProbeContext, by command: String) -> String? {
        witness.reevaluation(ManifestCacheWitness.take(in: context), by: command)
    }
}
