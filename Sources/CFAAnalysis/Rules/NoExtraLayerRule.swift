/// Item 12: a CFA app has Views, ViewModels, Features, repositories and one AppModel. A coordinator, interactor,
/// router, presenter or use case is a layer CFA does not define, between those it does. Names are a hint,
/// not proof, so this is a warning.
struct NoExtraLayerRule: Rule {
    static let id = "CFA-NO-EXTRA-LAYER"
    let descriptor = RuleDescriptor(
        id: id, item: 12, defaultSeverity: .warning,
        summary: "No layer CFA does not define: no …Coordinator, …Interactor, …Router, …Presenter or …UseCase types",
        help: """
            Reported (warning) at the declaration: a top-level class, struct, actor or protocol outside tests whose name ends \
            in `Coordinator`, `Interactor`, `Router`, `Presenter` or `UseCase`. SwiftUI's representable coordinators (nested \
            types, `NSObject` subclasses, delegate conformers, types a `makeCoordinator()` returns) and enums are not \
            reported. Fix: give the work to the layer CFA defines for it — navigation state to the screen's ViewModel, \
            business rules to a Feature, outside access to a repository.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    static let suffixes = ["Coordinator", "Interactor", "Router", "Presenter", "UseCase"]

    func check(_ index: CodebaseIndex) -> [Finding] {
        let madeCoordinators = Set(
            index.allEntries.flatMap(\.functions).filter { $0.name == "makeCoordinator" }.compactMap { TypeText.singleName($0.returnType) })
        var findings: [Finding] = []
        for entry in index.allEntries where entry.role != .test && !entry.declaration.isPreviewOnly && entry.declaration.enclosing.isEmpty {
            let kind = entry.declaration.kind
            guard kind == .class || kind == .struct || kind == .actor || kind == .protocol,
                let suffix = Self.suffixes.first(where: { entry.name.hasSuffix($0) }),
                !madeCoordinators.contains(entry.name), !Self.isPlatformAdapter(entry)
            else { continue }
            findings.append(descriptor.finding(
                entry.file, entry.location,
                "\(entry.name) looks like a \(suffix.lowercased()) layer, which CFA does not define; give its work to the layer that "
                    + "owns it — navigation state to the screen's ViewModel, business rules to a Feature, outside access to a repository"))
        }
        return findings
    }

    /// A type that adapts a UIKit/AppKit API — an `NSObject` subclass or a delegate or data-source conformer —
    /// as SwiftUI's `UIViewRepresentable` coordinators do.
    private static func isPlatformAdapter(_ entry: CodebaseIndex.Entry) -> Bool {
        entry.inheritedTypes.contains { type in
            let name = TypeText.names(in: type).last ?? type
            return name == "NSObject" || name.hasSuffix("Delegate") || name.hasSuffix("DataSource")
        }
    }
}

extension NoExtraLayerRule {
    static let reference = """
        CFA's layers are the View, its ViewModel, the Feature, the repository and the AppModel that wires them; \
        "Adding a layer, such as a coordinator or interactor, that CFA does not define" is one of the common \
        mistakes (Reference 3, Layers). Warning, not error: a name is a hint, not proof — the reviewer decides \
        whether the type is a layer. **Reported:** at the declaration, a top-level class, struct, actor or \
        protocol outside test files whose name ends in `Coordinator`, `Interactor`, `Router`, `Presenter` or \
        `UseCase` (`AppCoordinator`, `OrdersInteractor`, `NavigationRouter`, `PlaceOrderUseCase`). **Not \
        reported:** SwiftUI's own coordinator pattern — a type nested in a representable (`final class \
        Coordinator: NSObject, UITextFieldDelegate`), a top-level `NSObject` subclass or `…Delegate` / \
        `…DataSource` conformer, and any type a `makeCoordinator()` returns; enums (a `Router` enum of URL routes \
        is data); extensions of such types (the declaration is the one finding); preview-only code; tests. \
        **Fix:** give the work to the layer CFA defines for it — navigation state to the screen's ViewModel, \
        business rules and their state to a Feature, outside access to a repository.
        """

    static let examples: [RuleExample] = [
        // A coordinator between the screens and the Features.
        RuleExample(
            "App/2 - AppModel/OrdersCoordinator.swift",
            """
            import Observation

            ↓@MainActor @Observable
            final class OrdersCoordinator {
                var path: [Order] = []
            }
            """),
        // SwiftUI's representable coordinator adapts a UIKit delegate; it is no layer.
        RuleExample(
            "App/1 - View/Components/OrderNameField.swift",
            """
            import SwiftUI
            import UIKit

            struct OrderNameField: UIViewRepresentable {
                @Binding var text: String

                func makeCoordinator() -> Coordinator { Coordinator(text: $text) }
                func makeUIView(context: Context) -> UITextField { UITextField() }
                func updateUIView(_ field: UITextField, context: Context) { field.text = text }

                final class Coordinator: NSObject, UITextFieldDelegate {
                    @Binding var text: String
                    init(text: Binding<String>) { _text = text }
                }
            }
            """),
    ]
}
