/// Item 12: calls travel from View to ViewModel to Feature to repository. A Feature that talks to
/// `UserDefaults`, the file system, the network or SwiftData itself has no repository a test can replace.
/// A warning: CFA apps, the official template among them, still keep small preferences in a Feature.
struct FeatureDirectSystemRule: Rule {
    static let id = "CFA-FEATURE-DIRECT-SYSTEM"
    let descriptor = RuleDescriptor(
        id: id, item: 12, defaultSeverity: .warning,
        summary: "Features reach UserDefaults, FileManager, URLSession and ModelContext through a repository",
        help: """
            Reported (warning), once per Feature and API at its first use: a Feature that names `UserDefaults`, `FileManager`, \
            `URLSession` or `ModelContext` (a property or parameter of that type, `UserDefaults.standard`, `.default` as the \
            default of such a parameter); the message says when an initializer defaults it to a system singleton. A Feature \
            storing or creating a `ModelContext` is CFA-REPO-MODELACTOR's finding instead. Fix: put the access behind a \
            repository protocol in domain language, implemented in the storage layer and built by `AppModel.live()`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        var findings: [Finding] = []
        for feature in index.entries(with: .feature) {
            let modelActorRuleReports = Self.holdsModelContext(feature)
            var reported: Set<String> = []
            let uses = ForbiddenNames.uses(in: feature) { SystemStorage.api(named: $0).map { [$0] } ?? [] }
                .sorted { ($0.file, $0.location) < ($1.file, $1.location) }
            for use in uses where reported.insert(use.what).inserted && !(use.what == "ModelContext" && modelActorRuleReports) {
                let defaulted = feature.functions.filter { $0.name == "init" }.flatMap(\.parameters).first { parameter in
                    SystemStorage.api(inTypeText: parameter.typeText) == use.what && parameter.defaultValue != nil
                }
                let suffix = defaulted.map { " and defaults `\($0.name)` to `\($0.defaultValue ?? "")`" } ?? ""
                findings.append(descriptor.finding(
                    use.file, use.location,
                    "\(feature.name) talks to \(use.what) itself\(suffix); calls travel from Feature to repository "
                        + "— put this behind a repository protocol that AppModel.live() builds"))
            }
        }
        return findings
    }

    /// A stored or created `ModelContext`, or `mainContext`: CFA-REPO-MODELACTOR reports those.
    private static func holdsModelContext(_ feature: CodebaseIndex.Entry) -> Bool {
        feature.storedProperties.contains { SystemStorage.api(inTypeText: $0.typeText) == "ModelContext" }
            || feature.parts.contains { part in
                part.facts.scope.calls.contains { $0.shape.name == "ModelContext" }
                    || part.facts.scope.references.contains { $0.name.hasSuffix("mainContext") }
            }
    }
}

extension FeatureDirectSystemRule {
    static let reference = """
        "Calls travel from View to ViewModel to Feature to Repository" (Reference 3, Layers), and `live()` "builds \
        every repository and Feature" (Reference 4, AppModel): the outside world sits behind a repository protocol, \
        so a test can replace it. A Feature that reads `UserDefaults`, the file system, the network or SwiftData \
        itself skips that layer. Warning, not error: CFA apps and the official template still keep a small \
        preference in a Feature (`defaults: UserDefaults = .standard`); the pages' route decides, the older \
        material shows it is a judgement worth a look. **Reported:** once per Feature and API, at its first use \
        (file and line order, extensions included): a Feature naming `UserDefaults`, `FileManager`, `URLSession` \
        or `ModelContext` — a stored property or parameter of that type, a call such as \
        `UserDefaults.standard.bool(forKey:)`, `modelContext` — the message adding when an initializer defaults \
        the parameter to a system singleton (`= .standard`). **Not reported:** a Feature that stores or creates a \
        `ModelContext` or uses `mainContext` (CFA-REPO-MODELACTOR reports that as an error, once); repositories, \
        the storage layer's own business; Views (CFA-VIEW-DECLARATIVE) and ViewModels; names in strings and \
        comments; preview-only code. **Fix:** a repository protocol in domain language (`protocol \
        SettingsRepository { func theme() -> Theme }`) implemented in the storage layer (`UserDefaultsSettingsRepository`) \
        and built by `AppModel.live()`.
        """

    static let examples: [RuleExample] = [
        // A Feature keeping a preference itself, defaulted to the system's store.
        RuleExample(
            "App/2 - AppModel/Features/SettingsFeature.swift",
            """
            import Foundation
            import Observation

            @MainActor @Observable
            final class SettingsFeature {
                private(set) var showsPrices = false
                private let defaults: ↓UserDefaults

                init(defaults: UserDefaults = .standard) {
                    self.defaults = defaults
                    showsPrices = defaults.bool(forKey: "showsPrices")
                }

                func setShowsPrices(_ value: Bool) {
                    showsPrices = value
                    defaults.set(value, forKey: "showsPrices")
                }
            }
            """),
        // The same preference behind a repository.
        RuleExample(
            "App/2 - AppModel/Features/SettingsFeature.swift",
            """
            import Observation

            protocol SettingsRepository: Sendable {
                func showsPrices() -> Bool
                func setShowsPrices(_ value: Bool)
            }

            @MainActor @Observable
            final class SettingsFeature {
                private(set) var showsPrices = false
                private let repository: any SettingsRepository

                init(repository: any SettingsRepository) {
                    self.repository = repository
                    showsPrices = repository.showsPrices()
                }
            }
            """),
    ]
}
