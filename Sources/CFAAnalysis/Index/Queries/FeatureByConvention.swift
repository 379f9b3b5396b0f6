/// Which types are Features: a name matching a configured Feature pattern (default `*Feature`, and
/// `*Manager` under a Features folder), or a type declared in a Features folder. Being stored on AppModel
/// is not enough — a `ThemeManager` there is reported by the shape rule instead of being held to a
/// Feature's promises. The index assigns the `.feature` role with this same test.
enum FeatureByConvention {
    /// `file` is where the type is declared, when the project declares it.
    static func isFeature(named name: String, declaredIn file: String?, _ configuration: AnalysisConfiguration) -> Bool {
        if matchesPattern(name, declaredIn: file, configuration) { return true }
        guard let file else { return false }
        return FolderName.path(file, containsAnyOf: configuration.folders.features)
    }

    static func isFeature(_ entry: CodebaseIndex.Entry, in index: CodebaseIndex) -> Bool {
        entry.role == .feature
    }

    /// A type named in `typeText` that is a Feature by convention: `OrdersFeature`, `OrdersFeature?`.
    static func featureName(inTypeText typeText: String?, _ index: CodebaseIndex) -> String? {
        guard let name = TypeText.singleName(typeText) else { return nil }
        return isFeature(named: name, declaredIn: index.entry(named: name)?.file, index.configuration) ? name : nil
    }

    /// Only the configured name patterns, without the folder fallback: `OrdersFeature`, `SyncManager` in `Features/`.
    static func matchesPattern(_ name: String, declaredIn file: String?, _ configuration: AnalysisConfiguration) -> Bool {
        configuration.features.contains { $0.matches(typeName: name, path: file ?? "") }
    }
}
