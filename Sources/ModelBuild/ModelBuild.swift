import CFAAnalysis
import Foundation

/// The model build: when SwiftPM cannot build a repository here (an Xcode app, no `Package.swift`), the `build` and
/// `test` items build and test a package of the app's files that compile on this platform (`ModelSelection`),
/// assembled outside the repository (`ModelPackage`).
public enum ModelBuild {
    /// Reads the repository's Swift files, asks the toolchain for the modules they import, chooses the files and writes
    /// the package into `<workFolder>/model-package`. `cacheFolder` keeps the toolchain's answers across runs.
    public static func prepare(
        repositoryRoot: String, swift: String, workFolder: String, cacheFolder: String?, environment: [String: String]
    ) async throws(ModelBuildError) -> ModelPackage {
        let swiftc = URL(fileURLWithPath: swift).deletingLastPathComponent().appendingPathComponent("swiftc").path
        guard FileManager.default.isExecutableFile(atPath: swiftc) else { throw .swiftcMissing(besides: swift) }
        let inputs = await Analyzer.sources(repositoryRoot: repositoryRoot, configuration: AnalysisConfiguration(), contentHash: { _ in nil })
        let parsed = await Analyzer.parseRevisions([inputs])[0]
        let files = parsed.facts.map(\.sourceNames)
        let toolchain = ToolchainModules(
            swiftc: swiftc, workFolder: "\(workFolder)/toolchain-modules", cacheFolder: cacheFolder, environment: environment)
        let available = await toolchain.available(Set(files.flatMap(\.imports)))
        let selection = ModelSelection.choose(files, unreadable: parsed.skipped, available: available)
        guard !selection.sources.isEmpty else { throw .nothingToCompile(summary: selection.summary) }
        var package = try ModelPackage.assemble(
            selection, repositoryRoot: repositoryRoot, into: "\(workFolder)/model-package", languageMode: languageMode(repositoryRoot: repositoryRoot))
        package.layerMembers = CodebaseIndex.modelLayerMembers(of: parsed.facts, configuration: AnalysisConfiguration())
        return package
    }

    /// `v6` when an Xcode project of the repository builds with `SWIFT_VERSION = 6…`, as its sources then expect; else `v5`,
    /// Xcode's default.
    static func languageMode(repositoryRoot: String) -> String {
        guard let entries = FileManager.default.enumerator(atPath: repositoryRoot) else { return "v5" }
        while let entry = entries.nextObject() as? String {
            if entry.hasPrefix(".") || entry.contains("/.") { entries.skipDescendants(); continue }
            guard entry.hasSuffix(".xcodeproj/project.pbxproj"),
                let data = FileManager.default.contents(atPath: "\(repositoryRoot)/\(entry)"), data.count < 64 << 20
            else { continue }
            if String(decoding: data, as: UTF8.self).contains("SWIFT_VERSION = 6") { return "v6" }
        }
        return "v5"
    }
}
