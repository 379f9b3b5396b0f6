/// Item 18: every Feature and ViewModel class says `@MainActor @Observable` on its own declaration, so the
/// state screens observe is main-actor isolated and observed — not by inference from a superclass or an
/// extension, and not by a reviewer's memory.
struct IsolationRule: Rule {
    static let id = "CFA-ISOLATION"
    let descriptor = RuleDescriptor(
        id: id, item: 18,
        summary: "Every Feature, ViewModel and AppModel class is declared `@MainActor @Observable`",
        help: """
            Reported at the declaration of a Feature, ViewModel or AppModel class that lacks `@MainActor`, `@Observable` or both, and at \
            a Feature or ViewModel declared as an `actor` (which can be neither). Features are the types matching a Feature \
            pattern (`*Feature`, `*Manager` under a Features folder) or declared in a Features folder; a presentation \
            manager such as `ThemeManager` elsewhere is not one. Structs and enums with these names are values, not \
            owners of observed state, and are not reported; nor are preview-only (`#if DEBUG`) and test types. Fix: declare \
            `@MainActor @Observable final class XFeature` / `XViewModel`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        var findings: [Finding] = []
        for entry in index.allEntries where !entry.declaration.isPreviewOnly {
            let kind: String
            if entry.role == .viewModel {
                kind = "ViewModel"
            } else if FeatureByConvention.isFeature(entry, in: index) {
                kind = "Feature"
            } else if entry.role == .appModel {
                // The catalogue's AppModel is `@MainActor @Observable final class AppModel` (Reference 4), whatever it stores.
                kind = "AppModel"
            } else {
                continue
            }
            let declaration = entry.declaration
            let wanted = "`@MainActor @Observable final class \(entry.name)`"
            switch declaration.kind {
            case .actor:
                findings.append(descriptor.finding(
                    entry.file, declaration.location,
                    "\(kind) \(entry.name) is an actor, so screens cannot observe it on the main actor; declare \(wanted)"))
            case .class:
                // Observation only means something where there is state to observe: a Feature serving static data
                // still needs `@MainActor` (Reference 1 asks for it explicitly), not `@Observable`.
                // An AppModel is observed only if it exposes mutable state: the template's, holding `let` Features and a
                // private launch Bool, has nothing a screen could watch.
                let observes = kind == "ViewModel" || (kind == "Feature" ? Self.storesMutableState(entry) : Self.exposesMutableState(entry))
                let missing = [("MainActor", "@MainActor"), ("Observable", "@Observable")]
                    .filter { $0.0 == "MainActor" || observes }
                    .filter { !Self.hasAttribute($0.0, declaration) }.map(\.1)
                guard !missing.isEmpty else { continue }
                let shape = observes ? wanted : "`@MainActor final class \(entry.name)`"
                findings.append(descriptor.finding(
                    entry.file, declaration.location,
                    "\(kind == "AppModel" ? kind : "\(kind) \(entry.name)") is missing \(missing.joined(separator: " and ")); declare \(shape)"))
            default:
                continue
            }
        }
        return findings
    }

    /// An instance `var` stored anywhere in the declaration: something screens could observe change.
    private static func storesMutableState(_ entry: CodebaseIndex.Entry) -> Bool {
        entry.storedProperties.contains { !$0.isLet }
    }

    /// An instance `var` others can read: something a screen could observe through the AppModel.
    private static func exposesMutableState(_ entry: CodebaseIndex.Entry) -> Bool {
        entry.storedProperties.contains { !$0.isLet && !$0.isPrivate }
    }

    /// `@MainActor` or a module-qualified `@_Concurrency.MainActor`, `@Observation.Observable`.
    private static func hasAttribute(_ name: String, _ type: TypeFacts) -> Bool {
        type.attributes.contains { $0.name == name || $0.name.hasSuffix(".\(name)") }
    }
}

extension IsolationRule {
    static let reference = """
        Every Feature and ViewModel class says `@MainActor @Observable` on its own declaration, so observed state is \
        main-actor isolated and observed by construction. **Reported:** at the declaration (which starts at its \
        attributes), a Feature or ViewModel class missing `@MainActor`, `@Observable` or both (one finding naming \
        what is missing; an attribute written only on an extension does not count), and a Feature or ViewModel \
        declared as an `actor`. Features are classes and actors matching a Feature pattern (`*Feature`, and \
        `*Manager` such as `SyncManager` under a Features folder), classes AppModel stores outside the View layer, \
        and `@Observable` classes in a Features folder; ViewModels are classes named `*ViewModel`, including ones \
        behind `#if canImport(SwiftUI)` and several in one folder. Module-qualified `@_Concurrency.MainActor` / \
        `@Observation.Observable` count. A Feature that stores no mutable state — no instance `var`, only \
        constants and computed or static data — is asked for `@MainActor` alone (Reference 1 asks for `@MainActor` \
        explicitly; observation only means something where there is state to observe). The `AppModel` class is asked for \
        `@MainActor` always, and for `@Observable` (Reference 4 declares both) when it has state a screen could \
        observe — an instance `var` that is not private; the CFA App template's `@MainActor final class AppModel`, \
        holding `let` Features and a private launch Bool, is not reported. **Not reported:** a \
        presentation manager such as `ThemeManager` outside a \
        Features folder, even when stored on AppModel; structs and enums with these names (`struct RowViewModel`, \
        `enum AppFeature`), which hold no observed state; preview-only (`#if DEBUG`) classes; test types. **Fix:** \
        declare `@MainActor @Observable final class XFeature` / `XViewModel`.
        """

    static let examples: [RuleExample] = [
        // A ViewModel without @MainActor.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel.swift",
            """
            import Observation

            ↓@Observable
            final class OrdersViewModel {
                private let ordersFeature: OrdersFeature

                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                    self.ordersFeature = ordersFeature
                }

                var orders: [Order] { ordersFeature.orders }
            }
            """),
        // A presentation manager outside the Features folder, and a row's value type named like a ViewModel.
        RuleExample(
            RuleExample.File(
                "App/1 - View/Theme/ThemeManager.swift",
                """
                import SwiftUI

