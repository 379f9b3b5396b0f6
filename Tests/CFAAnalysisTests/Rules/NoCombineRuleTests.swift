import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct NoCombineRuleTests {
    private let rule = NoCombineRule.id

    @Test func importCombineIsReportedAtTheImport() throws {
        let feature = CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "import Foundation\n", with: "import Foundation\nimport Combine\n")
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.featurePath: feature]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.file == CompliantApp.featurePath)
        #expect(finding.line == 2)
        #expect(finding.item == 17)
        #expect(finding.message.contains("imports Combine"))
    }

    @Test func anObservableObjectViewModelAndItsPublishedPropertiesAreReportedEvenBehindCanImport() {
        let viewModel = """
            #if canImport(SwiftUI)
            import SwiftUI

            @MainActor
            final class OrdersViewModel: ObservableObject {
                @Published var draftName = ""
                @Published private(set) var isPlacing = false
                var orders: [Order] { [] }
                func placeDraftOrder() {}
            }
            #endif
            """
        let findings = Analysis.findings(rule, in: Analysis.app(replacing: [CompliantApp.viewModelPath: viewModel]))
        #expect(findings.map(\.line) == [4, 6, 7])
        #expect(findings[0].message.contains("OrdersViewModel conforms to ObservableObject"))
        #expect(findings[1].message.contains("OrdersViewModel.draftName is @Published"))
    }

    @Test func testFilesAreNotExempt() {
        let path = "Tests/AppTests/View Model Tests/OrdersPublisherTests.swift"
        let files = Analysis.app(replacing: [path: "import Combine\nimport Testing\n\nstruct OrdersPublisherTests {}\n"])
        #expect(Analysis.findings(rule, in: files).map { "\($0.file):\($0.line)" } == ["\(path):1"])
    }

    @Test func aProjectsOwnObservableObjectOrPublishedIsNotCombine() {
        let files = Analysis.app(replacing: [
            "App/Domain/Observing.swift": """
                protocol ObservableObject {}

                @propertyWrapper
                struct Published<Value> {
                    var wrappedValue: Value
                }

                struct Settings: ObservableObject {
                    @Published var volume = 1
                }
                """
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

}

