import CFAAnalysis
import Foundation
import ModelBuild
import Verdict

/// The `build` and `test` items of a repository SwiftPM cannot build here (no `Package.swift` at the package path, as
/// an Xcode app has): they build and test the model package (`ModelBuild`) instead, in the run's private folder, through
/// the same evaluation, build, runfiles and orchestration as any package. Every outcome says what was built: the summary
/// starts with the model build's line, the evidence lists each compiled and left-out file, and the tests of a left-out
/// test file are `unavailable`, with its reason.
public struct ModelBuildScope: Sendable {
    var package: ModelPackage
    var trigger: Trigger
    /// The lane's context with the model package as its package.
    public var context: ProbeContext

    public enum Decision: Sendable {
        /// SwiftPM builds the package as it is, with the evaluation `decide` made of it, if it made one.
        case package(PackageEvaluation?)
        case modelBuild(Trigger)
        /// The checklist forbids the model build where it would be used: what every build and test item of the lane gets.
        case refused(ProbeOutcome)
    }

    /// Whether the lane builds the package or the model package, by what is at the package path and the checklist's
    /// `model-build` mode (read from the protected branch, so a change cannot choose it).
    public static func decide(in context: ProbeContext) async -> Decision {
        let mode = context.modelBuildSettings.mode
        guard !FileManager.default.fileExists(atPath: "\(context.packageDirectory)/Package.swift") else {
            guard mode == .automatic, committedXcodeProject(in: context.repositoryRoot) != nil else { return .package(nil) }
            let evaluation = await PackageEvaluation.run(in: context)
            return manifestDoesNotLoad(evaluation) ? .modelBuild(.manifestDoesNotLoad) : .package(evaluation)
        }
        switch mode {
        case .automatic: return .modelBuild(.noPackageManifest)
        case .full:
            let path = context.packagePath.isEmpty ? "the repository root" : "`\(context.packagePath)`"
            return .refused(.error(
                "no `Package.swift` at the package path (\(path)), and the checklist's `model-build=full` forbids the model build"
                    + " — run the gate where the app builds with SwiftPM, or set `model-build=automatic` on the protected branch"))
        }
    }

    public enum Preparation: Sendable {
        case ready(ModelBuildScope)
        /// What every build and test item of the lane gets.
        case failed(ProbeOutcome)
    }

    /// Chooses the files and writes the package; `configuration` is the base's `.cfa-gate.json`, as the `cfa` items read it;
    /// `trigger` says why SwiftPM could not build the repository itself.
    public static func prepare(in context: ProbeContext, trigger: Trigger, configuration: AnalysisConfiguration) async -> Preparation {
        guard let swift = context.swiftExecutable else { return .failed(.swiftMissing) }
        let work = "\(context.privateFolder ?? "\(context.logDirectory)/private")/model-build"
        do throws(ModelBuildError) {
            let package = try await ModelBuild.prepare(
                repositoryRoot: context.repositoryRoot, swift: swift, workFolder: work, cacheFolder: context.toolchainCacheFolder,
                environment: context.environment, configuration: configuration)
            var scoped = context
            scoped.packageDirectory = package.directory
            return .ready(ModelBuildScope(package: package, trigger: trigger, context: scoped))
        } catch {
            return .failed(.error(error.description))
        }
    }

    var record: ModelBuildRecord {
        let selection = package.selection
        return ModelBuildRecord(
            compiled: selection.sources + selection.tests,
            excluded: selection.excluded.map { ModelBuildRecord.Exclusion(path: $0.path, reason: $0.reason.description) },
            rootCauses: selection.rootCauses.isEmpty ? nil : selection.rootCauses.map(\.description), trigger: trigger.phrase,
            xcodeSettings: Self.record(package.xcodeSettings))
    }

    static func record(_ settings: XcodeBuildSettings) -> XcodeSettingsRecord {
        func target(_ target: XcodeBuildSettings.Target?) -> XcodeSettingsRecord.Target? {
            target.map { target in
                XcodeSettingsRecord.Target(
                    name: target.name, configuration: target.configuration, applied: target.swift.phrases,
                    ignored: target.swift.ignored.map { XcodeSettingsRecord.Ignored(setting: $0.setting, reason: $0.reason) })
            }
        }
        return XcodeSettingsRecord(project: settings.project, app: target(settings.app), tests: target(settings.tests), notes: settings.notes)
    }

    /// "model build: Xcode settings of target Habits (Debug): Swift 6, default isolation MainActor; tests: target HabitsTests
    /// (Debug): Swift 6; not passed: OTHER_SWIFT_FLAGS (arbitrary compiler flags are not passed)".
    static func settingsLine(_ settings: XcodeBuildSettings) -> String {
        func described(_ target: XcodeBuildSettings.Target) -> String {
            "target \(target.name)\(target.configuration.map { " (\($0))" } ?? ""): \(target.swift.phrases.joined(separator: ", "))"
        }
        guard let app = settings.app else {
            return "model build: Xcode settings: \(settings.notes.first ?? "none read"); \(settings.appSettings.phrases.joined(separator: ", "))"
        }
        var line = "model build: Xcode settings of \(described(app))"
        if let tests = settings.tests { line += "; tests: \(described(tests))" }
        let ignored = [settings.app, settings.tests].compactMap { $0?.swift.ignored }.joined().map { "\($0.setting) (\($0.reason))" }
        var unique: [String] = []
        for entry in ignored where !unique.contains(entry) { unique.append(entry) }
        if !unique.isEmpty { line += "; not passed: " + unique.joined(separator: ", ") }
        if !settings.notes.isEmpty { line += "; " + settings.notes.joined(separator: "; ") }
        return line
    }

