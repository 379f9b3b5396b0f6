/// Item 2: a ViewModel's initializer only captures its dependency. A screen creates its ViewModel whenever
/// SwiftUI builds the view's state, so work begun there — a Task, a Feature call, storage, a timer — runs at
/// moments no one chose and that no test can await.
struct ViewModelInitQuietRule: Rule {
    static let id = "CFA-VIEWMODEL-INIT-QUIET"
    let descriptor = RuleDescriptor(
        id: id, item: 2,
        summary: "A ViewModel initializer only captures its dependency: no Task, Feature call, storage or timer",
        help: """
            Reported: in a ViewModel's `init` body, `Task { … }` / `Task.detached { … }`, a call of one of its Feature's \
            methods whose value it discards or that return a Task (`ordersFeature.startLoading()`), a call on `UserDefaults`, `FileManager`, `URLSession` or a \
            `ModelContext` (or a parameter or property of one of these types), and a timer (`Timer.scheduledTimer`, \
            `Timer.publish(…).autoconnect()`); and a stored property whose initial value starts a Task or a timer. Fix: keep \
            only `self.ordersFeature = ordersFeature` in `init` and start the work from a ViewModel method the screen \
            calls (`.task { await viewModel.load() }`) or from the Feature's launch.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let ownTask = index.declaresOwnTaskType
        var findings: [Finding] = []
        for viewModel in index.entries(with: .viewModel) {
            let features = FeatureReferences(viewModel, in: index)
            let storageHolders = Self.storageHolders(of: viewModel)
            for part in viewModel.parts where !part.facts.isPreviewOnly {
                // Parameter defaults (`= AppModel.shared.ordersFeature`) sit before the body and are capture; code inside a
                // Task started here is that Task's, reported once at the Task.
                for call in part.facts.scope.calls where call.member == "init" && !call.inPreview && call.runsIn == nil
                    && Self.isInBody(call, of: part.facts)
                {
                    guard let what = Self.work(call, features: features, storageHolders: storageHolders, ownTask: ownTask, index) else { continue }
                    findings.append(descriptor.finding(
                        part.file, call.location,
                        "\(viewModel.name).init \(what); a ViewModel initializer only captures its dependency "
                            + "— start this from a ViewModel method the screen calls (`.task { await viewModel.load() }`)"))
                }
                for property in part.facts.storedProperties {
                    guard let call = property.initializer?.call, let what = Self.startsWork(call, ownTask: ownTask) else { continue }
                    findings.append(descriptor.finding(
                        part.file, property.location,
                        "\(viewModel.name).\(property.name)'s initial value \(what) when the ViewModel is created; "
                            + "start it from a ViewModel method the screen calls (`.task { await viewModel.load() }`)"))
                }
            }
        }
        return findings
    }

    /// Whether an `init` call sits in a body rather than a signature: the nearest initializer before it has its body
    /// open before the call (a type may declare several initializers).
    private static func isInBody(_ call: CallFact, of type: TypeFacts) -> Bool {
        guard let nearest = type.initializers.filter({ $0.location < call.location }).max(by: { $0.location < $1.location }),
            let body = nearest.bodyLocation
        else { return false }
        return body < call.location
    }

    /// What an `init` call does that is more than capture, or nil.
    private static func work(
        _ call: CallFact, features: FeatureReferences, storageHolders: Set<String>, ownTask: Bool, _ index: CodebaseIndex
    ) -> String? {
        if let started = startsWork(call.shape, ownTask: ownTask) { return started }
        // Only a plain chain: in `FileManager.default.urls(…).first!.path()` the inner call is the one that opens storage.
        if let base = call.shape.base, !base.contains("(") {
            if let reached = features.resolve(base), reached.member == nil, Self.isCommand(call, on: reached.feature, index) {
                return "calls \(reached.feature).\(call.shape.name)()"
            }
            if let api = SystemStorage.api(startingChain: base) { return "opens storage (`\(api)`)" }
            if let holder = FeatureReferences.chain(base).first, storageHolders.contains(holder) { return "opens storage (`\(holder)`)" }
        }
        return nil
    }

    /// A Feature call that does something: its value is discarded (`ordersFeature.startLoading()`, `_ = …`), or the method
    /// returns a Task. A query whose value seeds the ViewModel (`draft = ordersFeature.makeDraft()`) only reads.
    private static func isCommand(_ call: CallFact, on feature: String, _ index: CodebaseIndex) -> Bool {
        if call.isStatement || call.assignedTo == "_" { return true }
        let methods = index.entry(named: feature)?.functions.filter { $0.name == call.shape.name } ?? []
        return methods.contains { AppModelLaunchRule.namesTask($0.returnType, projectDeclaresTask: index.declaresOwnTaskType) }
    }

    /// A Task or a running timer the call starts: `Task { … }`, `Timer.scheduledTimer(…)`, and a timer publisher
    /// connected (`Timer.publish(…).autoconnect()`). A `Timer(…)` not yet scheduled and an unconnected publisher run nothing.
    private static func startsWork(_ shape: CallShape, ownTask: Bool) -> String? {
        if AppModelLaunchRule.createsTask(shape, projectDeclaresTask: ownTask) { return "starts a Task" }
        let scheduled = shape.name == "scheduledTimer" && (shape.base == "Timer" || shape.base == "Foundation.Timer")
        let connected = ["autoconnect", "connect"].contains(shape.name) && shape.base.map { TypeText.begins($0, with: "Timer.publish(") } == true
        return scheduled || connected ? "begins a timer" : nil
    }

    /// Parameters and stored properties typed as a storage API: `defaults: UserDefaults`, `context: ModelContext`.
    private static func storageHolders(of viewModel: CodebaseIndex.Entry) -> Set<String> {
        let parameters = viewModel.functions.filter { $0.name == "init" }.flatMap(\.parameters)
            .filter { SystemStorage.api(inTypeText: $0.typeText) != nil }.map(\.name)
        let properties = viewModel.storedProperties.filter { SystemStorage.api(inTypeText: $0.typeText) != nil }.map(\.name)
        return Set(parameters + properties)
    }
}

extension ViewModelInitQuietRule {
    static let reference = """
        "The ViewModel initializer should therefore only capture its dependency. It should not fetch, write, open \
        storage or begin a timer" (the "CFA in practice" article on Views and ViewModels). A screen's \
        `@State private var viewModel = XViewModel()` is created whenever SwiftUI builds that state — on every \
        rebuild of a parent, in previews, in tests — so work started there runs at moments nobody chose and cannot \
        be awaited. Error: the article says "should not". **Reported:** in the body of a ViewModel's `init`, at the \
        call: `Task { … }`, `Task(priority:) { … }` or `Task.detached { … }` (this rule owns Tasks started in \
        `init`; CFA-VIEWMODEL-TASK-REUSE leaves them alone, so one Task gives one finding); a command to one of \
        its Features — a method call whose value is discarded or that returns a Task (`ordersFeature.startLoading()`, \
        `feature.refresh()`, `_ = AppModel.shared.ordersFeature.load()`, `loadTask = ordersFeature.startLoading()`); \
        a call on `UserDefaults`, `FileManager`, `URLSession` or a `ModelContext` (`UserDefaults.standard.bool(…)`), \
        or on an initializer parameter or stored property of one of those types (`defaults.string(forKey:)`); and a \
        timer (`Timer.scheduledTimer(…)`, `Timer.publish(…).autoconnect()`; a `Timer(…)` not yet scheduled and an \
        unconnected publisher run nothing). At the property: a stored property whose \
        initial value starts a Task or a timer (`private let ticking = Task { … }`), which runs when the ViewModel \
        is created just as `init` does. **Not reported:** assigning the dependency (`self.ordersFeature = \
        ordersFeature`) and plain values (`draftName = ""`); reading a Feature's properties, a Feature query whose \
        value seeds the ViewModel (`draft = ordersFeature.makeDraft()`) and methods of its data \
        (`ordersFeature.orders.count`, `ordersFeature.orders.filter { … }`), which neither fetch nor write; \
        parameter defaults (`= AppModel.shared.ordersFeature`, `= .standard`), which are capture; Views, Features \
        and other types; preview-only code. **Fix:** keep only the capture in `init` and start the work from a \
        ViewModel method the screen calls (`.task { await viewModel.load() }`) or from the Feature's launch.
        """

    static let examples: [RuleExample] = [
        // Loading and a Task begun by creating the ViewModel.
        RuleExample(
            .compliant(
                CompliantApp.viewModelPath,
                replacing: [
                    "        self.ordersFeature = ordersFeature\n": """
                                self.ordersFeature = ordersFeature
                                ↓ordersFeature.startLoading()
                                draftName = ↓UserDefaults.standard.string(forKey: "draft") ?? ""
                                placeTask = ↓Task { _ = try? await ordersFeature.placeOrder(named: "Tea") }

                        """,
                ])),
        // A ticker that starts when the ViewModel is created.
        RuleExample(
            "App/1 - View/Views/Orders/OrderClockViewModel.swift",
            """
            import Foundation
            import Observation

            @MainActor @Observable
            final class OrderClockViewModel {
                private let ↓ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }
            }
            """),
        // Capture only; reading the Feature's data, or a query seeding the draft, is no work.
        RuleExample(
            .compliant(
                CompliantApp.viewModelPath,
                replacing: [
                    "        self.ordersFeature = ordersFeature\n": """
                                self.ordersFeature = ordersFeature
                                draftName = ordersFeature.orders.first?.name ?? ""
                                draftName = ordersFeature.suggestedName(after: draftName)

                        """,
                ])),
    ]
}
