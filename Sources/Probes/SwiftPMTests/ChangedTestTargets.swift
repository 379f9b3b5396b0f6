import Foundation
import Git
import TestOrchestration

/// Which test targets the change touched, directly or through the targets they depend on, so that their tests
/// run before the rest and a broken change fails fast. The full suite runs either way.
///
/// The files come from the diff base → final commit (the base is chosen as for the inventory diff); the targets
/// and their dependencies from the run's one evaluation of the package (`EvaluatedPackage`). A change to `Package.swift` or
/// `Package.resolved`, or to a file in no target, makes every test target affected: nothing goes first.
enum ChangedTestTargets {
    struct Order: Sendable, Equatable {
        /// Module names of the test targets whose tests go first; empty when nothing goes first.
        var targets: Set<String>
        var reason: String?
    }

    static func choose(in context: ProbeContext, graph: [Target]) -> Order {
        let changed: [String]
        let base: BaseChoice
        do {
            base = try InventoryProbe.chooseBase(repositoryRoot: context.repositoryRoot, explicit: nil)
            guard base.commit != nil else { return Order(targets: [], reason: "the final commit has no parent: no change to order by") }
            changed = try GitRepository.discover(startingAt: context.repositoryRoot).changedPaths(from: base.commit, to: "HEAD")
        } catch {
            return Order(targets: [], reason: "no base to compare with (\(error)): nothing ran first")
        }
        let against = "against \(base.description)"
        guard !changed.isEmpty else { return Order(targets: [], reason: "no file changed \(against)") }
        return order(changed: changed, packagePath: context.packagePath, graph: graph, against: against)
    }

    typealias Target = EvaluatedPackage.Target

    /// Pure, for tests: `changed` are repository-relative, `packagePath` is the package folder ("" at the root).
    static func order(changed: [String], packagePath: String, graph: [Target], against: String) -> Order {
        let prefix = packagePath.isEmpty ? "" : packagePath + "/"
        var touched = Set<String>()
        for path in changed {
            guard path.hasPrefix(prefix) else { return everything("`\(path)` is outside the package", against) }
            let inPackage = String(path.dropFirst(prefix.count))
            if ["Package.swift", "Package.resolved"].contains(inPackage) || inPackage.hasPrefix("Package@swift") {
                return everything("`\(inPackage)` changed", against)
            }
            guard let target = graph.filter({ inPackage.hasPrefix($0.path + "/") }).max(by: { $0.path.count < $1.path.count }) else {
                return everything("`\(path)` is in no target", against)
            }
            touched.insert(target.name)
        }
        // Everything that depends on a touched target, directly or not, is affected too.
        var affected = touched
        var grew = true
        while grew {
            grew = false
            for target in graph where !affected.contains(target.name) && !(target.targetDependencies ?? []).allSatisfy({ !affected.contains($0) }) {
                affected.insert(target.name)
                grew = true
            }
        }
        let tests = graph.filter { $0.type == "test" && affected.contains($0.name) }
        guard !tests.isEmpty else { return Order(targets: [], reason: "the change touches no test target's code \(against)") }
        let names = tests.map(\.name).sorted().joined(separator: ", ")
        return Order(
            targets: Set(tests.map(\.c99name)),
            reason: "\(names) \(tests.count == 1 ? "is" : "are") affected by changes to \(touched.sorted().joined(separator: ", ")) \(against)")
    }

    private static func everything(_ cause: String, _ against: String) -> Order {
        Order(targets: [], reason: "\(cause) \(against): every test target is affected, so all tests ran together")
    }
}
