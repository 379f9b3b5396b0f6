import Foundation
import GateTestSupport
@testable import CFAAnalysis
import Testing

struct IndexTests {
    @Test func theCompliantAppsTypesGetTheirRoles() {
        let index = Analysis.result(CompliantApp.files).index
        #expect(index.role(of: "AppModel") == .appModel)
        #expect(index.role(of: "OrdersFeature") == .feature)
        #expect(index.role(of: "OrdersRepository") == .repositoryProtocol)
        #expect(index.role(of: "JSONFileOrdersRepository") == .repositoryImplementation)
        #expect(index.role(of: "Order") == .domain)
        #expect(index.role(of: "OrdersView") == .screen)
        #expect(index.role(of: "OrdersViewModel") == .viewModel)
        #expect(index.role(of: "RootTabView") == .rootView)
        #expect(index.role(of: "OrderRow") == .componentView)
        #expect(index.role(of: "OrdersApp") == .app)
        #expect(index.role(of: "OrdersFeatureTests") == .test)
        #expect(index.role(of: "InMemoryOrdersRepository") == .test)
        let screen = index.entry(named: "OrdersView")!
        #expect(index.viewModel(ofScreen: screen)?.name == "OrdersViewModel")
    }

    @Test func aDeviceAdapterBehindTheAppsOwnProtocolInAFeaturesFolderIsNoFeature() {
        let adapter = """
            import AVFoundation
            import Observation

            @MainActor protocol SpeechReader: AnyObject {
                func speak(_ text: String)
            }

            @MainActor @Observable
            final class AppleSpeechReader: SpeechReader {
                func speak(_ text: String) {}
            }
            """
        let folder = "App/2 - AppModel/Features/Speech/"
        let index = Analysis.result(Analysis.app(replacing: [folder + "AppleSpeechReader.swift": adapter])).index
        #expect(index.role(of: "AppleSpeechReader") != .feature)

        // Without the device framework, or without the protocol, an observable class there still owns state: a Feature.
        let plain = adapter.replacingOccurrences(of: "import AVFoundation\n", with: "")
        #expect(Analysis.result(Analysis.app(replacing: [folder + "AppleSpeechReader.swift": plain])).index.role(of: "AppleSpeechReader") == .feature)
        let unconforming = adapter.replacingOccurrences(of: "final class AppleSpeechReader: SpeechReader", with: "final class AppleSpeechReader")
        #expect(Analysis.result(Analysis.app(replacing: [folder + "AppleSpeechReader.swift": unconforming])).index.role(of: "AppleSpeechReader") == .feature)
    }

    @Test func theCompliantAppIsACFAApp() {
        let result = Analysis.result(CompliantApp.files)
        #expect(result.findings == [])
    }
    @Test func aStructAppModelIsNamedWhereItIsDeclared() throws {
        var source = CompliantApp.files[CompliantApp.appModelPath]!
        source = source.replacingOccurrences(of: "@MainActor @Observable\nfinal class AppModel", with: "@MainActor\nstruct AppModel")
        let findings = Analysis.findings("CFA-ADOPTION", in: Analysis.app(replacing: [CompliantApp.appModelPath: source]))
        let finding = try #require(findings.onlyFinding)
        #expect(finding.file == CompliantApp.appModelPath)
        #expect(finding.message.contains("AppModel is a struct, not a class"))
    }
}
