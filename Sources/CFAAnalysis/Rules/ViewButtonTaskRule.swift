/// Item 11: a Button hands its work to the ViewModel. A Task created in the action closure is a new Task on
/// every press — nobody keeps it, a double tap runs the work twice, and no test can await it.
struct ViewButtonTaskRule: Rule {
    static let id = "CFA-VIEW-BUTTON-TASK"
    let descriptor = RuleDescriptor(
        id: id, item: 11,
        summary: "A View's Button and gesture actions start no Task; they call a ViewModel method that returns its retained Task",
        help: """
            Reported: `Task { … }` or `Task.detached { … }` created in a View inside the action of a `Button`, `.onTapGesture`, \
            `.onLongPressGesture`, `.onSubmit`, `.onDelete`, `.onMove` or a gesture's `.onEnded` (at the Task), or by a method of \
            the view's own that such an action calls (at the call). The root view \
            is CFA-ROOTTAB-STRUCTURAL's. Fix: `Button("Save") { viewModel.save() }`, where `save()` keeps its Task, reuses a \
            running one and returns it (`@discardableResult func save() -> Task<Void, Never>`).
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let ownTask = index.declaresOwnTaskType
        var findings: [Finding] = []
        for view in index.allEntries where index.isView(view) && view.role != .rootView {
            let helpers = Self.methodsStartingATask(view, projectDeclaresTask: ownTask)
            for part in view.parts where !part.facts.isPreviewOnly {
                for call in part.facts.scope.calls where !call.inPreview {
                    guard let action = call.runsIn, action != "Task", action != "detached", !FactCollector.lifecycleNames.contains(action)
                    else { continue }
                    if AppModelLaunchRule.createsTask(call.shape, projectDeclaresTask: ownTask) {
                        findings.append(descriptor.finding(
                            part.file, call.location,
                            "\(view.name) starts a new Task in a \(Self.describe(action)) on every use; call a ViewModel method "
                                + "that keeps its Task and returns the running one (`Button(…) { viewModel.save() }`)"))
                    } else if call.shape.base == nil || call.shape.base == "self", let task = helpers[call.shape.name] {
                        // The same mistake one call away: the action calls a method of the view's own that starts the Task.
                        let method = "`\(call.shape.name)(\(call.shape.labels.isEmpty ? "" : "…"))`"
                        findings.append(descriptor.finding(
                            part.file, call.location,
                            "\(view.name) starts a new Task through \(method) in a \(Self.describe(action)) on every use; "
                                + "move the work into a ViewModel method that keeps its Task and returns the running one "
                                + "(`Button(…) { viewModel.save() }`)",
                            related: [RelatedLocation(task.file, task.location, "the Task \(method) starts")]))
                    }
                }
            }
        }
        return findings
    }

    /// The view's own instance methods that create a Task in their body (not inside another closure that runs
    /// later), by name, with where the Task is made.
    private static func methodsStartingATask(
        _ view: CodebaseIndex.Entry, projectDeclaresTask: Bool
    ) -> [String: (file: String, location: SourceLocation)] {
        let methods = Set(view.functions.filter { !$0.isStatic && $0.name != "init" }.map(\.name))
        var starting: [String: (file: String, location: SourceLocation)] = [:]
        for part in view.parts where !part.facts.isPreviewOnly {
            for call in part.facts.scope.calls where !call.inPreview && call.runsIn == nil {
                guard let member = call.member, methods.contains(member), starting[member] == nil,
                    AppModelLaunchRule.createsTask(call.shape, projectDeclaresTask: projectDeclaresTask)
                else { continue }
                starting[member] = (part.file, call.location)
            }
        }
        return starting
    }

    private static func describe(_ action: String) -> String {
        action == "Button" ? "Button action" : "`.\(action)` action"
    }
}

extension ViewButtonTaskRule {
    static let reference = """
        Reference 13 (ViewModels and Screens) lists as a common mistake "Creating a new Task in the View's Button \
        action every time it is pressed", and decides: "When a Button triggers async work, call a ViewModel method \
        that returns the retained task." A Task made in the action is kept by nobody: a second press runs the \
        work again, it cannot be cancelled, and a test cannot await it. Error: the page names it a common \
        mistake. **Reported:** at the Task, `Task { … }`, `Task(priority:) { … }` or `Task.detached { … }` created \
        in a View (screen or component, extensions included) inside the action closure of a `Button` (trailing \
        or `action:`, inside `withAnimation` or other closures there too), `.onTapGesture`, \
        `.onLongPressGesture`, `.onSubmit`, `.onDelete`, `.onMove` or a gesture's `.onEnded` — the user actions \
        that run once per use; and, at the call, an action that calls a method of the view's own (`record()`, \
        `self.record()`) which creates such a Task in its body, with the Task as a related place. **Not \
        reported:** `.task { … }` and `.refreshable { … }`, which SwiftUI runs, awaits and cancels; a Task in \
        `.onAppear`, `.onChange` and other lifecycle closures, directly or through a method (not a press; CFA \
        prefers `.task` there, a judgement this rule leaves to review); a Task nested inside another Task (the \
        outer one is the finding); the root view (CFA-ROOTTAB-STRUCTURAL reports any Task there); ViewModels \
        (CFA-VIEWMODEL-TASK-REUSE); `#Preview` and `#if DEBUG` code; a project's own type named `Task`. The \
        official template's older screens still do this (`Button("Try again") { Task { await viewModel.refresh() \
        } }`); Reference 13 is newer and decides. **Fix:** `Button("Save") { viewModel.save() }` with \
        `@discardableResult func save() -> Task<Void, Never>` keeping and reusing its Task in the ViewModel.
        """

    static let examples: [RuleExample] = [
        // A new Task on every press.
        RuleExample(
            .compliant(
                CompliantApp.screenPath,
                replacing: [
                    "Button(\"Add\") { viewModel.placeDraftOrder() }":
                        "Button(\"Add\") { ↓Task { await viewModel.placeDraftOrder().value } }",
                ])),
        // The same Task one call away, in a method of the view's own.
        RuleExample(
            .compliant(
                CompliantApp.screenPath,
                replacing: [
                    "Button(\"Add\") { viewModel.placeDraftOrder() }": "Button(\"Add\") { ↓addOrder() }",
                    "    var body: some View {":
                        "    private func addOrder() {\n        Task { await viewModel.placeDraftOrder().value }\n    }\n\n    var body: some View {",
                ])),
        // A helper that only calls the ViewModel, and one with a Task that a lifecycle closure calls, not a press.
        RuleExample(
            .compliant(
                CompliantApp.screenPath,
                replacing: [
                    "Button(\"Add\") { viewModel.placeDraftOrder() }": "Button(\"Add\") { addOrder() }",
                    ".toolbar {": ".onAppear { warmUp() }\n        .toolbar {",
                    "    var body: some View {":
                        "    private func addOrder() {\n        viewModel.placeDraftOrder()\n    }\n\n"
                        + "    private func warmUp() {\n        Task { await viewModel.placeDraftOrder().value }\n    }\n\n    var body: some View {",
                ])),
        // The Button calls the ViewModel method that keeps its Task; `.task` is SwiftUI's own.
        RuleExample(
            .compliant(
                CompliantApp.screenPath,
                replacing: [
                    ".toolbar {": ".task { await viewModel.placeDraftOrder().value }\n        .toolbar {",
                ])),
    ]
}