    /// The test item's outcome when the model package has no test target: `failed`, since CFA's gate asks for tests and
    /// none can run here, with the one line that says why (no test file at all, or none that compiles here) and every
    /// declared test listed `unavailable`. Nil when test files joined.
    public var withoutTests: ProbeOutcome? {
        let selection = package.selection
        guard selection.tests.isEmpty else { return nil }
        let unavailable = unavailableTests
        var evidence = Evidence.empty
        evidence.testCases = unavailable
        guard !selection.excludedTests.isEmpty else {
            return ProbeOutcome(
                status: .failed,
                summary: "the app has no tests: no `…Tests` folder and no file importing XCTest or Testing — add the Feature and ViewModel "
                    + "tests CFA's gate asks for, in `\(selection.appModule)Tests/`", evidence: evidence)
        }
        let files = selection.excludedTests.count
        let firstLeftOut = "\(selection.excludedTests[0].path) \(selection.excludedTests[0].reason)"
        // The root cause, where there is one, is what to fix; the first left-out test file is only its last link.
        let why = selection.rootCauses.first.map(\.description) ?? firstLeftOut
        let leftOut = files == 1 ? "the test file declaring tests is left out" : "the \(files) test files declaring tests are left out"
        return ProbeOutcome(
            status: .failed,
            summary: "no test file compiles here: \(leftOut), \(unavailable.count) test\(unavailable.count == 1 ? "" : "s") unavailable — \(why)",
            evidence: evidence)
    }

    /// Every test a left-out test file declares, `unavailable` with the file's reason, named in its module: the Xcode test
    /// target's folder (`HabitsUITests/…`) when the file's top folder ends in `Tests`, else the model's test target.
    public var unavailableTests: [TestCaseResult] {
        package.selection.excludedTests.flatMap { file in
            let top = file.path.split(separator: "/").first.map(String.init) ?? ""
            let module = file.path.contains("/") && top.hasSuffix("Tests") && top.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
                ? top : package.testModule
            return file.tests.map { test in
                TestCaseResult(id: "\(module).\(test)", status: .unavailable, attempts: [], excerpt: ["\(file.path) \(file.reason)"])
            }
        }
    }

    /// The outcome as the model build's: its line first, its record in the evidence, and every path the compiler or a
    /// test named inside the package given as the repository's.
    public func scoped(_ outcome: ProbeOutcome) -> ProbeOutcome {
        var scoped = outcome
        let map = { (text: String) in self.repositoryText(text) }
        scoped.summary = "\(package.selection.summary(because: trigger.phrase)); \(map(outcome.summary))"
        // The first root cause leads, so the terminal shows what to fix; a compiler error in a joined file is followed by
        // how to leave it out when it uses what Linux lacks.
        scoped.evidence.excerpt = package.selection.rootCauses.prefix(1).map { "model build: \($0)" } + [Self.settingsLine(package.xcodeSettings)]
            + outcome.evidence.excerpt.map(map)
        var failing: [String] = []
        for case let file? in outcome.evidence.diagnostics.lazy.filter({ $0.kind == .compiler && $0.severity == "error" }).map({ $0.file.map(map) })
        where !failing.contains(file) {
            failing.append(file)
        }
        if let hint = Self.leaveOutHint(for: failing) { scoped.evidence.excerpt.append(hint) }
        scoped.evidence.diagnostics = outcome.evidence.diagnostics.map { diagnostic in
            var mapped = diagnostic
            mapped.file = diagnostic.file.map(map)
            mapped.message = map(diagnostic.message)
            return mapped
        }
        scoped.evidence.testCases = outcome.evidence.testCases?.map { test in
            var mapped = test
            mapped.excerpt = test.excerpt.map(map)
            mapped.attempts = test.attempts.map { attempt in
                var mapped = attempt
                mapped.file = attempt.file.map(map)
                mapped.message = attempt.message.map(map)
                return mapped
            }
            return mapped
        }
        scoped.evidence.modelBuild = record
        return scoped
    }

    /// The hint after a compiler error in `file` (a repository path): the option that leaves out a file using an API
    /// Linux's Foundation lacks.
    /// Every joined file the compiler failed on, each with its entry: fixing one at a time would take a run per file. Leaving
    /// a file out also leaves out every file that names its types, which the next run lists.
    static func leaveOutHint(for files: [String]) -> String? {
        guard !files.isEmpty else { return nil }
        let named = files.count == 1 ? "`\(files[0])` uses" : "these \(files.count) files use"
        let entries = files.map { #"{"path": ""# + $0 + #"", "reason": "…"}"# }.joined(separator: ", ")
        return "model build: if \(named) an API Linux lacks, leave \(files.count == 1 ? "it" : "them") out in .cfa-gate.json "
            + "(files naming their types go too): "
            + #"{"modelBuild": {"exclude": ["# + entries + "]}}"
    }

    /// `<package>/Sources/Habits/Habits/Feature.swift:3` → `Habits/Feature.swift:3`; the package's path may come absolute or,
    /// where the private folder is inside the repository (`.git/cfa-gate`), already relative to it.
    func repositoryText(_ text: String) -> String {
        let packages = [package.directory, RepositoryPath.relative(package.directory, to: context.repositoryRoot)]
        return packages.flatMap { directory in [package.sourceFolder, package.testFolder].map { "\(directory)/\($0)/" } }
            .reduce(text) { text, prefix in text.replacingOccurrences(of: prefix, with: "") }
    }
}
