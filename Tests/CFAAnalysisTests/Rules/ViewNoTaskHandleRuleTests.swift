import GateTestSupport
@testable import CFAAnalysis
import Testing

struct ViewNoTaskHandleRuleTests {
    let id = ViewNoTaskHandleRule.id

    private func findings(_ files: [String: String]) -> [Finding] {
        Analysis.findings(id, in: Analysis.app(replacing: files))
    }

    private func screen(storing property: String) -> String {
        CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "    @State private var viewModel = OrdersViewModel()",
            with: "    @State private var viewModel = OrdersViewModel()\n    \(property)")
    }

    @Test(arguments: [
        "@State private var loadTask: Task<Void, Never>?",
        "@State private var pending: [Task<Void, Never>] = []",
        "@State private var refresh = Task { }",
        "private let detachedWork = Task.detached { }",
    ])
    func aStoredTaskIsReportedAtItsProperty(_ property: String) throws {
        let source = screen(storing: property)
        let finding = try #require(findings([CompliantApp.screenPath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.line == PlantedSource.line(of: property, in: source))
        #expect(finding.item == 11)
        #expect(finding.message.contains("stores a Task"))
    }

    @Test func aProjectTypeNamedTaskIsNotATaskHandle() {
        let todo = "struct Task: Identifiable, Sendable {\n    let id: Int\n    var title: String\n}\n"
        let row = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct TaskRow: View {
                let task: Task
                @State private var edited: Task? = nil

                var body: some View { Text(task.title) }
            }
            #endif
            """
        #expect(findings(["App/Domain/Task.swift": todo, "App/1 - View/Components/TaskRow.swift": row]) == [])
    }

    @Test func swiftsTaskIsStillATaskWhenTheProjectDeclaresItsOwn() throws {
        let todo = "struct Task: Identifiable, Sendable {\n    let id: Int\n}\n"
        let source = screen(storing: "@State private var loading: _Concurrency.Task<Void, Never>?")
        let finding = try #require(findings(["App/Domain/Task.swift": todo, CompliantApp.screenPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "_Concurrency.Task", in: source))
    }

    @Test func theTaskModifierAndTaskGroupsAreNotStoredHandles() {
        let source = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "        .toolbar {",
            with: "        .task { let started = Task { }; _ = started }\n        .toolbar {")
        #expect(findings([CompliantApp.screenPath: source]) == [])
    }

    @Test func aDebugOnlyPropertyIsNotChecked() {
        let source = screen(storing: "#if DEBUG\n    @State private var debugTask: Task<Void, Never>?\n    #endif")
        #expect(findings([CompliantApp.screenPath: source]) == [])
    }

    @Test func aHarnessViewDeclaredInsideAPreviewIsNotChecked() {
        let source = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "#Preview {\n    OrdersView()\n}",
            with: """
                #Preview {
                    struct Harness: View {
                        @State private var loading: Task<Void, Never>?
                        var body: some View { OrdersView() }
                    }
                    return Harness()
                }
                """)
        #expect(source.contains("struct Harness"))
        #expect(findings([CompliantApp.screenPath: source]) == [])
    }
}
