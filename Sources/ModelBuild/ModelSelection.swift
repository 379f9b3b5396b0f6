import CFAAnalysis

/// Which of an app's Swift files a Linux model package compiles, and why each other file is left out.
///
/// A file joins when every module it imports exists on this toolchain and every type of the app it names is declared in
/// a joined file. Leaving a file out can leave out others that name its types, so the rule runs to a fixed point. A name
/// the app does not declare is left to the compiler (it is the standard library's, an imported module's, or an error
/// the compiler reports with its file): syntax alone cannot place it, and guessing would hide files or fake passes.
public struct ModelSelection: Sendable, Equatable {
    /// Why a file is not compiled.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// `breaks`: the rule the import breaks, for a UI framework imported by a file of the model layer.
        case importsUnavailable(module: String, breaks: BrokenRule? = nil)
        case namesLeftOutType(name: String, declaredIn: String)
        /// `.cfa-gate.json`'s `modelBuild.exclude` names the file, with this reason.
        case configured(reason: String)
        case entryPoint
        case unreadable
        /// A UI test: XCTest on Linux has no `XCUIApplication`, and no app to launch.
        case drivesTheApp(name: String)

        public var description: String {
            switch self {
            case .importsUnavailable(let module, let rule): "imports \(module)" + (rule.map { " — \($0)" } ?? "")
            case .namesLeftOutType(let name, let file): "names `\(name)`, declared only in `\(file)`, left out"
            case .configured(let reason): "left out by \(AnalysisConfiguration.fileName): \(reason)"
            case .entryPoint: "is the app's entry point (`@main` or main.swift), which a library cannot hold"
            case .unreadable: "could not be read as UTF-8 Swift"
            case .drivesTheApp(let name): "is a UI test (names `\(name)`), which needs the app running on an Apple platform"
            }
        }

