/// Item 4: the environment carries presentation dependencies (a theme, a formatter, `dismiss`). AppModel
/// and Features never travel through it: a View that reads them from the environment bypasses its
/// ViewModel, and a missing injection crashes at run time instead of failing to compile.
struct EnvironmentRule: Rule {
    static let id = "CFA-ENVIRONMENT"
    let descriptor = RuleDescriptor(
        id: id, item: 4,
        summary: "AppModel and Features never go through the SwiftUI environment",
        help: """
            Reported: `.environment(…)` or `.environmentObject(…)` given the AppModel or a Feature \
            (`.environment(AppModel.shared)`, `.environment(ordersFeature)`, `.environment(\\.appModel, …)`); \
            `@Environment(XFeature.self)`, `@Environment(AppModel.self)` or an `@Environment(\\.key)` property of such a type; an \
            environment value (`EnvironmentValues` member or `EnvironmentKey` default) of such a type; and every \
            `@EnvironmentObject`. Presentation managers such as `ThemeManager` are fine; tests and previews are excepted. Fix: a \
            screen's ViewModel takes the Features it needs as initialiser parameters defaulted from `AppModel.shared`; read \
            presentation dependencies with `@Environment(ThemeManager.self)`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let models = ModelNames(index)
        var findings: [Finding] = []
        for file in index.files where !index.isTestFile(file.path) {
            let types = file.types.filter { !$0.isPreviewOnly }
            for scope in types.map(\.scope) + [file.fileScope] {
                for call in scope.calls where !call.inPreview && (call.shape.name == "environment" || call.shape.name == "environmentObject") {
                    guard let argument = call.shape.arguments.first(where: { models.named($0) != nil }), let named = models.named(argument) else { continue }
                    findings.append(descriptor.finding(
                        file.path, Self.modifierLocation(of: call, argument: argument, in: scope),
                        "`.\(call.shape.name)(\(call.shape.arguments.joined(separator: ", ")))` puts \(named) into the environment; "
                            + "a screen's ViewModel takes the Features it needs as initialiser parameters defaulted from `AppModel.shared`"))
                }
            }
            for type in types {
                let declaresValues = Self.simpleName(type.name) == "EnvironmentValues" || type.inherits("EnvironmentKey")
                for property in type.properties {
                    if let message = message(for: property, in: type, declaresValues: declaresValues, models) {
                        findings.append(descriptor.finding(file.path, property.location, message))
                    }
                }
            }
        }
        return findings
    }

    private func message(for property: PropertyFact, in type: TypeFacts, declaresValues: Bool, _ models: ModelNames) -> String? {
        let holder = "\(Self.simpleName(type.name)).\(property.name)"
        if property.hasAttribute("EnvironmentObject") {
            let named = property.typeText.flatMap(models.named)
            let what = named.map { "\($0), which never comes through the environment" } ?? "an ObservableObject"
            return "\(holder) is an @EnvironmentObject holding \(what); "
                + (named == nil
                    ? "make the type @Observable and read it with `@Environment(Type.self)`"
                    : "let the screen's ViewModel take the Feature as an initialiser parameter defaulted from `AppModel.shared`")
        }
        if let environment = property.attributes.first(where: { $0.name == "Environment" }),
            let named = environment.arguments.flatMap(models.named) ?? property.typeText.flatMap(models.named)
        {
            return "\(holder) reads \(named) from the environment (`@Environment(\(environment.arguments ?? ""))`); "
                + "let the screen's ViewModel take it as an initialiser parameter defaulted from `AppModel.shared`"
        }
        if declaresValues, let named = (property.typeText ?? property.initializer?.text).flatMap(models.named) {
            return "\(holder) declares an environment value holding \(named); AppModel and Features never go through the environment — remove it"
        }
        return nil
    }

    /// A modifier call starts where the view it modifies starts, often lines earlier. The modifier's name and
    /// its argument are kept as references at their exact places: the finding goes to the argument's first
    /// name after the modifier's name.
    private static func modifierLocation(of call: CallFact, argument: String, in scope: ScopeFacts) -> SourceLocation {
        guard let argumentName = TypeText.names(in: argument).first else { return call.location }
        let following = scope.references.filter { $0.member == call.member && $0.location >= call.location }.sorted { $0.location < $1.location }
        guard let modifier = following.firstIndex(where: { $0.name == call.shape.name }) else { return call.location }
        return following[modifier...].first { $0.name == argumentName }?.location ?? call.location
    }

    private static func simpleName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    /// Recognises the AppModel and Features in expressions and annotations by the names they use:
    /// the types, AppModel's Feature properties, `feature`, and variables named after the types (`appModel`,
    /// `ordersFeature`, `habitsManager` for a `HabitsManager` Feature). A `ThemeManager` that is not a Feature
    /// stays out, and so does a flag like `\.showsNewFeature`.
    private struct ModelNames {
        let features: Set<String>
        let appModelProperties: Set<String>

        init(_ index: CodebaseIndex) {
            features = index.featureNames
            let features = features
            appModelProperties = Set(
                (index.appModel?.storedProperties ?? []).filter { features.contains(TypeText.singleName($0.typeText) ?? "") }.map(\.name))
        }

        /// The Feature a text names (`AppModel.shared.ordersFeature` names `ordersFeature`), else the AppModel.
        func named(_ text: String) -> String? {
            let names = TypeText.names(in: text)
            for name in names {
                if features.contains(name) { return "the Feature \(name)" }
                let capitalised = name.prefix(1).uppercased() + name.dropFirst()
                if appModelProperties.contains(name) || name == "feature" || features.contains(capitalised) {
                    return "the Feature `\(name)`"
                }
            }
            return names.contains { $0 == "AppModel" || $0 == "appModel" } ? "the AppModel" : nil
        }
    }
}

extension EnvironmentRule {
    static let reference = """
        The environment carries presentation dependencies only; AppModel and Features never travel through it, \
        because a View reading them from the environment bypasses its ViewModel and a missing injection crashes at \
        run time instead of failing to compile. **Reported:** `.environment(…)` or `.environmentObject(…)` given the \
        AppModel or a Feature (`.environment(AppModel.shared)`, `.environment(AppModel.shared.ordersFeature)`, \
        `.environment(ordersFeature)`, `.environment(\\.appModel, …)`), reported at the offending argument's line \
        rather than where the modified view begins; `@Environment(XFeature.self)`, `@Environment(AppModel.self)`, or \
        `@Environment(\\.key)` whose key or type names them; an environment value declared for them (an \
        `EnvironmentValues` member such as `@Entry var appModel: AppModel`, or an `EnvironmentKey` whose \
        `defaultValue` is one); and every `@EnvironmentObject`, whatever it holds. A Feature is recognised by its \
        type name, by an AppModel property holding it, by the name `feature`, or by a variable named after its type \
        (`ordersFeature`, `habitsManager` for a `HabitsManager` Feature). **Not reported:** presentation managers \
        that are not Features (`.environment(ThemeManager())`, `@Environment(ThemeManager.self)`), system values \
        (`\\.dismiss`, `\\.locale`), flags whose names merely contain "Feature" (`\\.showsNewFeature`); test files \
        and `#Preview`/`#if DEBUG` code. Decision where the catalogue is silent: `.environmentObject(x)` is reported \
        only when `x` is the AppModel or a Feature (the catalogue names `@EnvironmentObject`, the reading side, \
        without qualification, which is reported always). **Fix:** a screen's ViewModel takes the Features it needs \
        as initialiser parameters defaulted from `AppModel.shared`; make presentation managers `@Observable` and read \
        them with `@Environment(ThemeManager.self)`.
        """

    static let examples: [RuleExample] = [
        // A Feature injected into the environment, and read back from it.
        RuleExample(
            RuleExample.File(
                "App/OrdersApp.swift",
                """
                import SwiftUI

                struct OrdersApp: App {
                    init() {
                        AppModel.shared.applicationDidFinishLaunching()
                    }

                    var body: some Scene {
                        WindowGroup {
                            RootTabView()
                                .environment(↓AppModel.shared.ordersFeature)
                        }
                    }
                }
                """),
            RuleExample.File(
                "App/1 - View/Components/OrderCount.swift",
                """
                import SwiftUI

                struct OrderCount: View {
                    @Environment(OrdersFeature.self) private var ↓ordersFeature

                    var body: some View {
                        Text("\\(ordersFeature.orders.count)")
                    }
                }
                """)),
        // Presentation managers and system values travel through the environment.
        RuleExample(
            RuleExample.File(
                "App/OrdersApp.swift",
                """
                import SwiftUI

                struct OrdersApp: App {
                    @State private var themeManager = ThemeManager()

                    init() {
                        AppModel.shared.applicationDidFinishLaunching()
                    }

                    var body: some Scene {
                        WindowGroup {
                            RootTabView()
                                .environment(themeManager)
                        }
                    }
                }
                """),
            RuleExample.File(
                "App/1 - View/Theme/ThemeManager.swift",
                """
                import SwiftUI

                @MainActor @Observable
                final class ThemeManager {
                    var accent: Color = .orange
                }
                """),
            RuleExample.File(
                "App/1 - View/Components/OrderRow.swift",
                """
                import SwiftUI

                struct OrderRow: View {
                    @Environment(ThemeManager.self) private var themeManager
                    @Environment(\\.locale) private var locale
                    let name: String

                    var body: some View {
                        Text(name).foregroundStyle(themeManager.accent)
                    }
                }

                #Preview {
                    OrderRow(name: "Tea").environment(AppModel.shared.ordersFeature).environment(ThemeManager())
                }
                """)),
        // `@EnvironmentObject` is reported whatever it holds.
        RuleExample(
            "App/1 - View/Components/OrderBadge.swift",
            """
            import SwiftUI

            struct OrderBadge: View {
                @EnvironmentObject private var ↓settings: BadgeSettings

                var body: some View {
                    Text(settings.title)
                }
            }
            """),
    ]
}
