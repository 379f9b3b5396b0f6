import Foundation

/// The package's test code, as `TestFrameworkShadowing` reads it: every Swift file under SwiftPM's `Tests/`, under
/// each test target's `path:`, and under the folders of the targets the test targets are built with (a `TestSupport`
/// target, and the app's own, where a public `XCTAssertEqual` would bind too), as the manifests' text declares them
/// (every `#if` branch). A manifest whose target paths the text cannot read makes it the whole package.
public enum TestCodeSources {
    /// Read from disk now, each file's text held: the gate calls this before any build, test or command of the change
    /// runs (as it takes the `cfa` items' snapshot), so code that rewrites a helper during the build and restores it
    /// afterwards cannot change what is judged. `packagePath` is relative to `repositoryRoot` ("" at its root).
    public static func read(repositoryRoot: String, packagePath: String) -> [SourceInput] {
        let packageFolder = packagePath.isEmpty ? repositoryRoot : "\(repositoryRoot)/\(packagePath)"
        var configuration = AnalysisConfiguration()
        configuration.include = folders(manifests: SourceDiscovery.manifests(inPackage: packageFolder))
        return SourceDiscovery.swiftFiles(repositoryRoot: repositoryRoot, scope: packagePath, configuration: configuration).map { input in
            guard input.unresolvedLink == nil, let text = Analyzer.text(of: input) else { return input }
            return .text(text, path: input.path, contentKey: input.contentKey)
        }
    }

    /// The package-relative folders of test code; `[""]` (the whole package) when a manifest cannot be read, or when there
    /// is none: the model build then compiles the app's files from anywhere in the repository (`ModelBuild`).
    static func folders(manifests: [String]?) -> [String] {
        guard let manifests, !manifests.isEmpty else { return [""] }
        var folders: Set<String> = ["Tests"]
        for manifest in manifests.map(PackageManifest.parse) {
            if manifest.hasComputedTargetPath { return [""] }
            let byName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            for test in manifest.targets where test.kind == "testTarget" {
                folders.insert(VendoredFolders.normalized(test.folder))
                for name in manifest.dependencies(ofTest: test.name) {
                    if let target = byName[name] { folders.insert(VendoredFolders.normalized(target.folder)) }
                }
            }
        }
        return folders.contains("") ? [""] : folders.sorted()
    }
}
