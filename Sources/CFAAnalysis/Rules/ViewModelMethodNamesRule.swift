/// Item 19: a ViewModel's methods say what they do (`placeOrder()`, `refresh()`), not which UI event calls
/// them (`saveTapped()`, `onAppear()`): the View decides when, the ViewModel names the work, so the same
/// method serves a button, a shortcut and a test alike.
struct ViewModelMethodNamesRule: Rule {
    static let id = "CFA-VIEWMODEL-METHOD-NAMES"
    let descriptor = RuleDescriptor(
        id: id, item: 19,
        summary: "ViewModel methods name their work, not the UI event that triggers them",
        help: """
            Reported: a ViewModel method named `…Tapped`, `…Pressed`, `…Clicked`, `…Appeared`, `…Disappeared`, `onAppear`, \
            `onDisappear`, `viewDidLoad` or another UIKit appearance callback (`viewWillAppear`, `viewDidAppear`, \
            `viewWillDisappear`, `viewDidDisappear`). Fix: rename it after what it does (`placeOrder()`, `startLoading()`, \
            `refresh()`) and call it from the View's action or `.task`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// Names that end in one of these describe an event: `saveTapped`, `rowPressed`.
    static let eventSuffixes = ["Tapped", "Pressed", "Clicked", "Appeared", "Disappeared"]
    /// View lifecycle callbacks: the name says when, never what.
    static let lifecycleNames: Set<String> = [
        "onAppear", "onDisappear", "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
    ]

    static func namesAnEvent(_ name: String) -> Bool {
        if lifecycleNames.contains(name) { return true }
        // `tapped()` alone names nothing but the event, just like `saveTapped()`.
        return eventSuffixes.contains { name.hasSuffix($0) || name == $0.prefix(1).lowercased() + $0.dropFirst() }
    }

    func check(_ index: CodebaseIndex) -> [Finding] {
        index.entries(with: .viewModel).flatMap { viewModel in
            // Preview and `#if DEBUG` stand-ins are scaffolding, not the screen's ViewModel.
            viewModel.parts.filter { !$0.facts.isPreviewOnly }.flatMap { part in
                part.facts.methods.filter { Self.namesAnEvent($0.name) }.map { method in
                    descriptor.finding(
                        part.file, method.location,
                        "\(viewModel.name).\(method.name)() names the UI event, not its work; rename it after what it does "
                            + "(e.g. `\(Self.suggestion(for: method.name))`) and let the View call it from its action")
                }
            }
        }
    }

    /// A hint for the new name: `saveButtonTapped` usually saves; appearance callbacks usually start loading.
    static func suggestion(for name: String) -> String {
        guard let suffix = ["Tapped", "Pressed", "Clicked"].first(where: { name.hasSuffix($0) || name == $0.lowercased() }) else { return "startLoading()" }
        let stem = name.dropLast(suffix.count)
        let decoration = ["Button", "Row", "Cell", "Item"].first { stem.hasSuffix($0) && stem.count > $0.count }
        let work = decoration.map { stem.dropLast($0.count) } ?? stem
        return work.isEmpty ? "save()" : "\(work)()"
    }
}

extension ViewModelMethodNamesRule {
    static let reference = """
        A ViewModel's methods name the work they do (`placeOrder()`, `refresh()`), not the UI event that calls them: \
        the View decides *when*, the ViewModel names *what*, so one method serves a button, a keyboard shortcut and a \
        test. **Reported:** at the method, every method of a ViewModel (its declaration and its extensions, in \
        whichever file they are) named `…Tapped`, `…Pressed`, `…Clicked`, `…Appeared`, `onAppear`, `onDisappear` or \
        `viewDidLoad`. Where the catalogue is silent, these also count: `…Disappeared`, the bare words `tapped()`, \
        `pressed()`, `clicked()`, `appeared()`, `disappeared()`, and UIKit's other appearance callbacks \
        `viewWillAppear`, `viewDidAppear`, `viewWillDisappear`, `viewDidDisappear`. Private and static methods count \
        too. **Not reported:** names that only contain an event word (`tappedCount()`, `pressedKeys()`, \
        `appearance()`, `onAppearance()`); methods of Views, Features and presentation managers such as \
        `ThemeManager` (only ViewModels are checked); ViewModel stand-ins declared inside `#Preview`, a \
        `PreviewProvider` or `#if DEBUG`. ViewModels inside `#if canImport(SwiftUI)` are checked. **Fix:** rename the \
        method after what it does (`saveButtonTapped()` → `save()`, `onAppear()` → `startLoading()`) and call it from \
        the View's action or `.task`.
        """

    static let examples: [RuleExample] = [
        // Named after the button, not the work.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel+Actions.swift",
            """
            extension OrdersViewModel {
                ↓func addButtonTapped() {
                    placeDraftOrder()
                }
            }
            """),
        // Only ViewModels are checked: a presentation manager may name its UI events.
        RuleExample(
            "App/1 - View/Theme/ThemeManager.swift",
            """
            import SwiftUI

            @MainActor @Observable
            final class ThemeManager {
                var accent: Color = .orange

                func swatchTapped(_ color: Color) {
                    accent = color
                }
            }
            """),
        // A name that only contains an event word names work.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel+Appearance.swift",
            """
            extension OrdersViewModel {
                func appearance() -> String { orders.isEmpty ? "empty" : "list" }
            }
            """),
    ]
}