                final class ThemeManager {
                    var accent: Color = .orange
                }
                """),
            RuleExample.File(
                "App/1 - View/Components/OrderRowViewModel.swift",
                """
                struct OrderRowViewModel {
                    let title: String
                }
                """)),
        // An AppModel exposing mutable state without `@Observable`.
        RuleExample(
            .compliant(
                CompliantApp.appModelPath,
                replacing: [
                    "@MainActor @Observable\nfinal class AppModel": "↓@MainActor\nfinal class AppModel",
                    "    private var hasLaunched = false": "    private(set) var hasLaunched = false",
                ])),
        // The template's AppModel: `let` Features and a private launch Bool, nothing to observe; `@MainActor` is enough.
        RuleExample(.compliant(CompliantApp.appModelPath, replacing: ["@MainActor @Observable\nfinal class AppModel": "@MainActor\nfinal class AppModel"])),
        // An AppModel without `@MainActor`.
        RuleExample(.compliant(CompliantApp.appModelPath, replacing: ["@MainActor @Observable\nfinal class AppModel": "↓@Observable\nfinal class AppModel"])),
        // A Feature without either attribute.
        RuleExample(
            .compliant(CompliantApp.featurePath, replacing: ["@MainActor @Observable\nfinal class": "↓final class"])),
        // A Feature serving static data stores nothing to observe: `@MainActor` is enough.
        RuleExample(
            "App/2 - AppModel/Features/Glossary/GlossaryManager.swift",
            """
            @MainActor
            final class GlossaryManager {
                static let terms = ["Feature": "the one owner of a product area"]
                private let locale: String

                init(locale: String = "en") {
                    self.locale = locale
                }

                func definition(of term: String) -> String? { Self.terms[term] }
            }
            """),
        // A stateless Feature still needs `@MainActor`.
        RuleExample(
            "App/2 - AppModel/Features/Glossary/GlossaryManager.swift",
            """
            ↓final class GlossaryManager {
                func definition(of term: String) -> String? { nil }
            }
            """),
    ]
}