        /// How the summary line groups it: the missing module, or the reason's kind.
        var group: String {
            switch self {
            case .importsUnavailable(let module, _): module
            case .namesLeftOutType: "via left-out types"
            case .configured: AnalysisConfiguration.fileName
            case .entryPoint: "entry point"
            case .unreadable: "unreadable"
            case .drivesTheApp: "UI tests"
            }
        }
    }

    public struct Exclusion: Sendable, Equatable {
        public var path: String
        public var reason: Reason
    }

    /// A left-out test file and the tests it declares (`Suite/test()`, without the module).
    public struct ExcludedTests: Sendable, Equatable {
        public var path: String
        public var reason: Reason
        public var tests: [String]
    }

    /// The module the tests import, and so the name of the library target.
    public var appModule: String
    public var sources: [String]
    public var tests: [String]
    /// In path order.
    public var excluded: [Exclusion]
    /// The left-out test files that declare tests, in path order.
    public var excludedTests: [ExcludedTests] = []
    /// The left-out files that take others along, most files first: what a team must fix (see `RootCause`).
    public var rootCauses: [RootCause] = []

    /// `files`: every Swift file of the app; `available`: the modules this toolchain has (the app's own module aside), which
    /// `canImport` conditions are decided by;
    /// `unreadable`: files the analyser could not read, left out; `configured`: path → the reason `.cfa-gate.json` gives for
    /// leaving it out; `members`: the model-layer types each file declares (`CodebaseIndex.modelLayerMembers`), for the
    /// rule a UI framework import breaks.
    public static func choose(
        _ files: [SourceNames], unreadable: [String] = [], available: Set<String>, configured: [String: String] = [:],
        members: [String: [ModelLayerMember]] = [:]
    ) -> ModelSelection {
        // Each file as the Linux compiler will see it: only the `#if` clauses it compiles, or every one it cannot decide.
        let conditions = CompilationConditions(available: available)
        let files = files.map { $0.compiled(where: conditions.evaluate) }
        let appModule = appModuleName(files, available: available)
        var usable = available
        usable.insert(appModule)
        var left: [String: Reason] = [:]
        for path in unreadable { left[path] = .unreadable }
        for file in files {
            if let reason = configured[file.path] {
                left[file.path] = .configured(reason: reason)
            } else if let missing = file.imports.first(where: { !usable.contains($0) }) {
                left[file.path] = .importsUnavailable(module: missing, breaks: BrokenRule(importing: missing, in: members[file.path] ?? []))
            } else if file.isEntryPoint && !file.isTest {
                left[file.path] = .entryPoint
            } else if file.isTest, let name = file.namedIdentifiers.sorted().first(where: isUITestName) {
                left[file.path] = .drivesTheApp(name: name)
            }
        }
        // Sources see sources; tests see sources and tests.
        let sourceDeclarers = declarers(files.filter { !$0.isTest })
        let allDeclarers = declarers(files)
        // Only names the app declares can tie a file to another; sorted once, so the reason is the same on every run.
        let appNames = files.map { file in file.namedIdentifiers.filter { allDeclarers[$0] != nil }.sorted() }
        var changed = true
        while changed {
            changed = false
            for (file, names) in zip(files, appNames) where left[file.path] == nil {
                let known = file.isTest ? allDeclarers : sourceDeclarers
                for name in names {
                    guard let declaring = known[name], !declaring.contains(where: { left[$0] == nil }) else { continue }
                    left[file.path] = .namesLeftOutType(name: name, declaredIn: declaring[0])
                    changed = true
                    break
                }
            }
        }
        let joined = files.filter { left[$0.path] == nil }
        let rootCauses = RootCause.find(in: left, members: members, available: available)
        return ModelSelection(
            appModule: appModule, sources: joined.filter { !$0.isTest }.map(\.path).sorted(), tests: joined.filter(\.isTest).map(\.path).sorted(),
            excluded: left.map { Exclusion(path: $0.key, reason: $0.value) }.sorted { $0.path < $1.path },
            excludedTests: excludedTests(files, left: left), rootCauses: rootCauses)
    }

    /// Every left-out test file that declares tests, with them: its own, and the `test…` methods of its extensions of an
    /// `XCTestCase` subclass any test file declares (XCTest runs those too), so none goes unaccounted for.
    private static func excludedTests(_ files: [SourceNames], left: [String: Reason]) -> [ExcludedTests] {
        let testCases = files.filter(\.isTest).reduce(into: Set<String>()) { $0.formUnion($1.xcTestCaseClasses) }
        return files.filter(\.isTest).sorted { $0.path < $1.path }.compactMap { file in
            let extensionTests = file.extensionTestCandidates.filter { testCases.contains(String($0.prefix { $0 != "/" })) }
            let tests = file.declaredTests + extensionTests.filter { !file.declaredTests.contains($0) }
            guard !tests.isEmpty, let reason = left[file.path] else { return nil }
            return ExcludedTests(path: file.path, reason: reason, tests: tests)
        }
    }

    /// The module's name when nothing names it.
    static let unnamedModule = "App"

    /// XCTest's UI-testing API (`XCUIApplication`, `XCUIElement`…, and the launch metric Xcode's template measures):
    /// declared by XCTest on Apple platforms only, where a module check cannot see it.
    static func isUITestName(_ name: String) -> Bool {
        name.hasPrefix("XCUI") || name == "XCTApplicationLaunchMetric"
    }

    /// The module test files import that this toolchain lacks, the most imported first (then by name): the app's own, as
    /// `@testable import HabitTracker` names it. "App" when no test imports one.
    static func appModuleName(_ files: [SourceNames], available: Set<String>) -> String {
        var counts: [String: Int] = [:]
        for file in files where file.isTest {
            for module in file.imports where !available.contains(module) { counts[module, default: 0] += 1 }
        }
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.first?.key ?? unnamedModule
    }

    /// Each type name with the files declaring it, in path order.
    private static func declarers(_ files: [SourceNames]) -> [String: [String]] {
        var found: [String: [String]] = [:]
        for file in files.sorted(by: { $0.path < $1.path }) {
            for name in file.declaredTypes { found[name, default: []].append(file.path) }
        }
        return found
    }

    /// "model build: 52 of 106 files; left out: SwiftUI 48, via left-out types 4".
    public var summary: String { summary(because: nil) }

    /// The summary with why the model build was used: "model build (no Package.swift): 52 of 106 files; …".
    public func summary(because trigger: String?) -> String {
        let total = sources.count + tests.count + excluded.count
        var groups: [(name: String, isModule: Bool, count: Int)] = []
        for exclusion in excluded {
            let group = exclusion.reason.group
            if let index = groups.firstIndex(where: { $0.name == group }) {
                groups[index].count += 1
            } else {
                if case .importsUnavailable = exclusion.reason { groups.append((group, true, 1)) } else { groups.append((group, false, 1)) }
            }
        }
        // Missing modules first, the root causes; then what they took along.
        let sorted = groups.sorted { ($1.isModule ? 1 : 0, $1.count, $0.name) < ($0.isModule ? 1 : 0, $0.count, $1.name) }
        let leftOut = sorted.isEmpty ? "" : "; left out: " + sorted.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
        return "model build\(trigger.map { " (\($0))" } ?? ""): \(sources.count + tests.count) of \(total) files\(leftOut)"
    }
}
