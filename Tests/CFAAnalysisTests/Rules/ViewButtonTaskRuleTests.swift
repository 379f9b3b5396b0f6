@testable import CFAAnalysis
import Testing

/// A Button that starts its Task through a method of the view's own is the same mistake as one that starts it
/// inline: reported at the call in the action, with the Task as a related place.
struct ViewButtonTaskRuleTests {
    private static func findings(_ screen: String) -> [Finding] {
        Analysis.findings(ViewButtonTaskRule.id, in: Analysis.app(replacing: [CompliantApp.screenPath: screen]))
    }

    /// The compliant screen with its Button's action replaced and `helper` added before `body`.
    private static func screen(action: String, helper: String) -> String {
        CompliantApp.files[CompliantApp.screenPath]!
            .replacingOccurrences(of: "Button(\"Add\") { viewModel.placeDraftOrder() }", with: "Button(\"Add\") { \(action) }")
            .replacingOccurrences(of: "    var body: some View {", with: "    \(helper)\n\n    var body: some View {")
    }

    @Test func aMethodWithArgumentsCalledThroughSelfIsReportedAtTheCallWithTheTask() throws {
        let source = Self.screen(
            action: "self.add(named: viewModel.draftName)",
            helper: "private func add(named name: String) {\n        Task { await viewModel.placeDraftOrder().value }\n    }")
        let finding = try #require(Self.findings(source).first)
        #expect(Self.findings(source).count == 1)
        #expect(finding.line == PlantedSource.line(of: "self.add(named:", in: source))
        #expect(finding.message.hasPrefix("OrdersView starts a new Task through `add(…)` in a Button action on every use"))
        #expect(finding.related.map(\.line) == [PlantedSource.line(of: "Task { await", in: source)])
    }

    @Test func aMethodWithATaskThatNoPressCallsIsNotReported() {
        let source = Self.screen(
            action: "viewModel.placeDraftOrder()", helper: "private func add() {\n        Task { await viewModel.placeDraftOrder().value }\n    }")
        #expect(Self.findings(source) == [])
    }
}
