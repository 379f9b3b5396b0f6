/// Item 20: tests build their own object graph. A test that reads `AppModel.shared`, or builds a ViewModel
/// without arguments (so its defaults reach `AppModel.shared`), runs against the live app — real storage,
/// shared state between tests — instead of the Features and test doubles it set up.
struct TestsNoSharedRule: Rule {
    static let id = "CFA-TESTS-NO-SHARED"
    let descriptor = RuleDescriptor(
        id: id, item: 20,
        summary: "Tests build their own graph: no `AppModel.shared`, no ViewModel built from its defaults",
        help: """
            Reported: in a test file, any use of `AppModel.shared`, and any construction of a ViewModel without arguments \
            (`OrdersViewModel()`) when that ViewModel has dependencies with defaults. Fix: build the Features under test with \
            test doubles (`OrdersFeature(repository: InMemoryOrdersRepository())`) and pass them in \
            (`OrdersViewModel(ordersFeature: feature)`).
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let viewModels = Dictionary(index.entries(with: .viewModel).map { ($0.name, $0) }) { first, _ in first }
        return index.files.filter { index.isTestFile($0.path) }.flatMap { file in
            let scopes = [file.fileScope] + file.types.map(\.scope)
            let sharedUses = scopes.lazy.flatMap(\.references)
                .filter { $0.name == "AppModel.shared" || $0.name.hasSuffix(".AppModel.shared") }
                .map { reference in
                    descriptor.finding(
                        file.path, reference.location,
                        "test uses `AppModel.shared`, the live app; build the Features under test with test doubles and pass them in")
                }
            let defaultedViewModels = scopes.lazy.flatMap(\.calls).compactMap { call -> Finding? in
                guard let name = Self.argumentlessConstruction(call.shape), let viewModel = viewModels[name],
                    Self.hasDefaultedDependencies(viewModel)
                else { return nil }
                return descriptor.finding(
                    file.path, call.location,
                    "test builds \(name)() from its defaults, which reach `AppModel.shared`; "
                        + "pass the Features it needs: `\(Self.explicitConstruction(of: viewModel))`")
            }
            return Array(sharedUses) + Array(defaultedViewModels)
        }
    }

    /// The constructed type of `X()`, `X.init()` or the module-qualified `App.X()`, when the call passes nothing.
    static func argumentlessConstruction(_ shape: CallShape) -> String? {
        guard shape.isArgumentless else { return nil }
        guard shape.name == "init" else { return shape.name }
        return shape.base?.split(separator: ".").last.map(String.init)
    }

    /// A ViewModel whose argumentless construction falls back to something the test did not build: a
    /// defaulted initialiser parameter, or a stored property or initialiser that reaches `AppModel`.
    /// A ViewModel without dependencies can be built bare; the test still owns all of it.
    static func hasDefaultedDependencies(_ viewModel: CodebaseIndex.Entry) -> Bool {
        if viewModel.functions.contains(where: { $0.name == "init" && $0.parameters.contains { $0.defaultValue != nil } }) { return true }
        if viewModel.storedProperties.contains(where: { $0.initializer?.text.contains("AppModel") ?? false }) { return true }
        return viewModel.parts.contains { part in
            part.facts.scope.references.contains { $0.member == "init" && $0.name.hasPrefix("AppModel") }
        }
    }

    /// `OrdersViewModel(ordersFeature: …)`, from the initialiser whose parameters have defaults.
    static func explicitConstruction(of viewModel: CodebaseIndex.Entry) -> String {
        let defaulted = viewModel.functions.first { $0.name == "init" && $0.parameters.contains { $0.defaultValue != nil } }
        let arguments = (defaulted?.parameters ?? []).map { parameter in
            parameter.label.map { "\($0): …" } ?? "…"
        }
        return "\(viewModel.name)(\(arguments.isEmpty ? "…" : arguments.joined(separator: ", ")))"
    }
}

extension TestsNoSharedRule {
    static let reference = """
        Tests build their own object graph: they never reach the live app through `AppModel.shared`, whose Features \
        use real storage and carry state from one test to the next. **Reported:** in any test file (under a \
        `Tests`/`…Tests` folder, or importing `XCTest`/`Testing` — test doubles in `Test Support` included), each use \
        of `AppModel.shared` (also module-qualified, `App.AppModel.shared`), reported once at the use; and each \
        ViewModel constructed without arguments (`OrdersViewModel()`, `OrdersViewModel.init()`, \
        `App.OrdersViewModel()`), at the call, when that ViewModel would fall back to something the test did not \
        build: an initialiser parameter with a default, a stored property whose initialiser names `AppModel`, or an \
        initialiser that reads `AppModel`. The message shows the explicit construction to write \
        (`OrdersViewModel(ordersFeature: …)`). **Not reported:** `AppModel.shared` in the app's own sources (the App \
        type, ViewModel defaults) and in `#Preview`s — only test files are checked; a ViewModel with no dependencies \
        at all (`FilterViewModel()` holding only presentation state), since the test still owns everything it uses; a \
        test that builds `AppModel(ordersFeature: …)` from its own Features. Decisions where the catalogue is silent: \
        `AppModel.live()` in a test is not reported by this rule (a composition-root test may legitimately check the \
        wiring); `.shared` reached through type inference (`let model: AppModel = .shared`) is not seen. **Fix:** \
        build the Features under test with test doubles and pass them in: `OrdersViewModel(ordersFeature: \
        OrdersFeature(repository: InMemoryOrdersRepository()))`.
        """

    static let examples: [RuleExample] = [
        // A test reaching the live app, and a ViewModel left to default its Features.
        RuleExample(
            "Tests/AppTests/View Model Tests/OrdersViewModelTests.swift",
            """
            import Testing
            @testable import App

            @MainActor
            struct OrdersViewModelTests {
                @Test func placingTheDraftUsesTheFeature() async {
                    let viewModel = ↓OrdersViewModel()
                    viewModel.draftName = "Tea"
                    await viewModel.placeDraftOrder().value
                    #expect(↓AppModel.shared.ordersFeature.orders.map(\\.name) == ["Tea"])
                }
            }
            """),
        // The test builds its own graph, and may build an AppModel from it.
        RuleExample(
            "Tests/AppTests/Feature Tests/AppModelTests.swift",
            """
            import Testing
            @testable import App

            @MainActor
            struct AppModelTests {
                @Test func launchStartsLoadingOnce() {
                    let model = AppModel(ordersFeature: OrdersFeature(repository: InMemoryOrdersRepository()))
                    model.applicationDidFinishLaunching()
                    model.applicationDidFinishLaunching()
                    #expect(model.ordersFeature.orders.isEmpty)
                }
            }
            """),
        // A ViewModel with no dependencies may be built with no arguments.
        RuleExample(
            RuleExample.File(
                "App/1 - View/Views/Orders/OrderSortViewModel.swift",
                """
                import Observation

                @MainActor @Observable
                final class OrderSortViewModel {
                    var newestFirst = true
                }
                """),
            RuleExample.File(
                "Tests/AppTests/View Model Tests/OrderSortViewModelTests.swift",
                """
                import Testing
                @testable import App

                @MainActor
                struct OrderSortViewModelTests {
                    @Test func startsWithTheNewestFirst() {
                        #expect(OrderSortViewModel().newestFirst)
                    }
                }
                """)),
    ]
}
