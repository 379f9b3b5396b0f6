import Foundation

/// Reads `.cfa-gate.json`, rejecting keys it does not know so that a typo is not silently ignored.
public enum ConfigurationFile {
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String)
        case invalid(path: String, reason: String)

        public var description: String {
            switch self {
            case .unreadable(let path): "\(path): cannot read the analyser configuration"
            case .invalid(let path, let reason): "\(path): \(reason) — see \(DocumentationLink.configuration)"
            }
        }
    }

    static let knownKeys: Set<String> = ["include", "exclude", "rootView", "features", "folders", "rules", "launch", "baseline", "modelBuild"]

    /// The configuration of the analysed folder: `.cfa-gate.json` in the scope (the package), else at the
    /// repository root, else the defaults.
    public static func load(repositoryRoot: String, scope: String = "") throws(LoadError) -> AnalysisConfiguration {
        guard let folder = folder(repositoryRoot: repositoryRoot, scope: scope) else { return AnalysisConfiguration() }
        let path = "\(repositoryRoot)/\(folder)\(AnalysisConfiguration.fileName)"
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        return try parse(data, path: folder + AnalysisConfiguration.fileName)
    }

    /// The repository-relative folder ("" or "Sub/Folder/") whose `.cfa-gate.json` applies to `scope`; nil when none does.
    public static func folder(repositoryRoot: String, scope: String = "") -> String? {
        candidatePaths(scope: scope).first { FileManager.default.fileExists(atPath: "\(repositoryRoot)/\($0)") }
            .map { String($0.dropLast(AnalysisConfiguration.fileName.count)) }
    }

    /// Repository-relative places the configuration of `scope` is looked for, the first found winning: the
    /// package's own `.cfa-gate.json`, then the one at the repository root. The gate's policy reader looks in
    /// the same places inside git objects.
    public static func candidatePaths(scope: String = "") -> [String] {
        let folders = scope.isEmpty || scope == "." ? [""] : [scope + "/", ""]
        return folders.map { $0 + AnalysisConfiguration.fileName }
    }

    /// Parses configuration text that did not come from the working tree (a policy file read from git
    /// objects); `path` is how an error names it.
    public static func parse(text: String, path: String) throws(LoadError) -> AnalysisConfiguration {
        try parse(Data(text.utf8), path: path)
    }

    static func parse(_ data: Data, path: String) throws(LoadError) -> AnalysisConfiguration {
        guard let object = try? JSONSerialization.jsonObject(with: data), let dictionary = object as? [String: Any] else {
            throw .invalid(path: path, reason: "not a JSON object")
        }
        if let unknown = dictionary.keys.filter({ !knownKeys.contains($0) }).sorted().first {
            throw .invalid(path: path, reason: "unknown key \"\(unknown)\" (known: \(knownKeys.sorted().joined(separator: ", ")))")
        }
        let configuration: AnalysisConfiguration
        do {
            configuration = try JSONDecoder().decode(AnalysisConfiguration.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw .invalid(path: path, reason: "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(_, context) {
            throw .invalid(path: path, reason: "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
        } catch {
            throw .invalid(path: path, reason: "\(error)")
        }
        for (index, exclusion) in configuration.modelBuild.exclude.enumerated()
        where exclusion.reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw .invalid(
                path: path,
                reason: "modelBuild.exclude[\(index)] (\"\(exclusion.path)\") has no \"reason\": say why the model build must leave it out, "
                    + "as in {\"path\": \"\(exclusion.path)\", \"reason\": \"uses an API Linux's Foundation lacks\"}")
        }
        let unknownRules = configuration.rules.keys.filter { RuleCatalog.descriptor(for: $0) == nil }.sorted()
        if let rule = unknownRules.first {
            throw .invalid(path: path, reason: "unknown rule id \"\(rule)\" in \"rules\"")
        }
        return configuration
    }
}
