import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct TestFeatureFileRuleTests {
    private let rule = TestFeatureFileRule.id

    private func app(without removed: [String], adding added: [String: String] = [:]) -> [String: String] {
        var files = Analysis.app(replacing: added)
        for path in removed { files[path] = nil }
        return files
    }

    @Test func theCompliantAppHasItsFeatureTests() {
        #expect(Analysis.findings(rule, in: CompliantApp.files) == [])
    }

    @Test func aMissingFeatureTestIsReportedAtTheFeatureNamingTheFileToAdd() throws {
        let findings = Analysis.findings(rule, in: app(without: [CompliantApp.featureTestPath]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == CompliantApp.featurePath)
        #expect(finding.line == 4)
        #expect(finding.column == 1)
        #expect(finding.item == 23)
        #expect(finding.message == "OrdersFeature has no test file; add Tests/AppTests/Feature Tests/OrdersFeatureTests.swift")
    }

    @Test(arguments: [
        "Tests/AppTests/AppModel Tests/OrdersFeatureTests.swift", "Tests/AppTests/FeatureTests/OrdersFeatureTests.swift",
        "Tests/AppTests/1 - feature tests/OrdersFeatureTests.swift",
    ])
    func eitherFeatureTestsFolderCounts(path: String) {
        let files = app(without: [CompliantApp.featureTestPath], adding: [path: CompliantApp.files[CompliantApp.featureTestPath]!])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    /// CFA's unit-test layout, one folder per Feature: `FeatureTests/Progress/ProgressTests.swift` is `ProgressManager`'s.
    @Test func aFeatureFolderOfFeatureTestsHoldsThatFeaturesTests() {
        let manager = { (name: String) in "import Observation\n\n@MainActor @Observable\nfinal class \(name) {\n    private(set) var items: [String] = []\n}" }
        let test = "import Testing\n@testable import App\n\nstruct Tests {}"
        let features = [
            "App/2 - AppModel/Features/Progress/ProgressManager.swift": manager("ProgressManager"),
            "App/2 - AppModel/Features/LanguageTerms/LanguageTermsManager.swift": manager("LanguageTermsManager"),
        ]
        let layout = features.merging([
            "AppTests/FeatureTests/Progress/ProgressTests.swift": test,
            "AppTests/FeatureTests/LanguageTerms/LanguageTermsTests.swift": test,
        ]) { _, new in new }
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: layout)) == [])
        // The folder decides, whatever the file is called.
        let folders = features.merging([
            "AppTests/FeatureTests/Progress/GoalTrackingTests.swift": test,
            "AppTests/FeatureTests/LanguageTermsManager/LookupTests.swift": test,
        ]) { _, new in new }
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: folders)) == [])
        // A folder named for another Feature, or outside a Feature-tests folder, is not this Feature's.
        let elsewhere = features.merging([
            "AppTests/FeatureTests/Settings/GoalTrackingTests.swift": test,
            "AppTests/LanguageTerms/LookupTests.swift": test,
            // Tests mirroring the sources (metro-mate's `AppModel tests/Features/Metronome/Audio/…`) test the parts, not the Feature.
            "AppTests/FeatureTests/Features/LanguageTerms/Audio/PlayerTests.swift": test,
        ]) { _, new in new }
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: elsewhere)).map(\.file) == features.keys.sorted())
    }

    /// Trend keeps `AppModel tests/WeightImportTests.swift` for `WeightImportManager`: named for the Feature without `Manager`.
    @Test func aTestFileNamedForTheFeatureWithoutItsSuffixCounts() {
        let manager = "import Observation\n\n@MainActor @Observable\nfinal class WeightImportManager {\n    private(set) var count = 0\n}"
        let feature = ["App/2 - AppModel/Features/Import/WeightImportManager.swift": manager]
        let test = "import Testing\n@testable import App\n\nstruct WeightImportTests {}"
        let inFolder = feature.merging(["AppTests/AppModel tests/WeightImportTests.swift": test]) { _, new in new }
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: inFolder)) == [])
        let elsewhere = feature.merging(["AppTests/Support/WeightImportTests.swift": test]) { _, new in new }
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: elsewhere)).count == 1)
    }

    @Test func aTestFileInTheWrongFolderIsNamedWithWhereToMoveIt() throws {
        let misplaced = "Tests/AppTests/View Model Tests/OrdersFeatureTests.swift"
        let files = app(without: [CompliantApp.featureTestPath], adding: [misplaced: CompliantApp.files[CompliantApp.featureTestPath]!])
        let finding = try #require(Analysis.findings(rule, in: files).first)
        #expect(
            finding.message
                == "OrdersFeature's test file \(misplaced) is not in a tests folder for it; move it to Tests/AppTests/Feature Tests/OrdersFeatureTests.swift")
    }

    @Test func aSecondFeatureOnAppModelNeedsItsOwnTest() {
        let files = Analysis.app(replacing: [
            "App/2 - AppModel/Features/CustomersFeature.swift": """
                import Observation

                @MainActor @Observable
                final class CustomersFeature {
                    private(set) var names: [String] = []
                }
                """
        ])
        #expect(Analysis.findings(rule, in: files).map(\.message) == [
            "CustomersFeature has no test file; add Tests/AppTests/Feature Tests/CustomersFeatureTests.swift"
        ])
    }

    @Test func presentationManagersAreNotFeatures() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Theme/ThemeManager.swift": """
                import Observation

                @MainActor @Observable
                final class ThemeManager {
                    var accent = "blue"
                }
                """
        ])
        #expect(Analysis.findings(rule, in: files) == [])
        // A `*Manager` under a Features folder is an older CFA app's Feature, and needs its tests.
        let legacy = Analysis.app(replacing: [
            "App/2 - AppModel/Features/SettingsManager.swift": "import Observation\n\n@MainActor @Observable\nfinal class SettingsManager {}\n"
        ])
        #expect(Analysis.findings(rule, in: legacy).map(\.file) == ["App/2 - AppModel/Features/SettingsManager.swift"])
    }

    @Test func theExampleAppHasItsFeatureTests() async {
        let result = await Analyzer.analyze(repositoryRoot: PlantedSource.exampleAppRoot, configuration: AnalysisConfiguration())
        #expect(result.fileCount > 0)
        #expect(result.findings.filter { $0.rule == rule } == [])
    }

}
