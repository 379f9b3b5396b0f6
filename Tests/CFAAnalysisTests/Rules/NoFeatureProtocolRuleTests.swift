import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct NoFeatureProtocolRuleTests {
    private let rule = NoFeatureProtocolRule.id
    private let protocolPath = "App/2 - AppModel/Features/OrdersFeatureAPI.swift"

    /// One defect, one finding: the protocol, where the fix goes; the property and the initializer parameter that
    /// use it are its related locations, not findings of their own.
    @Test func aFeatureProtocolIsReportedOnceWithItsUsesAsRelatedLocations() throws {
        let feature = CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "final class OrdersFeature {", with: "final class OrdersFeature: OrdersFeatureAPI {")
        let viewModel = CompliantApp.files[CompliantApp.viewModelPath]!
            .replacingOccurrences(of: "private let ordersFeature: OrdersFeature", with: "private let ordersFeature: any OrdersFeatureAPI")
            .replacingOccurrences(of: "init(ordersFeature: OrdersFeature = ", with: "init(ordersFeature: any OrdersFeatureAPI = ")
        let files = Analysis.app(replacing: [
            protocolPath: """
                @MainActor
                protocol OrdersFeatureAPI: AnyObject {
                    var orders: [Order] { get }
                    func placeOrder(named name: String) async throws -> Order
                }
                """,
            CompliantApp.featurePath: feature,
            CompliantApp.viewModelPath: viewModel,
        ])
        let findings = Analysis.findings(rule, in: files)
        #expect(findings.map { "\($0.file):\($0.line)" } == ["\(protocolPath):1"])
        let protocolFinding = try #require(findings.first)
        #expect(protocolFinding.item == 16)
        #expect(protocolFinding.message.contains("OrdersFeatureAPI") && protocolFinding.message.contains("`OrdersFeature`"))
        #expect(protocolFinding.related.map(\.position) == [
            "\(CompliantApp.viewModelPath):\(PlantedSource.line(of: "private let ordersFeature", in: viewModel))",
            "\(CompliantApp.viewModelPath):\(PlantedSource.line(of: "init(ordersFeature", in: viewModel))",
        ])
        #expect(protocolFinding.related.map(\.message) == [
            "OrdersViewModel.ordersFeature depends on OrdersFeatureAPI", "OrdersViewModel.init parameter `ordersFeature` takes OrdersFeatureAPI",
        ])
        #expect(protocolFinding.compilerStyle.contains(
            "; also at \(protocolFinding.related[0].position), \(protocolFinding.related[1].position) [\(rule), item 16]"))
    }

    /// A protocol in front of the device's speech recognizer, audio session or location is an external boundary,
    /// even when the `*Manager` that conforms sits in a Features folder; a protocol named `*Feature` is not excused.
    @Test func aProtocolOverADeviceFrameworkIsAnExternalBoundary() {
        let manager = """
            import AVFoundation

            @MainActor @Observable
            final class RecorderManager: AudioRecording {
                private(set) var isRecording = false
                func record() throws { isRecording = AVAudioSession.sharedInstance().isInputAvailable }
            }
            """
        let boundary = Analysis.app(replacing: [
            "App/2 - AppModel/Features/Recorder/AudioRecording.swift": "@MainActor protocol AudioRecording: AnyObject {\n    func record() throws\n}",
            "App/2 - AppModel/Features/Recorder/RecorderManager.swift": manager,
            "App/2 - AppModel/Features/Location/LocationManagerProtocol.swift": "import CoreLocation\n\nprotocol LocationManagerProtocol {}",
        ])
        #expect(Analysis.findings(rule, in: boundary) == [])
        let named = Analysis.app(replacing: [
            "App/2 - AppModel/Features/Recorder/RecordingFeatureAPI.swift": "import AVFoundation\n\nprotocol RecordingFeatureAPI {}",
        ])
        #expect(Analysis.findings(rule, in: named).map(\.line) == [3])
        let plain = Analysis.app(replacing: [
            "App/2 - AppModel/Features/Recorder/AudioRecording.swift": "@MainActor protocol AudioRecording: AnyObject {\n    func record() throws\n}",
            "App/2 - AppModel/Features/Recorder/RecorderManager.swift": manager.replacingOccurrences(of: "import AVFoundation", with: "import Foundation"),
        ])
        #expect(Analysis.findings(rule, in: plain).map(\.file) == ["App/2 - AppModel/Features/Recorder/AudioRecording.swift"])
    }

    @Test func everyFeatureProtocolNameIsReported() {
        for name in ["SettingsFeature", "SettingsFeatureAPI", "SettingsFeatureProtocol"] {
            let findings = Analysis.findings(rule, in: Analysis.app(replacing: ["App/Domain/\(name).swift": "protocol \(name) {}"]))
            #expect(findings.map(\.line) == [1], "\(name)")
        }
        let bare = Analysis.findings(rule, in: Analysis.app(replacing: ["App/Domain/SettingsFeature.swift": "protocol SettingsFeature {}"]))
        #expect(bare.first?.message.contains("make `SettingsFeature` itself a `@MainActor @Observable final class`") == true)
    }

    @Test func aProtocolOnlyFeaturesConformToStandsInForAFeature() {
        let feature = CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "final class OrdersFeature {", with: "final class OrdersFeature: OrdersProviding {")
        let files = Analysis.app(replacing: [
            "App/Domain/OrdersProviding.swift": "@MainActor protocol OrdersProviding {\n    var orders: [Order] { get }\n}",
            CompliantApp.featurePath: feature,
        ])
        let findings = Analysis.findings(rule, in: files)
        #expect(findings.map(\.file) == ["App/Domain/OrdersProviding.swift"])
        #expect(findings.first?.message.contains("`OrdersFeature`") == true)
    }

    @Test func aProtocolThatNonFeaturesAlsoConformToIsNotAFeatureProtocol() {
        let feature = CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "final class OrdersFeature {", with: "final class OrdersFeature: Resettable {")
        let files = Analysis.app(replacing: [
            "App/Domain/Resettable.swift": "protocol Resettable {}\nstruct Basket: Resettable {}",
            CompliantApp.featurePath: feature,
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

    @Test func aManagerProtocolCountsOnlyUnderAFeaturesFolder() {
        let files = Analysis.app(replacing: [
            "App/2 - AppModel/Features/SyncManagerProtocol.swift": "protocol SyncManagerProtocol {}",
            "App/1 - View/ThemeManagerProtocol.swift": "protocol ThemeManagerProtocol {}",
        ])
        #expect(Analysis.findings(rule, in: files).map(\.file) == ["App/2 - AppModel/Features/SyncManagerProtocol.swift"])
    }

    @Test func testAndPreviewCodeIsNotReported() {
        let files = Analysis.app(replacing: [
            "Tests/AppTests/Test Support/FakeOrdersFeature.swift": """
                @testable import App

                protocol RecordingFeature {}
                final class FakeOrdersFeature: RecordingFeature {
                    let wrapped: any RecordingFeature
                    init(wrapped: any RecordingFeature) { self.wrapped = wrapped }
                }
                """,
            "App/1 - View/Views/Orders/OrdersPreview.swift": """
                #if DEBUG
                protocol PreviewFeature {}
                #endif
                """,
        ])
        #expect(Analysis.findings(rule, in: files) == [])
    }

}

