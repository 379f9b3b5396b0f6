/// Item 7: wherever a Feature is held or passed in, its name says so (`habitsFeature`, or just `feature`),
/// so a reader sees at a glance which dependencies are Features.
struct FeatureNamingRule: Rule {
    static let id = "CFA-FEATURE-NAMING"
    let descriptor = RuleDescriptor(
        id: id, item: 7,
        summary: "Properties and initialiser labels/parameters of Feature type are named `…Feature` (or `feature`)",
        help: """
            Reported: a property of Feature type on AppModel, a ViewModel or a Feature, and an initialiser label or parameter \
            name of Feature type in those types, whose name neither ends in `Feature` nor is exactly `feature` (`let habits: \
            HabitsFeature`, `init(store: HabitsFeature)`). Fix: rename it after the Feature, e.g. `let habitsFeature: \
            HabitsFeature`, `init(habitsFeature: HabitsFeature = AppModel.shared.habitsFeature)`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// The types that hold Feature dependencies in CFA: AppModel, ViewModels and Features. Views holding a
    /// Feature are CFA-VIEW-INIT-CLEAN's and CFA-VIEW-NO-MODEL-ACCESS's business, not a naming question.
    /// Features are told by convention (`FeatureByConvention`), so a `ThemeManager` wrongly stored on AppModel
    /// is CFA-APPMODEL-SHAPE's finding, not a misnamed Feature.

    func check(_ index: CodebaseIndex) -> [Finding] {
        let features = Set(index.entries(with: .feature).filter { FeatureByConvention.isFeature($0, in: index) }.map(\.name))
        var findings: [Finding] = []
        for holder in index.allEntries where holder.role == .appModel || holder.role == .viewModel || features.contains(holder.name) {
            // Misnamed properties by name, with their finding: an initializer parameter that fills one is the same
            // defect (`let weightLog: WeightLogManager` set from `init(weightLog:)`), renamed with it.
            var misnamed: [String: (feature: String, finding: Int)] = [:]
            for part in holder.parts where !part.facts.isPreviewOnly {
                for property in part.facts.properties
                where !property.isStatic && !part.facts.scope.isDebugOnly(member: property.name, line: property.location.line) {
                    guard let feature = Self.featureType(of: property, features: features), !Self.isFeatureName(property.name) else { continue }
                    if misnamed[property.name] == nil { misnamed[property.name] = (feature, findings.count) }
                    findings.append(descriptor.finding(
                        part.file, property.location,
                        "\(holder.name).\(property.name) holds a \(feature) but its name does not end in `Feature`; "
                            + "rename it `\(Self.suggestedName(for: feature))`"))
                }
            }
            for part in holder.parts where !part.facts.isPreviewOnly {
                for initializer in part.facts.initializers {
                    for parameter in initializer.parameters {
                        guard let feature = TypeText.singleName(parameter.typeText), features.contains(feature),
                            !part.facts.scope.isDebugOnly(member: "init", line: parameter.location.line)
                        else { continue }
                        let badNames = [parameter.label, parameter.name].compactMap { $0 }.filter { !Self.isFeatureName($0) }
                        guard !badNames.isEmpty else { continue }
                        let described = Self.unique(badNames).map { "`\($0)`" }.joined(separator: " and ")
                        if let property = misnamed[parameter.name], property.feature == feature {
                            findings[property.finding].related.append(RelatedLocation(
                                part.file, parameter.location, "\(holder.name).init takes it as \(described)"))
                            continue
                        }
                        findings.append(descriptor.finding(
                            part.file, parameter.location,
                            "\(holder.name).init takes a \(feature) as \(described), which does not end in `Feature`; "
                                + "write `\(Self.suggestedName(for: feature)): \(feature)`"))
                    }
                }
            }
        }
        return findings
    }

    static func isFeatureName(_ name: String) -> Bool { name == "feature" || name.hasSuffix("Feature") }

    /// The Feature a property holds: from its annotation, or from the call that initialises it.
    private static func featureType(of property: PropertyFact, features: Set<String>) -> String? {
        let name = property.typeText == nil ? property.initializer?.call?.name : TypeText.singleName(property.typeText)
        guard let name, features.contains(name) else { return nil }
        return name
    }

    /// `HabitsFeature` → `habitsFeature`; a legacy `HabitsManager` → `habitsFeature`; `URLCacheFeature` → `urlCacheFeature`.
    private static func suggestedName(for feature: String) -> String {
        var stem = Substring(feature)
        for suffix in ["Feature", "Manager"] where stem.hasSuffix(suffix) && stem.count > suffix.count {
            stem = stem.dropLast(suffix.count)
            break
        }
        // Lower the leading capitals, but keep the one that starts the next word (`URLCache` → `urlCache`).
        let capitals = stem.prefix { $0.isUppercase }.count
        let lowered = capitals == stem.count || capitals <= 1 ? capitals : capitals - 1
        return stem.prefix(max(lowered, 1)).lowercased() + stem.dropFirst(max(lowered, 1)) + "Feature"
    }

    private static func unique(_ names: [String]) -> [String] {
        names.reduce(into: []) { kept, name in if !kept.contains(name) { kept.append(name) } }
    }
}

extension FeatureNamingRule {
    static let reference = """
        Wherever a Feature is held or handed in, its name says it is a Feature, so a reader sees at a glance which \
        dependencies are Features. **Reported:** a property whose type is a Feature (from its annotation, or from \
        the `XFeature(…)` call that initialises it) on `AppModel`, on a ViewModel or on a Feature, when its name \
        neither ends in `Feature` nor is exactly `feature` (`let orders: OrdersFeature`, `private let store = \
        OrdersFeature(…)`); an initialiser parameter of Feature type in those types whose label or parameter name \
        fails the same test (`init(orders ordersFeature: OrdersFeature)`, `init(ordersFeature store: \
        OrdersFeature)`), reported once per parameter at the parameter — except a parameter named like a misnamed \
        property of the same Feature type (`let orders: OrdersFeature` set from `init(orders: OrdersFeature)`): one \
        defect, renamed together, so the parameter is a related location of the property's finding. The message proposes the name \
        (`HabitsFeature` → `habitsFeature`, a legacy `HabitsManager` → `habitsFeature`, `URLCacheFeature` → \
        `urlCacheFeature`). **Not reported:** an unlabelled parameter (`init(_ ordersFeature: …)`) is judged by its \
        name only; type names themselves are not checked (older apps' `XManager` Features under a Features folder \
        keep their type name); Views holding a Feature (that is CFA-VIEW-INIT-CLEAN / CFA-VIEW-NO-MODEL-ACCESS); \
        parameters of plain methods; test files, `#Preview` code, and `#if DEBUG` members and extensions. A type \
        counts as a Feature by the index's one definition (a class or actor matching the configured Feature pattern, \
        a class AppModel stores outside the View layer, or an `@Observable` class in a Features folder); the domain \
        values kept beside a Feature (`Repo`, `[Repo]`, `AppColourTheme`) are not, and a `ThemeManager` declared in \
        the View layer that AppModel wrongly stores is CFA-APPMODEL-SHAPE's finding, not a misnamed Feature. \
        **Fix:** name it after the Feature: `let habitsFeature: HabitsFeature`, `init(habitsFeature: HabitsFeature = \
        AppModel.shared.habitsFeature)`.
        """

    static let examples: [RuleExample] = [
        // AppModel holds its Feature under a name that hides what it is; the initializer parameter filling it is related.
        RuleExample(
            .compliant(
                CompliantApp.appModelPath,
                replacing: [
                    "    let ordersFeature: OrdersFeature": "    let ↓orders: OrdersFeature",
                    "init(ordersFeature: OrdersFeature)": "init(orders: OrdersFeature)",
                    "self.ordersFeature = ordersFeature": "self.orders = orders",
                    "AppModel(ordersFeature:": "AppModel(orders:",
                    "        ordersFeature.startLoading()": "        orders.startLoading()",
                ])),
        // `feature` is a Feature's name too.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel.swift",
            """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                private let feature: OrdersFeature

                init(feature: OrdersFeature = AppModel.shared.ordersFeature) {
                    self.feature = feature
                }

                var orders: [Order] { feature.orders }
            }
            """),
    ]
}
