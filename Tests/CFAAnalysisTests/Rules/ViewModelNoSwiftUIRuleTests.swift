import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct ViewModelNoSwiftUIRuleTests {
    private let rule = ViewModelNoSwiftUIRule.id

    /// The compliant ViewModel with `extraImport` written before `import Observation` (line 1).
    private func viewModel(importing extraImport: String) -> String {
        "\(extraImport)\n" + CompliantApp.files[CompliantApp.viewModelPath]!
    }

    @Test func aViewModelImportingSwiftUIIsAWarningOfItem13AtTheImport() throws {
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: viewModel(importing: "import SwiftUI")]))
        let finding = try #require(findings.onlyFinding)
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == 1)
        #expect(finding.item == 13)
        #expect(finding.severity == .warning)
        // The text names the ViewModel and the cost the model build pays for it.
        #expect(finding.message.contains("OrdersViewModel") && finding.message.contains("model build leaves this file out"))
    }

    @Test func theIdIsTheOneTheModelBuildsReasonsName() {
        #expect(rule == "CFA-VIEWMODEL-NO-SWIFTUI")
        #expect(RuleCatalog.descriptor(for: rule)?.item == 13)
    }

    @Test func aConfiguredSeverityApplies() {
        var configuration = AnalysisConfiguration()
        configuration.rules = [rule: .error]
        let findings = Analysis.findings(
            rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: viewModel(importing: "import SwiftUI")]), configuration: configuration)
        #expect(findings.map(\.severity) == [.error])
    }

    @Test func aViewModelBesideItsViewIsToldToMoveToAFileOfItsOwn() throws {
        let screen = CompliantApp.files[CompliantApp.screenPath]!
        let viewModel = CompliantApp.files[CompliantApp.viewModelPath]!.replacingOccurrences(of: "import Observation\n", with: "")
        let combined = screen.replacingOccurrences(of: "#endif", with: "\nimport Observation\n\n" + viewModel + "\n#endif")
        // Without the guard the model build would leave the combined file out.
        let unguarded = combined.replacingOccurrences(of: "#if canImport(SwiftUI)\n", with: "").replacingOccurrences(of: "\n#endif", with: "")
        let files = Analysis.app(replacing: [CompliantApp.screenPath: unguarded]).filter { $0.key != CompliantApp.viewModelPath }
        let finding = try #require(Analysis.findings(rule, in: files).onlyFinding)
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.message.contains("beside a View") && finding.message.contains("a file of its own"))
    }

    @Test func viewsTestsAndTheCompliantAppAreLeftAlone() {
        #expect(Analysis.findings(rule, in: CompliantApp.files) == [])
        // A test file that extends the ViewModel with SwiftUI is test code.
        let testExtension = "import SwiftUI\n@testable import App\n\nextension OrdersViewModel {\n    var tint: Color { .blue }\n}\n"
        let files = Analysis.app(replacing: ["Tests/AppTests/View Model Tests/OrdersViewModel+Tint.swift": testExtension])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func anImportBehindCanImportIsNotReportedButOneBehindAnotherConditionIs() {
        let guarded = viewModel(importing: "#if canImport(SwiftUI)\nimport SwiftUI\n#endif")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: guarded])) == [])
        // `#if os(iOS)` is not a guard the model build honours: the file is left out on Linux all the same.
        let platform = viewModel(importing: "#if os(iOS)\nimport SwiftUI\n#endif")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: platform])).map(\.line) == [2])
    }
}
