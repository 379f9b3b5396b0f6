/// Which types are Features for the rules that must not mistake a presentation manager for one.
///
/// The index makes every type stored on `AppModel` a Feature, so that a Feature with an unusual name is
/// still found. Items 13, 14, 15 and 18 need the stricter answer: a type is a Feature when its name matches
/// a configured Feature pattern (default `*Feature`, and `*Manager` under a Features folder) or it is
/// declared in a Features folder. A `ThemeManager` stored on AppModel outside a Features folder is then
/// reported by the shape rule instead of being held to a Feature's promises.
enum FeatureByConvention {
    /// `file` is where the type is declared, when the project declares it.
    static func isFeature(named name: String, declaredIn file: String?, _ configuration: AnalysisConfiguration) -> Bool {
        if matchesPattern(name, declaredIn: file, configuration) { return true }
        guard let file else { return false }
        return FolderName.path(file, containsAnyOf: configuration.folders.features)
    }

    static func isFeature(_ entry: CodebaseIndex.Entry, in index: CodebaseIndex) -> Bool {
        entry.role == .feature && isFeature(named: entry.name, declaredIn: entry.file, index.configuration)
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
