/// Which types are Features. The index decides once (`Role.feature`: a class or actor named by a configured
/// Feature pattern, a class AppModel stores outside the View layer, or an `@Observable`/`@MainActor` class in a
/// Features folder); the rules read that role. Only for a type the analysed files do not declare does the
/// name pattern stand in. Being stored on AppModel is not enough for a `ThemeManager` declared in the View
/// layer — the shape rule reports it instead of holding it to a Feature's promises.
enum FeatureByConvention {
    static func isFeature(_ entry: CodebaseIndex.Entry, in index: CodebaseIndex) -> Bool {
        entry.role == .feature
    }

    /// A Feature named in `typeText`: `OrdersFeature`, `OrdersFeature?`.
    static func featureName(inTypeText typeText: String?, _ index: CodebaseIndex) -> String? {
        guard let name = TypeText.singleName(typeText) else { return nil }
        if let entry = index.entry(named: name), entry.declaration.kind != .extension { return entry.role == .feature ? name : nil }
        return matchesPattern(name, declaredIn: nil, index.configuration) ? name : nil
    }

    /// Only the configured name patterns: `OrdersFeature`, `SyncManager` in `Features/`.
    static func matchesPattern(_ name: String, declaredIn file: String?, _ configuration: AnalysisConfiguration) -> Bool {
        configuration.features.contains { $0.matches(typeName: name, path: file ?? "") }
    }
}
