import CFAAnalysis
import Foundation

/// The model build: when SwiftPM cannot build a repository here (an Xcode app, no `Package.swift`), the `build` and
/// `test` items build and test a package of the app's files that compile on this platform (`ModelSelection`),
/// assembled outside the repository (`ModelPackage`).
public enum ModelBuild {
    /// Reads the repository's Swift files (as `configuration`, the base's `.cfa-gate.json`, includes and excludes them, and
    /// with its `modelBuild.exclude` left out), asks the toolchain for the modules they import, chooses the files and writes
    /// the package into `<workFolder>/model-package`. `cacheFolder` keeps the toolchain's answers across runs.
    public static func prepare(
        repositoryRoot: String, swift: String, workFolder: String, cacheFolder: String?, environment: [String: String],
        configuration: AnalysisConfiguration
    ) async throws(ModelBuildError) -> ModelPackage {
        let swiftc = URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent("swiftc").path
        guard FileManager.default.isExecutableFile(atPath: swiftc) else { throw .swiftcMissing(besides: swift) }
        let inputs = await Analyzer.sources(repositoryRoot: repositoryRoot, configuration: configuration, contentHash: { _ in nil })
        let parsed = await Analyzer.parseRevisions([inputs])[0]
        let files = parsed.facts.map(\.sourceNames)
        let toolchain = ToolchainModules(
            swiftc: swiftc, workFolder: "\(workFolder)/toolchain-modules", cacheFolder: cacheFolder, environment: environment)
        let available = await toolchain.available(modulesAsked(by: files))
        var configured: [String: String] = [:]
        for file in files { configured[file.path] = configuration.modelBuildLeaveOut(file.path) }
        let members = CodebaseIndex.modelLayerMembers(of: parsed.facts, configuration: configuration)
        var selection = ModelSelection.choose(
            files, unreadable: parsed.skipped, available: available, configured: configured, members: members)
        // No test names the module (an app without tests): the module is the Xcode project's, as Xcode would name it.
        if selection.appModule == ModelSelection.unnamedModule, let project = projectModuleName(repositoryRoot: repositoryRoot) {
            selection.appModule = project
        }
        guard !selection.sources.isEmpty else { throw .nothingToCompile(summary: selection.summary) }
        // The sources compile as the Xcode target that owns them compiles them: language mode, isolation, features.
        let settings = XcodeBuildSettings.read(repositoryRoot: repositoryRoot, sources: selection.sources, tests: selection.tests)
        var package = try ModelPackage.assemble(selection, repositoryRoot: repositoryRoot, into: "\(workFolder)/model-package", settings: settings)
        package.layerMembers = members
        return package
    }

    /// The module Xcode makes of the repository's one `.xcodeproj` (its name, as an identifier: `123 Calc` → `_23_Calc`);
    /// nil with no project or several.
    static func projectModuleName(repositoryRoot: String) -> String? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot) else { return nil }
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") }
        guard projects.count == 1 else { return nil }
        return moduleIdentifier(String(projects[0].dropLast(".xcodeproj".count)))
    }

    /// Xcode's rule for a product module name: every character that cannot be in an identifier becomes `_`, and so does
    /// a leading digit.
    static func moduleIdentifier(_ name: String) -> String? {
        guard !name.isEmpty else { return nil }
        var scalars = name.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "_") ? Character(scalar) : "_"
        }
        if let first = scalars.first, first.isNumber { scalars[0] = "_" }
        return String(scalars)
    }

    /// Every module the files import, under any `#if` or none, and every one a `canImport(…)` asks about.
    static func modulesAsked(by files: [SourceNames]) -> Set<String> {
        var modules: Set<String> = []
        for file in files {
            modules.formUnion(file.imports)
            for part in file.conditionalParts { modules.formUnion(part.imports) }
            for condition in file.conditions { modules.formUnion(CompilationConditions.importQueries(in: condition)) }
        }
        // A Linux library with an Apple-only module's API is offered as the fix only where the toolchain has it.
        modules.formUnion(modules.compactMap { RootCause.linuxCounterparts[$0] })
        return modules
    }
}
