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
            takes it); and a call site outside tests and previews that hands one in, like `OrdersView(viewModel: …)` — listed \
            as a related location of the declaration's finding when the declaration is reported for what it hands in. Plain \
            domain values (`Order`, `UUID`, `String`) and presentation types are allowed. Fix: pass plain values, and let the \
            screen create its ViewModel with `@State private var viewModel = XViewModel()`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let screens = index.entries(with: .screen).filter { !$0.declaration.isPreviewOnly }
        let types = ModelTypes(index)
        var declared: [Finding] = []
        var inputsByScreen: [String: [String: DeclaredInput]] = [:]
        for screen in screens {
            let (inputs, deferred) = forbiddenInputs(of: screen, types)
            inputsByScreen[screen.name] = inputsByScreen[screen.name] ?? [:]
            for (offset, input) in inputs.enumerated() where inputsByScreen[screen.name]?[input.label] == nil {
                inputsByScreen[screen.name, default: [:]][input.label] = DeclaredInput(kind: input.kind, finding: declared.count + offset)
            }
            for label in deferred where inputsByScreen[screen.name]?[label] == nil {
                inputsByScreen[screen.name, default: [:]][label] = DeclaredInput(kind: "", finding: nil)
            }
            declared += inputs.map { input in
                descriptor.finding(
                    input.file, input.location,
                    "\(screen.name) receives \(input.kind) through `\(input.written)`; "
                        + "take only plain values and let the screen create its ViewModel "
                        + "with `@State private var viewModel = \(CodebaseIndex.viewModelName(forView: screen.name))()`",
                    related: input.related)
            }
        }
        let calls = callSites(index, types, inputsByScreen: inputsByScreen)
        // One defect, one finding: a call handing a screen only inputs its declaration is reported for is one more
        // place of those defects, listed with them; a call handing anything else is a finding of its own.
        for (finding, related) in calls.related { declared[finding].related.append(related) }
        for index in declared.indices { declared[index].related.sort() }
        return declared + calls.findings
    }

    /// A reported input of a screen: what it is, and the index of its finding; nil when another rule reports it.
    private struct DeclaredInput {
        var kind: String
        var finding: Int?
    }

    private struct Input {
        var label: String
        var written: String
        var kind: String
        var file: String
        var location: SourceLocation
        /// `_viewModel = State(initialValue: viewModel)`: where a handed-in ViewModel is stored, dropped by the same fix.
        var related: [RelatedLocation] = []
    }

    /// Initialiser parameters of a forbidden type; without an explicit initialiser in the declaration itself,
    /// the un-defaulted stored properties the memberwise initialiser takes.
    /// And the labels of inputs left to another rule (another screen's ViewModel: CFA-VIEWMODEL-DEDICATED's).
    private func forbiddenInputs(of screen: CodebaseIndex.Entry, _ types: ModelTypes) -> (inputs: [Input], deferred: Set<String>) {
        var inputs: [Input] = []
        var deferred: Set<String> = []
        let viewModelParameters = ScreenInputs.viewModelParameters(of: screen, viewModels: types.viewModels)
        for part in screen.parts where !part.facts.isPreviewOnly {
            for parameter in part.facts.initializers.flatMap(\.parameters) {
                guard let kind = types.forbiddenKind(parameter.typeText) else { continue }
                let names = parameter.label == parameter.name ? parameter.name : "\(parameter.label ?? "_") \(parameter.name)"
                let stored = viewModelParameters.contains(parameter) ? screen.parts.flatMap { part in
                    part.facts.scope.assignments.filter { $0.target.hasPrefix("_") && ScreenInputs.stores($0, anyOf: [parameter]) }
                        .map { RelatedLocation(part.file, $0.location, "`\($0.target) = \($0.value)` stores it") }
                } : []
                inputs.append(Input(
                    label: parameter.label ?? "_", written: "init(\(names): \(parameter.typeText))", kind: kind,
                    file: part.file, location: parameter.location, related: stored))
            }
        }
        for property in ScreenInputs.memberwiseInputs(of: screen) {
            guard let typeText = property.typeText, let kind = types.forbiddenKind(typeText) else { continue }
            // Another screen's ViewModel kept here is CFA-VIEWMODEL-DEDICATED's finding: one defect, one finding.
            if ScreenInputs.holdsAnotherScreensViewModel(property, of: screen, viewModels: types.viewModels, in: types.index) {
                deferred.insert(property.name)
                continue
            }
            inputs.append(Input(
                label: property.name, written: "\(property.isLet ? "let" : "var") \(property.name): \(typeText)", kind: kind,
                file: screen.file, location: property.location))
        }
        return (inputs, deferred)
    }

    /// `OrdersView(viewModel: …)`: a call handing a screen one of its forbidden inputs, or anything that
    /// names a ViewModel, the AppModel or a Feature, outside tests and previews.
    private func callSites(
        _ index: CodebaseIndex, _ types: ModelTypes, inputsByScreen: [String: [String: DeclaredInput]]
    ) -> (findings: [Finding], related: [(Int, RelatedLocation)]) {
        var findings: [Finding] = []
        var related: [(Int, RelatedLocation)] = []
        for file in index.files where !index.isTestFile(file.path) {
            let scopes = file.types.compactMap { $0.isPreviewOnly ? nil : $0.scope } + [file.fileScope]
            for call in scopes.lazy.flatMap(\.calls) where !call.inPreview {
                let shape = call.shape
                let screen = shape.name == "init" ? shape.base : (shape.base == nil ? shape.name : nil)
                guard let screen, let inputs = inputsByScreen[screen] else { continue }
                var declaredFindings: [Int] = []
                var undeclared = false
                let handed = zip(shape.labels, shape.arguments).compactMap { label, argument -> String? in
                    let label = label ?? "_"
                    if let input = inputs[label] {
                        guard let finding = input.finding else { return nil }
                        declaredFindings.append(finding)
                        return "\(input.kind) as `\(label)`"
                    }
                    guard let kind = types.namedKind(argument) ?? (label == "viewModel" ? "a ViewModel" : nil) else { return nil }
                    undeclared = true
                    return "\(kind) as `\(label)`"
                }
                guard !handed.isEmpty else { continue }
                let labels = shape.labels.map { "\($0 ?? "_"):" }.joined()
                if !undeclared {
                    let place = RelatedLocation(file.path, call.location, "`\(screen)(\(labels))` hands it over")
                    related += Set(declaredFindings).sorted().map { ($0, place) }
                    continue
                }
                findings.append(descriptor.finding(
                    file.path, call.location,
                    "`\(screen)(\(labels))` hands the screen \(handed.joined(separator: " and ")); create it as `\(screen)()` with plain values only"))
            }
        }
        return (findings, related)
    }

    /// The types a screen must not receive, collected once per check.
    private struct ModelTypes {
        let viewModels: Set<String>
        let features: Set<String>
        let repositories: Set<String>
        let index: CodebaseIndex

        init(_ index: CodebaseIndex) {
            self.index = index
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
            if names.contains("AppModel") { return AppModelReads.describe(argument) }
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
        any argument labelled `viewModel` — one finding per call naming every offending label. **One finding per \
        defect:** a call that only hands over inputs the screen's declaration is reported for is listed as a related \
        location of those findings ("also at …"), since the fix is the same; a call is a finding of its own only when \
        it hands over something the declaration does not take as such. A call's message names what is handed: `the AppModel`, \
        or `a Feature read from AppModel.shared` for `AppModel.shared.x`. This rule owns a ViewModel handed to a screen \
        (`let viewModel: OrdersViewModel` without a value, or an initialiser parameter): CFA-VIEWMODEL-DEDICATED and \
        CFA-VIEWMODEL-INLINE do not report that property again. **Not reported:** \
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
        // A screen that is handed a Feature: one finding at the parameter, the call site that hands it over a related location.
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
                            OrdersView(ordersFeature: AppModel.shared.ordersFeature)
                                .tabItem { Label("Orders", systemImage: "list.bullet") }
                        }
                    }
                }
                """)),
        // A real app's slip: the root hands a screen a Feature read from `AppModel.shared`. The screen takes it as a protocol
        // (CFA-NO-FEATURE-PROTOCOL's), so the call is the finding; CFA-ROOTTAB-STRUCTURAL and CFA-VIEW-NO-MODEL-ACCESS, which
        // see the same line, are its related locations (Precedence).
        RuleExample(
            RuleExample.File(
                "App/1 - View/Views/Reveal/RevealView.swift",
                """
                import SwiftUI

                protocol RevealFeature: AnyObject { var title: String { get } }

                struct RevealView: View {
                    @State private var viewModel = RevealViewModel()
                    private let title: String

                    init(feature: any RevealFeature) {
                        title = feature.title
                    }

                    var body: some View {
                        Text(title)
                    }
                }
                """),
            RuleExample.File(
                "App/1 - View/Views/Reveal/RevealViewModel.swift",
                """
                import Observation

                @MainActor @Observable
                final class RevealViewModel {
                    var isRevealed = false
                }
                """),
            RuleExample.File(
                "App/1 - View/RootTabView.swift",
                """
                import SwiftUI

                struct RootTabView: View {
                    var body: some View {
                        TabView {
                            OrdersView()
                                .tabItem { Label("Orders", systemImage: "list.bullet") }
                            ↓RevealView(feature: AppModel.shared.ordersFeature)
                                .tabItem { Label("Reveal", systemImage: "sparkles") }
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
