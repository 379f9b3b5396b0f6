/// Item 1: a screen owns its ViewModel. The one form that guarantees this is
/// `@State private var viewModel = XViewModel()`: SwiftUI keeps the instance for the screen's lifetime,
/// nobody outside can hand in another one, and the ViewModel reaches its Features through its own defaults.
struct ViewModelInlineRule: Rule {
    static let id = "CFA-VIEWMODEL-INLINE"
    let descriptor = RuleDescriptor(
        id: id, item: 1,
        summary: "Each screen creates its ViewModel inline: `@State private var viewModel = XViewModel()`",
        help: """
            Reported on a screen: no ViewModel property at all; a ViewModel property held with `@StateObject`, `@ObservedObject`, \
            `@Bindable` or without `@State`, not `private`, not named `viewModel`, without an inline value, or created with \
            arguments or by anything but `XViewModel()`; and an assignment to `_viewModel` (`_viewModel = State(initialValue: \
            …)`). Fix: declare `@State private var viewModel = XViewModel()` and let the ViewModel default its Features from \
            `AppModel.shared`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// Wrappers that hand the screen an instance someone else may also hold.
    private static let foreignWrappers = ["StateObject", "ObservedObject", "Bindable", "EnvironmentObject", "Environment"]

    func check(_ index: CodebaseIndex) -> [Finding] {
        let viewModelNames = index.viewModelNames
        return index.entries(with: .screen).filter { !$0.declaration.isPreviewOnly }.flatMap { check(screen: $0, viewModelNames, index) }
    }

    private func check(screen: CodebaseIndex.Entry, _ viewModelNames: Set<String>, _ index: CodebaseIndex) -> [Finding] {
        let property = viewModelProperty(of: screen, viewModelNames)
        let viewModel = property.flatMap { Self.viewModelName(held: $0, viewModelNames) } ?? index.viewModel(ofScreen: screen)?.name
            ?? CodebaseIndex.viewModelName(forView: screen.name)
        let fix = "declare `@State private var viewModel = \(viewModel)()`"
        let stateTarget = "_" + (property?.name ?? "viewModel")
        // A ViewModel the caller hands in is CFA-VIEW-INIT-CLEAN's finding, whose fix (create it inline) is this rule's:
        // the property the memberwise initializer takes, and an assignment storing a ViewModel parameter.
        if let property, ScreenInputs.isHandedInViewModel(property, of: screen, viewModels: viewModelNames) { return [] }
        let handedIn = ScreenInputs.viewModelParameters(of: screen, viewModels: viewModelNames)
        var assignments: [Finding] = []
        for part in screen.parts {
            for assignment in part.facts.scope.assignments where assignment.target == stateTarget {
                if ScreenInputs.stores(assignment, anyOf: handedIn) { continue }
                assignments.append(descriptor.finding(
                    part.file, assignment.location,
                    "\(screen.name) assigns `\(stateTarget) = \(assignment.value)` in \(assignment.member ?? "code"); \(fix) and drop the assignment"))
            }
        }
        let initializedElsewhere = !assignments.isEmpty || screen.parts.contains { part in
            part.facts.scope.assignments.contains { $0.target == stateTarget }
        }
        guard let property else {
            if assignments.isEmpty && !initializedElsewhere {
                return [descriptor.finding(
                    screen.file, screen.location,
                    "\(screen.name) is a screen without a ViewModel; \(fix) "
                        + "(a view that only shows data it is given is a component and belongs outside the screens folder)")]
            }
            return Self.oneFinding(assignments)
        }
        let problems = self.problems(with: property, viewModel: viewModel, initializedElsewhere: initializedElsewhere)
        guard !problems.isEmpty else { return Self.oneFinding(assignments) }
        // One defect, one finding: the property is where `@State private var viewModel = XViewModel()` goes; the
        // assignments that set it are dropped by the same fix, so they are its related locations.
        let file = screen.parts.first { $0.facts.properties.contains(property) }?.file ?? screen.file
        return [descriptor.finding(
            file, property.location, "\(screen.name) holds its ViewModel \(problems.joined(separator: ", ")); \(fix)",
            related: assignments.map { RelatedLocation($0.file, SourceLocation(line: $0.line, column: $0.column), "sets it: drop the assignment") })]
    }

    /// Several assignments of one property (one per initializer) are one defect: the first, with the others related.
    private static func oneFinding(_ assignments: [Finding]) -> [Finding] {
        guard var first = assignments.first else { return [] }
        first.related = assignments.dropFirst().map { RelatedLocation($0.file, SourceLocation(line: $0.line, column: $0.column), "also assigns it") }
        return [first]
    }

    /// The `viewModel` property, else the first stored property that holds a ViewModel under another name.
    private func viewModelProperty(of screen: CodebaseIndex.Entry, _ viewModelNames: Set<String>) -> PropertyFact? {
        let stored = screen.storedProperties
        if let named = stored.first(where: { $0.name == "viewModel" }) { return named }
        return stored.first { Self.viewModelName(held: $0, viewModelNames) != nil }
    }

    private static func viewModelName(held property: PropertyFact, _ viewModelNames: Set<String>) -> String? {
        ViewModelOwnership.viewModels(heldBy: property, among: viewModelNames).first
    }

    /// What is wrong with the property, as phrases that read after "holds its ViewModel".
    private func problems(with property: PropertyFact, viewModel: String, initializedElsewhere: Bool) -> [String] {
        var problems: [String] = []
        if let wrapper = Self.foreignWrappers.first(where: property.hasAttribute) {
            problems.append("with @\(wrapper)")
        } else if !property.hasAttribute("State") {
            problems.append("without @State")
        }
        if !property.isPrivate { problems.append("without `private`") }
        if property.name != "viewModel" { problems.append("as `\(property.name)`") }
        if let initializer = property.initializer {
            if let call = initializer.call, Self.isPlainCreation(call, of: viewModel, typeText: property.typeText) {
                // The one accepted form.
            } else if let call = initializer.call, ViewModelOwnership.constructs(call, viewModel: viewModel) {
                problems.append("created with arguments (`\(initializer.text)`)")
            } else {
                problems.append("set to `\(initializer.text)` instead of a new `\(viewModel)()`")
            }
        } else if !initializedElsewhere {
            problems.append("without creating it inline")
        }
        return problems
    }

    /// `XViewModel()`, `XViewModel.init()`, or `.init()` under an `XViewModel` annotation.
    private static func isPlainCreation(_ call: CallShape, of viewModel: String, typeText: String?) -> Bool {
        guard call.isArgumentless else { return false }
        if ViewModelOwnership.constructs(call, viewModel: viewModel) { return true }
        return call.name == "init" && call.base == nil && TypeText.singleName(typeText) == viewModel
    }
}

extension ViewModelInlineRule {
    static let reference = """
        Each screen creates and owns its ViewModel in exactly one form, `@State private var viewModel = \
        XViewModel()`, so SwiftUI keeps it for the screen's lifetime and nobody outside can hand in another one. \
        **Reported:** on a screen, a ViewModel property held with `@StateObject`, `@ObservedObject`, `@Bindable` (or \
        `@EnvironmentObject`/`@Environment`), or without `@State`; a ViewModel property that is not `private`, is not \
        named `viewModel`, has no inline value, or whose value is created with arguments (`XViewModel(ordersFeature: \
        …)`) or is anything but a new `XViewModel()`; every assignment to `_viewModel` (`_viewModel = \
        State(initialValue: …)`, `_viewModel = StateObject(wrappedValue: …)`), reported at the assignment; and a \
        screen with no ViewModel property at all, reported at its declaration. The problems of one property are \
        listed in one finding at the property. **Not reported:** the equivalent spellings `XViewModel.init()` and \
        `.init()` under an `XViewModel` annotation, and `fileprivate` in place of `private`; views declared only for \
        previews (`#Preview`, `PreviewProvider`, `#if DEBUG`); the root view (`RootTabView` or `RootView` by \
        default, or the configured `rootView`), which needs no ViewModel; components (views that only receive data). A \
        screen inside `#if canImport(SwiftUI)` is checked like any other. When a property has no inline value because \
        it is assigned through `_viewModel` in an initialiser, only the assignment is reported, not the missing value \
        as well. A ViewModel held under another name (`@State private var model = XViewModel()`) counts as the \
        screen's ViewModel property and is reported for its name. **Owner:** a ViewModel property the screen's \
        memberwise initialiser takes (`let viewModel: OrdersViewModel` with no value, so the caller hands it in) is \
        CFA-VIEW-INIT-CLEAN's finding, whose fix is this rule's form, and is not reported here again. **Fix:** declare `@State private var viewModel = \
        XViewModel()`, remove any `_viewModel` assignment, and let the ViewModel default its Features from \
        `AppModel.shared`.
        """

    static let examples: [RuleExample] = [
        // A wrapper that lets someone else hand the screen its ViewModel.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersView.swift",
            """
            import SwiftUI

            struct OrdersView: View {
                @StateObject private var ↓viewModel = OrdersViewModel()

                var body: some View {
                    List(viewModel.orders) { order in OrderRow(name: order.name) }
                }
            }
            """),
        // Built in an initialiser: reported at the assignment.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersView.swift",
            """
            import SwiftUI

            struct OrdersView: View {
                @State private var viewModel: OrdersViewModel

                init() {
                    ↓_viewModel = State(initialValue: OrdersViewModel(ordersFeature: AppModel.shared.ordersFeature))
                }

                var body: some View {
                    List(viewModel.orders) { order in OrderRow(name: order.name) }
                }
            }
            """),
        // The inline form, spelled with `.init()`; a preview-only host view needs no ViewModel of its own.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersView.swift",
            """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrdersView: View {
                @State private var viewModel: OrdersViewModel = .init()

                var body: some View {
                    List(viewModel.orders) { order in OrderRow(name: order.name) }
                }
            }

            #if DEBUG
            struct OrdersPreviewHost: View {
                var body: some View { NavigationStack { OrdersView() } }
            }

            #Preview { OrdersPreviewHost() }
            #endif
            #endif
            """),
        // A root named `RootView` in the screens folder is structural: it needs no ViewModel.
        RuleExample(
            "App/1 - View/Views/Root/RootView.swift",
            """
            import SwiftUI

            struct RootView: View {
                @Environment(ThemeManager.self) private var themeManager

                var body: some View {
                    NavigationSplitView {
                        OrdersView()
                    } detail: {
                        Text("Pick an order")
                    }
                    .tint(themeManager.accent)
                }
            }
            """,
            removing: [CompliantApp.rootPath]),
    ]
}
