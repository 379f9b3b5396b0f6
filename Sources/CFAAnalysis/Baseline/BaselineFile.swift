import Foundation

/// Where the baseline of an analysed folder lives, and reading it from the working tree.
///
/// The baseline sits beside the `.cfa-gate.json` that applies (`.cfa-gate-baseline.json`, or the file its
/// `"baseline"` key names, relative to it); without a `.cfa-gate.json`, in the analysed folder.
public enum BaselineFile {
    public struct Location: Sendable, Equatable {
        /// Repository-relative.
        public var path: String
        /// Named by `.cfa-gate.json`, which makes it required; the default file is used only when present.
        public var isConfigured: Bool

        init(path: String, isConfigured: Bool) {
            self.path = path
            self.isConfigured = isConfigured
        }
    }

    /// Works on paths alone, so the same answer serves a working tree and a revision read from git objects.
    /// - Parameter configurationFolder: the folder of the `.cfa-gate.json` in use ("" or "Sub/"), nil when there is none.
    public static func location(
        configuration: AnalysisConfiguration, configurationFolder: String?, scope: String
    ) throws(BaselineError) -> Location {
        let analyzed = scope.isEmpty || scope == "." ? "" : scope + "/"
        let folder = configurationFolder ?? analyzed
        guard let named = configuration.baseline else {
            return Location(path: folder + Baseline.defaultFileName, isConfigured: false)
        }
        var components: [Substring] = []
        for component in (folder + named).split(separator: "/") where component != "." {
            if component == ".." {
                guard components.popLast() != nil else {
                    throw .outsideRepository(path: named, configuration: folder + AnalysisConfiguration.fileName)
                }
            } else {
                components.append(component)
            }
        }
        guard !named.hasPrefix("/"), !components.isEmpty else {
            throw .outsideRepository(path: named, configuration: folder + AnalysisConfiguration.fileName)
        }
        return Location(path: components.joined(separator: "/"), isConfigured: true)
    }

    /// The working tree's baseline for `scope`; nil when none is configured and the default file is absent.
    public static func load(
        repositoryRoot: String, scope: String, configuration: AnalysisConfiguration
    ) throws(BaselineError) -> Baseline? {
        let location = try location(
            configuration: configuration, configurationFolder: ConfigurationFile.folder(repositoryRoot: repositoryRoot, scope: scope),
            scope: scope)
        let absolute = "\(repositoryRoot)/\(location.path)"
        guard FileManager.default.fileExists(atPath: absolute) else {
            if location.isConfigured { throw .missing(path: location.path) }
            return nil
        }
        guard let data = FileManager.default.contents(atPath: absolute) else { throw .unreadable(path: location.path) }
        return try Baseline.parse(data, path: location.path)
    }
}
