import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewModelTaskReuseRuleTests {
    private let rule = ViewModelTaskReuseRule.id

    /// The compliant ViewModel's shape with `members` in place of its methods.
    private func viewModel(_ members: String) -> String {
        """
        import Observation

        @MainActor @Observable
        final class OrdersViewModel {
            var draftName = ""
            private var placeTask: Task<Void, Never>?
            private var loadTask: Task<Void, Never>?
            private var rowTasks: [UUID: Task<Void, Never>] = [:]
            private let ordersFeature: OrdersFeature

            init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                self.ordersFeature = ordersFeature
            }

            var orders: [Order] { ordersFeature.orders }

        \(members)
        }
        """
    }

    private func findings(_ members: String) -> [Finding] {
        Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: viewModel(members)]))
    }

    @Test func theCompliantAppKeepsAndReusesItsTasks() {
        #expect(Analysis.findings(rule, in: CompliantApp.files) == [])
    }

    @Test(arguments: [
        "    func placeDraftOrder() {\n        Task { await ordersFeature.startLoading().value }\n    }",
        "    func placeDraftOrder() {\n        Task.detached { print(1) }\n    }",
        "    func placeDraftOrder() {\n        _ = Task { await ordersFeature.startLoading().value }\n    }",
        "    func placeDraftOrder() -> Task<Void, Never> {\n        Task(priority: .high) { await ordersFeature.startLoading().value }\n    }",
        "    func placeDraftOrder() -> Task<Void, Never> {\n        let task = Task { await ordersFeature.startLoading().value }\n        return task\n    }",
        "    func placeDraftOrder() {\n        [1, 2].forEach { _ in Task { print(1) } }\n    }",
    ])
    func aTaskWhoseHandleIsNotKeptIsReportedAtTheTask(members: String) throws {
        let found = findings(members)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == PlantedSource.line(of: "Task", in: viewModel(members), after: 17))
        #expect(finding.item == 22)
        #expect(finding.message.hasPrefix("OrdersViewModel.placeDraftOrder starts a Task it does not keep"))
        #expect(finding.message.contains("`if let placeDraftOrderTask { return placeDraftOrderTask }`"))
    }

    @Test(arguments: [
        "    func placeDraftOrder() {\n        placeTask = Task { placeTask = nil }\n    }",
        "    func placeDraftOrder() {\n        self.placeTask = Task.detached { print(1) }\n    }",
        "    func placeDraftOrder() -> Task<Void, Never> {\n        let task = Task { placeTask = nil }\n        placeTask = task\n        return task\n    }",
    ])
    func aStoredTaskWithoutAReuseCheckIsReported(members: String) throws {
        let finding = try #require(findings(members).first)
        #expect(finding.line == PlantedSource.line(of: "Task", in: viewModel(members), after: 17))
        #expect(
            finding.message
                == "OrdersViewModel.placeDraftOrder stores its Task in `placeTask` without checking for a running one; first reuse it (`if let placeTask { return placeTask }`) or cancel it (`placeTask?.cancel()`)")
    }

    @Test(arguments: [
        "    func placeDraftOrder() -> Task<Void, Never> {\n        if let placeTask { return placeTask }\n        let task = Task { placeTask = nil }\n        placeTask = task\n        return task\n    }",
        "    func placeDraftOrder() -> Task<Void, Never> {\n        if let running = self.placeTask { return running }\n        let task = Task { placeTask = nil }\n        self.placeTask = task\n        return task\n    }",
        "    func placeDraftOrder() {\n        guard placeTask == nil else { return }\n        placeTask = Task { placeTask = nil }\n    }",
        "    func placeDraftOrder() {\n        placeTask?.cancel()\n        placeTask = Task { print(1) }\n    }",
        "    func placeDraftOrder() {\n        self.placeTask?.cancel()\n        placeTask = Task.detached { print(1) }\n    }",
        "    func load(id: UUID) {\n        rowTasks[id]?.cancel()\n        rowTasks[id] = Task { print(1) }\n    }",
        "    func load(id: UUID) {\n        guard rowTasks[id] == nil else { return }\n        let task = Task { print(1) }\n        rowTasks[id] = task\n    }",
        "    func load(id: UUID) {\n        rowTasks[id]?.cancel()\n        let task = Task { print(1) }\n        rowTasks.updateValue(task, forKey: id)\n    }",
    ])
    func aStoredTaskWithAReuseOrCancelCheckIsFine(members: String) {
        #expect(findings(members) == [])
    }

    @Test func aCheckAfterTheTaskOrOnAnotherPropertyDoesNotCount() {
        let late = "    func placeDraftOrder() {\n        placeTask = Task { print(1) }\n        if placeTask != nil { print(2) }\n    }"
        let other = "    func placeDraftOrder() {\n        loadTask?.cancel()\n        placeTask = Task { print(1) }\n    }"
        let elsewhere = "    func cancelLoad() {\n        placeTask?.cancel()\n    }\n\n    func placeDraftOrder() {\n        placeTask = Task { print(1) }\n    }"
        #expect(findings(late).count == 1)
        #expect(findings(other).count == 1)
        #expect(findings(elsewhere).count == 1)
    }

    /// A Task started in `init` is not this rule's: CFA-VIEWMODEL-INIT-QUIET reports it, once, kept or not.
    @Test func aTaskStartedAtInitializationIsLeftToTheQuietInitializerRule() {
        let members = """
                private let observation = Task { print(1) }

                init(feature: OrdersFeature, observing: Bool) {
                    ordersFeature = feature
                    loadTask = Task { print(2) }
                }
            """
        #expect(findings(members) == [])
        let unkept = "    init(feature: OrdersFeature, observing: Bool) {\n        ordersFeature = feature\n        Task { print(2) }\n    }"
        #expect(findings(unkept) == [])
        let app = Analysis.app(replacing: [CompliantApp.viewModelPath: viewModel(unkept)])
        #expect(Analysis.findings(ViewModelInitQuietRule.id, in: app).map(\.message) == [
            "OrdersViewModel.init starts a Task; a ViewModel initializer only captures its dependency "
                + "— start this from a ViewModel method the screen calls (`.task { await viewModel.load() }`)",
        ])
    }

    @Test func otherTaskAPIsCreateNothing() {
        let members = "    func wait() async throws {\n        try await Task.sleep(for: .seconds(1))\n        try Task.checkCancellation()\n        await Task.yield()\n    }"
        #expect(findings(members) == [])
    }

    @Test func aProjectTypeNamedTaskIsNotSwiftConcurrency() {
        let files = Analysis.app(replacing: [
            "App/Domain/Task.swift": "struct Task: Equatable {\n    var title: String\n}\n",
            CompliantApp.viewModelPath: viewModel("    func makeTask() -> Task {\n        Task(title: draftName)\n    }"),
        ])
        #expect(Analysis.findings(rule, in: files) == [])

        let concurrency = Analysis.app(replacing: [
            "App/Domain/Task.swift": "struct Task: Equatable {\n    var title: String\n}\n",
            CompliantApp.viewModelPath: viewModel("    func placeDraftOrder() {\n        _Concurrency.Task { print(1) }\n    }"),
        ])
        #expect(Analysis.findings(rule, in: concurrency).count == 1)
    }

    @Test func viewsFeaturesAndManagersAreNotViewModels() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Components/Spinner.swift": """
                import SwiftUI

                struct Spinner: View {
                    var body: some View { ProgressView().onAppear { Task { print(1) } } }
                }
                """,
            "App/1 - View/Theme/ThemeManager.swift": """
                import Observation

                @MainActor @Observable
                final class ThemeManager {
                    func reload() { Task { print(1) } }
                }
                """,
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func aViewModelInsideCanImportSwiftUIIsChecked() {
        let source = "#if canImport(SwiftUI)\n" + viewModel("    func placeDraftOrder() {\n        Task { print(1) }\n    }") + "\n#endif\n"
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])).map(\.line) == [19])
    }

    @Test func previewAndDebugOnlyCodeIsNotChecked() {
        let members = """
            #if DEBUG
                static func preview() -> OrdersViewModel {
                    let viewModel = OrdersViewModel(ordersFeature: AppModel.shared.ordersFeature)
                    Task { print(1) }
                    return viewModel
                }
            #endif
            """
        #expect(findings(members) == [])
    }

    @Test func theExampleAppKeepsAndReusesItsTasks() async {
        let result = await Analyzer.analyze(repositoryRoot: PlantedSource.exampleAppRoot, configuration: AnalysisConfiguration())
        #expect(result.fileCount > 0)
        #expect(result.findings.filter { $0.rule == rule } == [])
    }

    @Test func aCancelInAHelperCalledFirstCounts() {
        // metro-mate's shape: `stopRepeating()` cancels the running Task before a new one is stored.
        let helper = """
            func startRepeating() {
                stopRepeating()
                loadTask = Task { await ordersFeature.refresh() }
            }

            func stopRepeating() {
                loadTask?.cancel()
                loadTask = nil
            }
        """
        #expect(findings(helper) == [])
        // A helper that does not touch the property is no check.
        let unrelated = helper.replacingOccurrences(of: "loadTask?.cancel()\n        loadTask = nil", with: "draftName = \"\"")
        #expect(findings(unrelated).count == 1)
    }

    @Test func anInFlightFlagRaisedBeforeTheTaskCounts() {
        // RocketLaunch's shape: `guard !isBusy else { return }; isBusy = true` refuses a second run.
        let flagged = """
            private(set) var isBusy = false

            func save() {
                guard !isBusy else { return }
                isBusy = true
                placeTask = Task {
                    _ = try? await ordersFeature.placeOrder(named: draftName)
                    isBusy = false
                    placeTask = nil
                }
            }
        """
        #expect(findings(flagged) == [])
        // Checking the flag without raising it before the Task is no guard: two taps start two Tasks.
        let unraised = flagged.replacingOccurrences(of: "        isBusy = true\n        placeTask", with: "        placeTask")
        #expect(findings(unraised).count == 1)
    }
}
