import GateTestSupport
@testable import CFAAnalysis
import Testing

struct TestFileLookupTests {
    private func index(_ files: [String: String]) -> CodebaseIndex {
        Analysis.result(files).index
    }

    private func app(without removed: [String], adding added: [String: String] = [:]) -> [String: String] {
        var files = Analysis.app(replacing: added)
        for path in removed { files[path] = nil }
        return files
    }

    private let testSource = "import Testing\n"

    @Test func existingTestsAreFoundInTheirFolders() {
        let index = index(CompliantApp.files)
        #expect(TestFileLookup.viewModelTest(for: "OrdersViewModel", in: index) == CompliantApp.viewModelTestPath)
        #expect(TestFileLookup.featureTest(for: "OrdersFeature", in: index) == CompliantApp.featureTestPath)
        #expect(TestFileLookup.viewModelTest(for: "OrdersFeature", in: index) == nil)
        #expect(TestFileLookup.featureTest(for: "OrdersViewModel", in: index) == nil)
    }

    @Test func aTestFileNamedLikeAnotherDoesNotCount() {
        let index = index(app(
            without: [CompliantApp.viewModelTestPath],
            adding: ["Tests/AppTests/View Model Tests/DraftOrdersViewModelTests.swift": testSource]))
        #expect(TestFileLookup.viewModelTest(for: "OrdersViewModel", in: index) == nil)
    }

    @Test func theFolderAlreadyUsedForSuchTestsIsProposed() {
        let index = index(app(
            without: [CompliantApp.viewModelTestPath, CompliantApp.featureTestPath],
            adding: [
                "Tests/AppTests/2 - View Model Tests/A/AViewModelTests.swift": testSource,
                "Tests/AppTests/2 - View Model Tests/B/BViewModelTests.swift": testSource,
                "Tests/Other/View Model Tests/CViewModelTests.swift": testSource,
                "Tests/AppTests/AppModel Tests/AppModelTests.swift": testSource,
            ]))
        #expect(TestFileLookup.proposedViewModelTestPath(for: "OrdersViewModel", in: index) == "Tests/AppTests/2 - View Model Tests/OrdersViewModelTests.swift")
        #expect(TestFileLookup.proposedFeatureTestPath(for: "OrdersFeature", in: index) == "Tests/AppTests/AppModel Tests/OrdersFeatureTests.swift")
    }

    @Test func theFirstConfiguredFolderNameWinsOverLaterOnes() {
        let index = index(app(
            without: [CompliantApp.featureTestPath],
            adding: [
                "Tests/AppTests/AppModel Tests/AppModelTests.swift": testSource,
                "Tests/AppTests/AppModel Tests/LaunchTests.swift": testSource,
                "Tests/AppTests/Feature Tests/CustomersFeatureTests.swift": testSource,
            ]))
        #expect(TestFileLookup.proposedFeatureTestPath(for: "OrdersFeature", in: index) == "Tests/AppTests/Feature Tests/OrdersFeatureTests.swift")
    }

    @Test func theOtherTestsFolderGivesTheSibling() {
        let index = index(app(without: [CompliantApp.viewModelTestPath, CompliantApp.testDoublePath]))
        #expect(TestFileLookup.proposedViewModelTestPath(for: "OrdersViewModel", in: index) == "Tests/AppTests/View Model Tests/OrdersViewModelTests.swift")
    }

    @Test func anyTestFileGivesTheTestTarget() {
        let swiftPM = index(app(without: [CompliantApp.viewModelTestPath, CompliantApp.featureTestPath]))
        #expect(TestFileLookup.proposedFeatureTestPath(for: "OrdersFeature", in: swiftPM) == "Tests/AppTests/Feature Tests/OrdersFeatureTests.swift")

        let xcode = index(app(
            without: [CompliantApp.viewModelTestPath, CompliantApp.featureTestPath, CompliantApp.testDoublePath],
            adding: ["OrdersAppTests/LaunchTests.swift": testSource]))
        #expect(TestFileLookup.proposedViewModelTestPath(for: "OrdersViewModel", in: xcode) == "OrdersAppTests/View Model Tests/OrdersViewModelTests.swift")
    }

    @Test func withoutAnyTestsTheModuleNamesANewTestTarget() {
        let allTests = [CompliantApp.viewModelTestPath, CompliantApp.featureTestPath, CompliantApp.testDoublePath]
        let package = index(app(without: allTests, adding: ["Package.swift": "// swift-tools-version: 6.0\n"]))
        #expect(TestFileLookup.proposedViewModelTestPath(for: "OrdersViewModel", in: package) == "Tests/AppTests/View Model Tests/OrdersViewModelTests.swift")

        // No manifest: an Xcode project, whose unit tests sit in `<App>Tests/` beside `<App>/`.
        let xcode = index(app(without: allTests))
        #expect(TestFileLookup.proposedViewModelTestPath(for: "OrdersViewModel", in: xcode) == "AppTests/View Model Tests/OrdersViewModelTests.swift")

        let swiftPM = index([
            "Sources/HabitTracker/2 - AppModel/Features/HabitsFeature.swift": "@MainActor @Observable final class HabitsFeature {}\n"
        ])
        #expect(TestFileLookup.proposedFeatureTestPath(for: "HabitsFeature", in: swiftPM) == "Tests/HabitTrackerTests/Feature Tests/HabitsFeatureTests.swift")
    }

    @Test func configuredFolderNamesAreUsed() {
        var configuration = AnalysisConfiguration()
        configuration.folders.featureTests = ["Domain Tests"]
        let index = Analysis.result(app(without: [CompliantApp.featureTestPath]), configuration: configuration).index
        #expect(TestFileLookup.featureTest(for: "OrdersFeature", in: index) == nil)
        #expect(TestFileLookup.proposedFeatureTestPath(for: "OrdersFeature", in: index) == "Tests/AppTests/Domain Tests/OrdersFeatureTests.swift")
    }
}
