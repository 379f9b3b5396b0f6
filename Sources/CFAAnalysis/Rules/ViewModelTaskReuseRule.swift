/// Item 22: a ViewModel keeps the handle of every Task it starts and, before starting another, reuses or
/// cancels the running one. An unkept Task cannot be cancelled or awaited by a test, and a second tap
/// would run the same work twice.
struct ViewModelTaskReuseRule: Rule {
    static let id = "CFA-VIEWMODEL-TASK-REUSE"
    let descriptor = RuleDescriptor(
        id: id, item: 22,
        summary: "A ViewModel stores the Tasks it creates and reuses or cancels a running one",
        help: """
            Reported: `Task { … }` or `Task.detached { … }` in a ViewModel whose handle is not stored in a property (directly or \
            through a local, `let task = Task { … }; saveTask = task`), or stored by a method that does not first check the \
            property (`if let saveTask { return saveTask }`, `guard saveTask == nil`, `saveTask?.cancel()`, directly or in a \
            helper of the ViewModel it calls first) or refuse to run while a stored in-flight flag it raises before the Task is \
            set (`guard !isSaving else { return }; isSaving = true`). Tasks started in `init` or as a stored property's \
            initial value are CFA-VIEWMODEL-INIT-QUIET's. Fix: `if let saveTask { return saveTask }; let task = Task { …; \
            saveTask = nil }; saveTask = task; return task`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        // In a project with its own `Task` type, `Task { … }` is that type; only `_Concurrency.Task` is certain.
        let ownTaskType = index.declaresOwnTaskType
        return index.entries(with: .viewModel).flatMap { viewModel in
            let storedProperties = Set(viewModel.properties.filter(\.isStored).map(\.name))
            return viewModel.parts.flatMap { part in
                let scope = part.facts.scope
                return scope.calls.filter { !$0.inPreview && Self.createsTask($0.shape, ownTaskType: ownTaskType) }.compactMap { call in
                    problem(with: call, in: scope, viewModel: viewModel.name, storedProperties: storedProperties).map {
                        descriptor.finding(part.file, call.location, $0)
                    }
                }
            }
        }
    }

    /// `Task { … }`, `Task(priority:) { … }`, `Task.init { … }`, `Task.detached { … }`, `_Concurrency.Task { … }`.
    static func createsTask(_ shape: CallShape, ownTaskType: Bool) -> Bool {
        switch (shape.base, shape.name) {
        case ("_Concurrency", "Task"), ("_Concurrency.Task", "init"), ("_Concurrency.Task", "detached"): true
        case (nil, "Task"), ("Task", "init"), ("Task", "detached"): !ownTaskType
        default: false
        }
    }

    /// Why the Task's handle is not kept and reused, or nil when it is.
    private func problem(with call: CallFact, in scope: ScopeFacts, viewModel: String, storedProperties: Set<String>) -> String? {
        // A Task started in `init` should not be started there at all: CFA-VIEWMODEL-INIT-QUIET reports it, once.
        if call.member == "init" { return nil }
        let method = call.member ?? "?"
        guard let property = Self.property(storing: call, in: scope, storedProperties: storedProperties) else {
            let suggested = Self.suggestedProperty(for: method)
            return "\(viewModel).\(method) starts a Task it does not keep; "
                + "store it in a property and return the running one first (`if let \(suggested) { return \(suggested) }`)"
        }
        // Created once per instance: nothing earlier can be running.
        if call.member == nil || call.member == "init" || storedProperties.contains(method) { return nil }
        if Self.checksBefore(call, property: property, in: scope) || Self.guardsWithInFlightFlag(call, in: scope, storedProperties: storedProperties)
            || Self.callsGuardingHelper(call, property: property, in: scope)
        {
            return nil
        }
        return "\(viewModel).\(method) stores its Task in `\(property)` without checking for a running one; "
            + "first reuse it (`if let \(property) { return \(property) }`) or cancel it (`\(property)?.cancel()`)"
    }

    /// The stored property that keeps the Task: assigned directly (`loadTask = Task { … }`, `tasks[id] = Task { … }`)
    /// or through a local of the same member (`let task = Task { … }` then `loadTask = task` / `tasks.append(task)`).
    static func property(storing call: CallFact, in scope: ScopeFacts, storedProperties: Set<String>) -> String? {
        guard let target = call.assignedTo, let name = leadingName(target) else { return nil }
        if storedProperties.contains(name) { return name }
        // A local: find where the same member hands it to a property.
        let assigned = scope.assignments.first { assignment in
            assignment.member == call.member && assignment.location > call.location && assignment.value == target
                && leadingName(assignment.target).map(storedProperties.contains) == true
        }
        if let assigned { return leadingName(assigned.target) }
        let appended = scope.calls.first { other in
            other.member == call.member && other.location > call.location && other.shape.arguments.contains(target)
                && ["append", "insert", "updateValue"].contains(other.shape.name)
                && other.shape.base.flatMap(leadingName).map(storedProperties.contains) == true
        }
        return appended?.shape.base.flatMap(leadingName)
    }

    /// A condition naming the property (`if let loadTask`, `guard loadTask == nil`) or `loadTask?.cancel()`,
    /// in the same member and before the Task is created.
    static func checksBefore(_ call: CallFact, property: String, in scope: ScopeFacts) -> Bool {
        let conditions = scope.conditions.contains { condition in
            condition.member == call.member && condition.location < call.location && TypeText.names(in: condition.text).contains(property)
        }
        let cancels = scope.calls.contains { other in
            other.member == call.member && other.location < call.location && other.shape.name == "cancel"
                && other.shape.base.flatMap(leadingName) == property
        }
        return conditions || cancels
    }

    /// `guard !isSaving else { return }` then `isSaving = true` before the Task: a stored in-flight flag, set
    /// on the main actor before the Task starts, refuses a second run as surely as checking the handle.
    static func guardsWithInFlightFlag(_ call: CallFact, in scope: ScopeFacts, storedProperties: Set<String>) -> Bool {
        let raised = Set(scope.assignments.filter { assignment in
            assignment.member == call.member && assignment.location < call.location && assignment.value == "true"
        }.compactMap { leadingName($0.target) }.filter(storedProperties.contains))
        return scope.conditions.contains { condition in
            condition.member == call.member && condition.location < call.location
                && TypeText.names(in: condition.text).contains(where: raised.contains)
        }
    }

    /// `stopRepeating()` before `repeatTask = Task { … }`, where the ViewModel's own `stopRepeating()` cancels or
    /// checks `repeatTask`: the check lives one call away.
    static func callsGuardingHelper(_ call: CallFact, property: String, in scope: ScopeFacts) -> Bool {
        let helpers = Set(scope.calls.filter { other in
            other.member == call.member && other.location < call.location && (other.shape.base == nil || other.shape.base == "self")
                && other.shape.name != call.member
        }.map(\.shape.name))
        return helpers.contains { helper in
            scope.conditions.contains { $0.member == helper && TypeText.names(in: $0.text).contains(property) }
                || scope.calls.contains { $0.member == helper && $0.shape.name == "cancel" && $0.shape.base.flatMap(leadingName) == property }
        }
    }

    /// `loadTask?` → `loadTask`; `tasks[id]` → `tasks`; `task` → `task`.
    static func leadingName(_ text: String) -> String? {
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// `refresh` → `refreshTask`, for the message's example.
    static func suggestedProperty(for method: String) -> String {
        method == "?" ? "task" : "\(method)Task"
    }
}

extension ViewModelTaskReuseRule {
    static let reference = """
        A ViewModel keeps the handle of every Task it starts, so it can be cancelled and awaited by a test, and \
        before starting another it reuses or cancels the running one, so a double tap never runs the work twice. \
        **Reported:** at the `Task`, each `Task { … }`, `Task(priority:) { … }`, `Task.init { … }` or `Task.detached \
        { … }` created in a ViewModel (any part, any file) whose handle is not stored in a stored property of that \
        ViewModel — discarded (`_ = Task { … }`), only returned, kept in a local that is never handed to a property, \
        or created inside another closure; and each one stored in a property by a method that does not, earlier in \
        the same method, check that property: a condition naming it (`if let loadTask { return loadTask }`, `if let \
        task = loadTask`, `guard loadTask == nil`, `while loadTask != nil`) or cancelling it (`loadTask?.cancel()`). \
        A handle counts as stored when assigned directly (`loadTask = Task { … }`, `self.loadTask = …`, \
        `rowTasks[id] = …`) or through a local of the same method (`let task = Task { … }; loadTask = task`, \
        `rowTasks[id] = task`, `rowTasks.updateValue(task, forKey: id)`, `tasks.append(task)`). **Not reported:** a \
        Task started in `init` or as a stored property's initial value (`private let observation = Task { … }`): \
        CFA-VIEWMODEL-INIT-QUIET reports it — an initializer only captures its dependency — so one Task gives one \
        finding; `Task.sleep`, `Task.yield`, \
        `Task.checkCancellation` and other static APIs create nothing; Tasks in Views, Features and managers (other \
        rules cover them); Task code inside `#Preview` or `#if DEBUG`; in a project that declares its own type named \
        `Task`, `Task { … }` and `Task(…)` are that type and are not checked — write `_Concurrency.Task { … }`, \
        which is always checked. Also counted as the check: a call, earlier in the same method, to one of the \
        ViewModel's own methods that checks or cancels the property (`stopRepeating()` before `repeatTask = Task { … \
        }`), and an in-flight flag — a stored property the method tests in a condition and sets to `true` before the \
        Task (`guard !isSaving else { return }; isSaving = true`), which refuses a second run just as surely. \
        Decisions where the catalogue is silent: the check must come before the Task is created — a check after it, \
        a check of an unrelated property, a flag tested but not raised first, or `await loadTask?.value` (joining, \
        not reusing) do not count; ViewModels inside `#if canImport(SwiftUI)` are checked. **Fix:** `if let saveTask \
        { return saveTask }; let task = Task { …; saveTask = nil }; saveTask = task; return task` — or \
        `saveTask?.cancel()` before `saveTask = Task { … }` when the newest request should win.
        """

    static let examples: [RuleExample] = [
        // Neither handle is kept, so a second tap runs the work twice.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel+Reload.swift",
            """
            extension OrdersViewModel {
                func reload() {
                    ↓Task { _ = try? await ordersFeature.placeOrder(named: draftName) }
                }

                func placeTwice() {
                    _ = ↓Task.detached { await self.placeDraftOrder().value }
                }
            }
            """),
        // The handle is kept and a running Task is reused; a project type named `Task` is a domain value.
        RuleExample(
            RuleExample.File(
                "App/1 - View/Views/Orders/OrdersViewModel.swift",
                """
                import Observation

                @MainActor @Observable
                final class OrdersViewModel {
                    var draftName = ""
                    private(set) var placeTask: _Concurrency.Task<Void, Never>?
                    private let ordersFeature: OrdersFeature

                    init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                        self.ordersFeature = ordersFeature
                    }

                    var orders: [Order] { ordersFeature.orders }

                    func makeChecklistItem() -> Task {
                        Task(title: draftName)
                    }

                    @discardableResult
                    func placeDraftOrder() -> _Concurrency.Task<Void, Never> {
                        if let placeTask { return placeTask }
                        let name = draftName
                        let task = _Concurrency.Task {
                            _ = try? await ordersFeature.placeOrder(named: name)
                            placeTask = nil
                        }
                        placeTask = task
                        return task
                    }
                }
                """),
            RuleExample.File(
                "App/Domain/Task.swift",
                """
                struct Task: Sendable {
                    var title: String
                }
                """)),
        // Stored, but a second call starts a second Task.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel+Refresh.swift",
            """
            extension OrdersViewModel {
                func refresh() {
                    placeTask = ↓Task { _ = try? await ordersFeature.placeOrder(named: draftName) }
                }
            }
            """),
        // A Task started in `init` is CFA-VIEWMODEL-INIT-QUIET's finding, not this rule's.
        RuleExample(
            "App/1 - View/Views/Orders/OrderClockViewModel.swift",
            """
            import Observation

            @MainActor @Observable
            final class OrderClockViewModel {
                var ticks = 0
                @ObservationIgnored private var ticking: Task<Void, Never>?

                init() {
                    ticking = Task { [weak self] in
                        while !Task.isCancelled {
                            try? await Task.sleep(for: .seconds(1))
                            self?.ticks += 1
                        }
                    }
                }
            }
            """),
    ]
}
