import Foundation
import Git
import Verdict

/// The policy of one `run`: read before any probe starts, with what the change would alter in it.
struct PolicySetup: Sendable {
    var loaded: LoadedPolicy
    /// The change's own versions of the policy files (its commit's git objects), when the policy came from elsewhere.
    var proposed: Policy?
    /// The base the change's added suppressions are found against; nil for a first commit.
    var suppressionBase: String?
    var repositoryRoot: String
    var head: String

    static func prepare(_ options: GateOptions, repositoryRoot: String, head: String) throws(GateError) -> PolicySetup {
        let repository: GitRepository
        do {
            repository = try GitRepository.discover(startingAt: repositoryRoot)
        } catch {
            throw .repository(error)
        }
        let location = try PolicyReader.location(in: repository, head: head, policyRef: options.policyRef, base: options.baseRevision)
        var explicit: [PolicyFileRole: String] = [:]
        explicit[.checklist] = options.checklistPath
        explicit[.configuration] = options.configurationPath
        let loaded = try PolicyReader.read(at: location, repository: repository, explicit: explicit, packagePath: options.packagePath)

        var proposed: Policy?
        if location.commit != head, [.base, .ref].contains(location.source) {
            let own = PolicyLocation(source: .change, commit: head, description: "the change's own commit")
            // The change's files are only described, so a file of the change that cannot be read is itself the news.
            proposed = try? PolicyReader.files(at: own, repository: repository, packagePath: loaded.packagePath)
        }
        let suppressionBase = location.source == .base
            ? location.commit
            : (try? BaseSelection.choose(in: repository, head: head, explicit: options.baseRevision))?.commit
        return PolicySetup(
            loaded: loaded, proposed: proposed, suppressionBase: suppressionBase, repositoryRoot: repository.workingDirectory, head: head)
    }

    /// What the change would alter in the policy, then the suppressions it adds and what it adds to its own build.
    func changes(packagePath: String) async -> [PolicyChange] {
        var changes = proposed.map { PolicyComparison.changes(from: loaded.policy, to: $0) } ?? []
        if let suppressionBase {
            let folder = packagePath == "." ? "" : packagePath
            do {
                changes += try await SuppressionChanges.added(repositoryRoot: repositoryRoot, base: suppressionBase, head: head, folder: folder)
            } catch {
                changes.append(PolicyChange(
                    kind: .unreadable, file: ".", summary: "the suppressions the change adds could not be listed: \(error)"))
            }
            do {
                changes += try BuildChanges.added(repositoryRoot: repositoryRoot, base: suppressionBase, head: head, packagePath: packagePath)
            } catch {
                changes.append(PolicyChange(kind: .unreadable, file: ".", summary: "what the change adds to its build could not be listed: \(error)"))
            }
        }
        return changes
    }
}
