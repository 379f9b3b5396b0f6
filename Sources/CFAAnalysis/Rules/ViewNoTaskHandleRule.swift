/// Item 11: a View does not own work. A stored `Task` in a View is work whose lifetime and reuse belong
/// to the screen's ViewModel (which keeps its Tasks, item 22) or to the `.task` modifier.
struct ViewNoTaskHandleRule: Rule {
    static let id = "CFA-VIEW-NO-TASK-HANDLE"
    let descriptor = RuleDescriptor(
        id: id, item: 11,
        summary: "Views store no Task handles",
        help: """
            Reported: a stored property of a View (root view, screen or component, `@State` included) whose type names Swift's \
            `Task` (`Task<Void, Never>?`, `[Task<…>]`) or that is initialised with `Task { … }`. When the project declares its \
            own type named `Task`, only `_Concurrency.Task` counts. Views declared in previews and `#if DEBUG` properties are not \
            reported. Fix: start the work from a ViewModel method that keeps and reuses its Task, or use the `.task { await \
            viewModel.load() }` modifier.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let ownTask = index.declaresOwnTaskType
        var findings: [Finding] = []
        for view in index.allEntries where index.isView(view) {
            for part in view.parts where !part.facts.isPreviewOnly {
                for property in part.facts.storedProperties
                where Self.holdsTask(property, projectDeclaresTask: ownTask)
                    && !part.facts.scope.isDebugOnly(member: property.name, line: property.location.line)
                {
                    findings.append(descriptor.finding(
                        part.file, property.location,
                        "\(view.name).\(property.name) stores a Task; let the ViewModel own and reuse the Task (or use `.task { … }`)"))
                }
            }
        }
        return findings
    }

    private static func holdsTask(_ property: PropertyFact, projectDeclaresTask: Bool) -> Bool {
        if let typeText = property.typeText {
            let names = TypeText.names(in: typeText)
            if zip(names, names.dropFirst()).contains(where: { $0 == ("_Concurrency", "Task") || $0 == ("Swift", "Task") }) { return true }
            return !projectDeclaresTask && names.contains("Task")
        }
        guard let call = property.initializer?.call else { return false }
        if call.name == "Task" { return call.base == "_Concurrency" || call.base == "Swift" || (call.base == nil && !projectDeclaresTask) }
        return call.name == "detached" && (call.base == "_Concurrency.Task" || (call.base == "Task" && !projectDeclaresTask))
    }
}

extension ViewNoTaskHandleRule {
    static let reference = """
        A View does not own work: a stored Task's lifetime and reuse belong to the screen's ViewModel (item 22) or to \
        the `.task` modifier. **Reported:** a stored property of a View (root view, screen or component, `@State` \
        included) whose type names Swift's `Task` (`Task<Void, Never>?`, `[Task<Void, Never>]`) or that is \
        initialised with `Task { … }` / `Task.detached { … }`, at the property. **Not reported:** when the project \
        declares its own type named `Task` (a to-do app's `struct Task`), `Task` means that type and only \
        `_Concurrency.Task`/`Swift.Task` counts; local `let task = Task { … }` inside a body or the `.task { }` \
        modifier (not stored); `TaskGroup` and other names; ViewModels (they must keep their Tasks); Views declared \
        inside `#Preview` and `#if DEBUG` properties. **Fix:** start the work from a ViewModel method that keeps and \
        reuses its Task, or use `.task { await viewModel.load() }`.
        """

    static let examples: [RuleExample] = [
        // A screen keeping a Task handle.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersView.swift",
            """
            import SwiftUI

            struct OrdersView: View {
                @State private var viewModel = OrdersViewModel()
                @State private var ↓refreshTask: Task<Void, Never>?

                var body: some View {
                    List(viewModel.orders) { order in OrderRow(name: order.name) }
                }
            }
            """),
        // The project's own `Task` type is a domain value, not Swift's.
        RuleExample(
            RuleExample.File(
                "App/Domain/Task.swift",
                """
                import Foundation

                struct Task: Identifiable, Sendable {
                    let id: UUID
                    var title: String
                }
                """),
            RuleExample.File(
                "App/1 - View/Components/TaskRow.swift",
                """
                import SwiftUI

                struct TaskRow: View {
                    let task: Task

                    var body: some View {
                        Text(task.title)
                    }
                }
                """)),
    ]
}
