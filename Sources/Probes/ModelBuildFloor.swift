import CFAAnalysis
import Checklist
import ModelBuild
import Verdict

/// The protected checklist's floors on a model build: a `build` item that passed fails when a file declaring a required
/// part was left out, and a `test` item that passed fails when too few of the declared tests ran. Judged only on a model
/// build; a real package has no floor to meet.
public struct ModelBuildFloor: Sendable {
    var package: ModelPackage
    var settings: ModelBuildSettings

    /// One required part the model build did not compile.
    struct Missing: Equatable {
        var part: ModelBuildPart
        var name: String
        var path: String
        var reason: ModelSelection.Reason?
    }

    /// The build item's outcome with the `model-build-requires` floor applied.
    public func judgeBuild(_ outcome: ProbeOutcome) -> ProbeOutcome {
        guard outcome.status == .passed, !settings.requires.isEmpty else { return outcome }
        let compiled = Set(package.selection.sources)
        let reasons = Dictionary(package.selection.excluded.map { ($0.path, $0.reason) }) { first, _ in first }
        var shortfalls: [String] = []
        var missing: [Missing] = []
        var undeclared: [ModelBuildPart] = []
        for part in settings.requires {
            let declared = package.layerMembers.sorted { $0.key < $1.key }.flatMap { path, members in
                members.filter { $0.layer == part.layer }.map { (path: path, name: $0.name) }
            }
            guard !declared.isEmpty else {
                undeclared.append(part)
                continue
            }
            let left = declared.filter { !compiled.contains($0.path) }
            guard !left.isEmpty else { continue }
            shortfalls.append("\(left.count) of \(declared.count) \(part.plural)")
            missing += left.map { Missing(part: part, name: $0.name, path: $0.path, reason: reasons[$0.path]) }
        }
        guard !shortfalls.isEmpty || !undeclared.isEmpty else { return outcome }
        var clauses: [String] = []
        if !shortfalls.isEmpty { clauses.append("\(Self.list(shortfalls)) left out") }
        if !undeclared.isEmpty { clauses.append("the app declares no \(Self.list(undeclared.map(\.plural), joiner: " or "))") }
        var evidence = outcome.evidence
        let lines = missing.map(Self.line) + undeclared.map { part in
            "no \(part.singular) found: the analyser recognizes none in the app — declare it as CFA names it, or drop `\(part.rawValue)`"
                + " from `model-build-requires` on the protected branch"
        }
        evidence.excerpt = lines + outcome.evidence.excerpt
        evidence.diagnostics = missing.map { missing in
            Diagnostic(
                kind: .compiler, file: missing.path, line: 1, severity: "error", name: "model-build-requires", message: Self.line(missing))
        } + outcome.evidence.diagnostics
        return ProbeOutcome(status: .failed, summary: "model build floor: \(clauses.joined(separator: "; "))", evidence: evidence)
    }

    /// The test item's outcome with the `model-build-min-tests` floor applied. `planned`: the tests the item's whole plan
    /// holds (selected by its `--filter`/`--skip`, before any shard takes its share), all of which ran; every test of a
    /// left-out test file is declared and did not run. A shard judges the whole plan, and so answers as every other shard.
    public func judgeTests(_ outcome: ProbeOutcome, planned: Int) -> ProbeOutcome {
        guard outcome.status == .passed, let minimum = settings.minimumTestPercent else { return outcome }
        let leftOut = package.selection.excludedTests
        let declared = planned + leftOut.reduce(0) { $0 + $1.tests.count }
        guard declared > 0, planned * 100 < minimum * declared else { return outcome }
        var evidence = outcome.evidence
        evidence.excerpt = leftOut.map { file in
            let count = file.tests.count == 1 ? "1 test" : "\(file.tests.count) tests"
            return "\(file.path): \(count) did not run: it \(file.reason) — \(Self.fix(for: file.reason))"
        } + outcome.evidence.excerpt
        return ProbeOutcome(
            status: .failed,
            summary: "model build floor: \(planned) of \(declared) declared tests ran (\(planned * 100 / declared)%), floor \(minimum)%",
            evidence: evidence)
    }

    static func line(_ missing: Missing) -> String {
        let reason = missing.reason.map { "it \($0)" } ?? "it was not compiled"
        let fix = missing.reason.map { Self.fix(for: $0) } ?? "make the file compile on this platform"
        return "\(missing.path): \(missing.part.singular) `\(missing.name)` is left out: \(reason) — \(fix)"
    }

    static func fix(for reason: ModelSelection.Reason) -> String {
        switch reason {
        case .importsUnavailable(let module, _):
            "put the \(module)-only part inside `#if canImport(\(module))`, or move the adapter behind its repository protocol"
        case .namesLeftOutType(let name, let file):
            "put what needs `\(name)` inside `#if canImport(…)` in `\(file)`, or reach it through a repository protocol"
        case .configured: "take the file out of `modelBuild.exclude` in `.cfa-gate.json` once it compiles on this platform"
        case .entryPoint: "move the declaration out of the app's entry-point file"
        case .unreadable: "save the file as UTF-8"
        case .drivesTheApp: "run it on an Apple platform, or lower `model-build-min-tests` on the protected branch"
        }
    }

    static func list(_ items: [String], joiner: String = " and ") -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + joiner + items[items.count - 1]
    }
}

extension ModelBuildScope {
    /// The floors the checklist sets on this model build.
    public var floor: ModelBuildFloor { ModelBuildFloor(package: package, settings: context.modelBuildSettings) }
}

extension ModelBuildPart {
    var layer: ModelLayerMember.Layer {
        switch self {
        case .features: .feature
        case .viewmodels: .viewModel
        case .repositories: .repository
        case .appmodel: .appModel
        }
    }

    var singular: String {
        switch self {
        case .features: "Feature"
        case .viewmodels: "ViewModel"
        case .repositories: "repository"
        case .appmodel: "AppModel"
        }
    }

    var plural: String {
        switch self {
        case .features: "Features"
        case .viewmodels: "ViewModels"
        case .repositories: "repositories"
        case .appmodel: "AppModel"
        }
    }
}
