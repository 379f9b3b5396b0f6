import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct FileImportsRuleTests {
    private let rule = FileImportsRule.id

    private func orderViewModel(imports: String) -> String {
        """
        \(imports)

        @MainActor @Observable
        final class OrdersViewModel {
            private let ordersFeature: OrdersFeature

            init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                self.ordersFeature = ordersFeature
            }

            var orders: [Order] { ordersFeature.orders }
            func placeDraftOrder() {}
        }
        """
    }

    @Test func theCompliantAppImportsWhatItUses() {
        #expect(Analysis.findings(rule, in: CompliantApp.files) == [])
    }

    @Test func observableWithoutObservationOrSwiftUIIsReportedAtTheAttribute() throws {
        let source = orderViewModel(imports: "import Foundation")
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == CompliantApp.viewModelPath)
        #expect(finding.line == 3)
        #expect(finding.column == 12)
        #expect(finding.item == 21)
        #expect(
            finding.message
                == "OrdersViewModel uses @Observable but OrdersViewModel.swift does not import Observation or SwiftUI; add `import Observation` to this file")
    }

    @Test(arguments: ["import Observation", "import SwiftUI", "@preconcurrency import Observation", "import Foundation\nimport SwiftUI"])
    func observableIsFineWithEitherModule(imports: String) {
        let source = orderViewModel(imports: imports)
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])) == [])
    }

    @Test func eachFileNeedsItsOwnImport() {
        // The Feature's file imports Observation; that does not cover the ViewModel's file in the same target.
        let source = orderViewModel(imports: "")
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source]))
        #expect(findings.map(\.file) == [CompliantApp.viewModelPath])
    }

    @Test func aQualifiedObservableAttributeStillNeedsTheImport() {
        let source = orderViewModel(imports: "import Foundation").replacingOccurrences(of: "@Observable", with: "@Observation.Observable")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])).count == 1)
    }

    @Test func swiftDataMacrosNeedSwiftData() {
        let record = """
            import Foundation

            @Model
            final class OrderRecord {
                var name: String
                init(name: String) { self.name = name }
            }

            @ModelActor
            actor SwiftDataOrdersRepository {}
            """
        let path = "App/3 - User Data Storage/SwiftDataOrdersRepository.swift"
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [path: record]))
        #expect(findings.map(\.line) == [3, 9])
        #expect(findings.first?.message.contains("OrderRecord uses @Model") == true)
        #expect(findings.last?.message.contains("SwiftDataOrdersRepository uses @ModelActor") == true)
        #expect(findings.allSatisfy { $0.message.contains("add `import SwiftData`") })

        let imported = record.replacingOccurrences(of: "import Foundation", with: "import Foundation\nimport SwiftData")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [path: imported])) == [])
    }

    @Test func aScopedImportCountsAsImportingItsModule() {
        let record = "import class SwiftData.ModelContext\n\n@Model\nfinal class OrderRecord {}\n"
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: ["App/3 - User Data Storage/OrderRecord.swift": record])) == [])
    }

    @Test func swiftDataDoesNotProvideObservable() {
        let source = orderViewModel(imports: "import SwiftData")
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])).count == 1)
    }

    @Test func anImportBehindCanImportSwiftUICounts() {
        let source = "#if canImport(SwiftUI)\n" + orderViewModel(imports: "import SwiftUI") + "\n#endif\n"
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: source])) == [])
    }

    @Test func previewAndTestCodeIsCheckedToo() {
        let files = Analysis.app(replacing: [
            "App/1 - View/Views/Orders/OrdersPreviewSupport.swift": """
                #if DEBUG
                @Observable
                final class PreviewOrdersStore {}
                #endif
                """,
            "Tests/AppTests/Test Support/SpyOrdersStore.swift": """
                @testable import App

                @Observable
                final class SpyOrdersStore {}
                """,
        ])
        #expect(Analysis.findings(rule, in: files).map(\.file) == [
            "App/1 - View/Views/Orders/OrdersPreviewSupport.swift", "Tests/AppTests/Test Support/SpyOrdersStore.swift",
        ])
    }

    @Test func otherAttributesNeedNothing() {
        let source = """
            @MainActor
            final class Clock {
                @discardableResult func tick() -> Int { 0 }
            }
            """
        #expect(Analysis.findings(rule, in: Analysis.app(replacing: ["App/Domain/Clock.swift": source])) == [])
    }

    @Test func theExampleAppImportsWhatItUses() async {
        let result = await Analyzer.analyze(repositoryRoot: PlantedSource.exampleAppRoot, configuration: AnalysisConfiguration())
        #expect(result.fileCount > 0)
        #expect(result.findings.filter { $0.rule == rule } == [])
    }

}
