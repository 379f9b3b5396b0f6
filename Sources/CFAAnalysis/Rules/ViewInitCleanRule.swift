/// Item 3: a screen is created with plain values only. When its initialiser takes a ViewModel, the
/// AppModel, a Feature or a repository, the caller decides what the screen works with, and the screen's
/// own ViewModel no longer is the one route to the app's state.
struct ViewInitCleanRule: Rule {
    static let id = "CFA-VIEW-INIT-CLEAN"
    let descriptor = RuleDescriptor(
        id: id, item: 3,
        summary: "Screens receive no ViewModel, AppModel, Feature or repository through their initialiser",
        help: """
            Reported on a screen: an initialiser parameter whose type names a ViewModel, `AppModel`, a Feature or a repository; \
            without an explicit initialiser, a stored property of such a type with no initial value (the memberwise initialiser \
            takes it); and a call site outside tests and previews that hands one in, like `OrdersView(viewModel: …)`. Plain \
            domain values (`Order`, `UUID`, `String`) and presentation types are allowed. Fix: pass plain values, and let the \
            screen create its ViewModel with `@State private var viewModel = XViewModel()`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// Property wrappers SwiftUI fills itself: such a property is never an initialiser argument.
    private static let filledBySwiftUI: Set<String> = [
        "Environment", "EnvironmentObject", "Query", "FocusState", "Namespace", "AppStorage", "SceneStorage", "GestureState"
    ]

    func check(_ index: CodebaseIndex) -> [Finding] {
        let screens = index.entries(with: .screen).filter { !$0.declaration.isPreviewOnly }
        let types = ModelTypes(index)
        var findings: [Finding] = []
        var inputsByScreen: [String: [String: String]] = [:]
        for screen in screens {
            let inputs = forbiddenInputs(of: screen, types)
            inputsByScreen[screen.name] = Dictionary(inputs.map { ($0.label, $0.kind) }) { first, _ in first }
            findings += inputs.map { input in
                descriptor.finding(
                    input.file, input.location,
                    "\(screen.name) receives \(input.kind) through `\(input.written)`; "
                        + "take only plain values and let the screen create its ViewModel "
                        + "with `@State private var viewModel = \(CodebaseIndex.viewModelName(forView: screen.name))()`")
            }
        }
        findings += callSites(index, types, inputsByScreen: inputsByScreen)
        return findings
    }

    private struct Input {
        var label: String
        var written: String
        var kind: String
        var file: String
        var location: SourceLocation
    }

    /// Initialiser parameters of a forbidden type; without an explicit initialiser in the declaration itself,
    /// the un-defaulted stored properties the memberwise initialiser takes.
    private func forbiddenInputs(of screen: CodebaseIndex.Entry, _ types: ModelTypes) -> [Input] {
        var inputs: [Input] = []
        for part in screen.parts where !part.facts.isPreviewOnly {
            for parameter in part.facts.initializers.flatMap(\.parameters) {
                guard let kind = types.forbiddenKind(parameter.typeText) else { continue }
                let names = parameter.label == parameter.name ? parameter.name : "\(parameter.label ?? "_") \(parameter.name)"
                inputs.append(Input(
                    label: parameter.label ?? "_", written: "init(\(names): \(parameter.typeText))", kind: kind,
                    file: part.file, location: parameter.location))
            }
        }
        if screen.declaration.initializers.isEmpty {
            for property in screen.declaration.storedProperties where property.initializer == nil {
                guard !property.attributes.contains(where: { Self.filledBySwiftUI.contains($0.name) }),
                    let typeText = property.typeText, let kind = types.forbiddenKind(typeText)
                else { continue }
                inputs.append(Input(
                    label: property.name, written: "\(property.isLet ? "let" : "var") \(property.name): \(typeText)", kind: kind,
                    file: screen.file, location: property.location))
            }
        }
        return inputs
    }

    /// `OrdersView(viewModel: …)`: a call handing a screen one of its forbidden inputs, or anything that
    /// names a ViewModel, the AppModel or a Feature, outside tests and previews.
    private func callSites(_ index: CodebaseIndex, _ types: ModelTypes, inputsByScreen: [String: [String: String]]) -> [Finding] {
        var findings: [Finding] = []
        for file in index.files where !index.isTestFile(file.path) {
            let scopes = file.types.filter { !$0.isPreviewOnly }.map(\.scope) + [file.fileScope]
            for call in scopes.flatMap(\.calls) where !call.inPreview {
                let shape = call.shape
                let screen = shape.name == "init" ? shape.base : (shape.base == nil ? shape.name : nil)
                guard let screen, let inputs = inputsByScreen[screen] else { continue }
                let handed = zip(shape.labels, shape.arguments).compactMap { label, argument -> String? in
                    let label = label ?? "_"
                    guard let kind = inputs[label] ?? types.namedKind(argument) ?? (label == "viewModel" ? "a ViewModel" : nil) else {
                        return nil
                    }
                    return "\(kind) as `\(label)`"
                }
                guard !handed.isEmpty else { continue }
                let labels = shape.labels.map { "\($0 ?? "_"):" }.joined()
                findings.append(descriptor.finding(
                    file.path, call.location,
                    "`\(screen)(\(labels))` hands the screen \(handed.joined(separator: " and ")); create it as `\(screen)()` with plain values only"))
            }
        }
        return findings
    }

    /// The types a screen must not receive, collected once per check.
    private struct ModelTypes {
        let viewModels: Set<String>
        let features: Set<String>
        let repositories: Set<String>

        init(_ index: CodebaseIndex) {
            viewModels = index.viewModelNames
            features = index.featureNames
            repositories = index.repositoryNames
        }

        /// What a type annotation names that a screen must not receive.
        func forbiddenKind(_ typeText: String) -> String? {
            for name in TypeText.names(in: typeText) {
                if name == "AppModel" { return "the AppModel" }
                if viewModels.contains(name) { return "a ViewModel (\(name))" }
                if features.contains(name) { return "a Feature (\(name))" }
                if repositories.contains(name) { return "a repository (\(name))" }
            }
            return nil
        }

        /// An argument expression that creates a ViewModel or reaches the AppModel or a Feature by name.
        func namedKind(_ argument: String) -> String? {
            let names = TypeText.names(in: argument)
            if names.contains("AppModel") { return "the AppModel" }
            if let viewModel = names.first(where: viewModels.contains) { return "a ViewModel (\(viewModel))" }
            if let feature = names.first(where: features.contains) { return "a Feature (\(feature))" }
            return nil
        }
    }
}

extension ViewInitCleanRule {
    static let reference = """
        A screen is created with plain values only; it never receives a ViewModel, the AppModel, a Feature or a \
        repository, so its own ViewModel remains the one route to the app's state. **Reported:** on a screen, an \
        initialiser parameter whose type names a ViewModel, `AppModel`, a Feature or a repository (also inside `any`, \
        Optionals, arrays, generics); when the screen's declaration has no explicit initialiser, each stored property \
        of such a type without an initial value (the memberwise initialiser takes it); and each call site outside \
        tests and previews that hands a screen such a value — `OrdersView(viewModel: …)`, an argument for one of \
        those parameters or properties, any argument that names `AppModel`, a ViewModel type or a Feature type, and \
        any argument labelled `viewModel` — one finding per call naming every offending label. **Not reported:** \
        plain domain values (`Order`, `UUID`, `String`) and presentation types (`ThemeManager`); properties SwiftUI \
        fills itself (`@Environment`, `@EnvironmentObject`, `@Query`, `@FocusState`, `@Namespace`, `@AppStorage`, \
        `@SceneStorage`, `@GestureState`; environment use is CFA-ENVIRONMENT's); stored properties when the \
        declaration has an explicit initialiser (then only its parameters are inputs — a `@State private var \
        viewModel: XViewModel` set in a parameterless `init()` is CFA-VIEWMODEL-INLINE's); call sites in tests, \
        `#Preview` and `#if DEBUG` code, where the screen's declaration is already reported; components (views that \
        are not screens), whose Feature or AppModel use is CFA-VIEW-NO-MODEL-ACCESS's and whose ViewModel storage is \
        CFA-VIEWMODEL-DEDICATED's. **Fix:** pass plain values, and let the screen create its ViewModel with `@State \
        private var viewModel = XViewModel()`.
        """

    static let examples: [RuleExample] = [
        // A screen that is handed a Feature, and the call site that hands it over.
        RuleExample(
            RuleExample.File(
                "App/1 - View/Views/Orders/OrdersView.swift",
                """
                import SwiftUI

                struct OrdersView: View {
                    @State private var viewModel = OrdersViewModel()
                    private let ordersFeature: OrdersFeature

                    init(↓ordersFeature: OrdersFeature) {
                        self.ordersFeature = ordersFeature
                    }

                    var body: some View {
                        List(viewModel.orders) { order in OrderRow(name: order.name) }
                    }
                }
                """),
            RuleExample.File(
                "App/1 - View/RootTabView.swift",
                """
                import SwiftUI

                struct RootTabView: View {
                    var body: some View {
                        TabView {
                            ↓OrdersView(ordersFeature: AppModel.shared.ordersFeature)
                                .tabItem { Label("Orders", systemImage: "list.bullet") }
                        }
                    }
                }
                """)),
        // A detail screen receives the selected domain value; that is the CFA way.
        RuleExample(
            RuleExample.File(
                "App/1 - View/Views/OrderDetail/OrderDetailView.swift",
                """
                import SwiftUI

                struct OrderDetailView: View {
                    @State private var viewModel = OrderDetailViewModel()
                    @Environment(\\.dismiss) private var dismiss
                    let order: Order

                    var body: some View {
                        Text(order.name).toolbar { Button("Done") { dismiss() } }
                    }
                }
                """),
            RuleExample.File(
                "App/1 - View/Views/OrderDetail/OrderDetailViewModel.swift",
                """
                import Observation

                @MainActor @Observable
                final class OrderDetailViewModel {
                    var isEditing = false
                }
                """)),
        // Without an explicit initialiser, a stored repository without a value is a memberwise parameter.
        RuleExample(
            "App/1 - View/Views/OrderHistory/OrderHistoryView.swift",
            """
            import SwiftUI

            struct OrderHistoryView: View {
                @State private var viewModel = OrderHistoryViewModel()
                let ↓repository: any OrdersRepository

                var body: some View {
                    Text(viewModel.title)
                }
            }
            """),
    ]
}
