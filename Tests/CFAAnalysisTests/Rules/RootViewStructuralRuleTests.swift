import GateTestSupport
@testable import CFAAnalysis
import Foundation
import Testing

struct RootViewStructuralRuleTests {
    static let rule = RootViewStructuralRule.id

    static func single(_ findings: [Finding]) -> Finding? { findings.count == 1 ? findings[0] : nil }

    /// A root view named `name` whose `TabView` gets `modifiers`, and whose struct gets `members`.
    static func root(named name: String = "RootTabView", members: String = "", modifiers: String = "") -> String {
        """
        #if canImport(SwiftUI)
        import SwiftUI

        struct \(name): View {
            \(members)
            var body: some View {
                TabView {
                    OrdersView()
                        .tabItem { Label("Orders", systemImage: "list.bullet") }
                }
                \(modifiers)
            }
        }
        #endif
        """
    }

    static func findings(_ root: String, configuration: AnalysisConfiguration = AnalysisConfiguration(), extraFiles: [String: String] = [:]) -> [Finding] {
        Analysis.findings(Self.rule, in: Analysis.app(replacing: extraFiles.merging([CompliantApp.rootPath: root]) { _, new in new }), configuration: configuration)
    }

    @Test(arguments: [
        (".task { await Task.yield() }", "`.task`"), (".onAppear { print(\"root\") }", "`.onAppear`"),
        (".refreshable { await Task.yield() }", "`.refreshable`"), (".onAppear { Task { await Task.yield() } }", "`Task {`"),
        (".onAppear { Task.detached { } }", "`Task.detached`"),
    ])
    func lifecycleWorkIsReportedOnItsLine(modifier: String, use: String) throws {
        let source = Self.root(modifiers: modifier)
        let finding = try #require(Self.single(Self.findings(source)))
        #expect(finding.file == CompliantApp.rootPath)
        #expect(finding.line == PlantedSource.line(of: modifier, in: source))
        #expect(finding.item == 6)
        #expect(finding.message.hasPrefix("RootTabView uses "))
        #expect(finding.message.contains(use))
    }

    @Test func aLifecycleModifierReachingAppModelIsOneFinding() throws {
        let source = Self.root(modifiers: ".onAppear { AppModel.shared.ordersFeature.startLoading() }")
        let finding = try #require(Self.single(Self.findings(source)))
        #expect(finding.message.hasPrefix("RootTabView uses `.onAppear` and a Feature read from `AppModel.shared`; the root view only arranges screens"))
    }

    @Test func aFeatureReadFromTheEnvironmentIsReported() throws {
        let source = Self.root(members: "@Environment(OrdersFeature.self) private var ordersFeature")
        let finding = try #require(Self.single(Self.findings(source)))
        #expect(finding.line == PlantedSource.line(of: "@Environment(OrdersFeature.self)", in: source))
        #expect(finding.message.contains("the Feature OrdersFeature"))
    }

    @Test func theRootViewModelIsCheckedToo() throws {
        let viewModel = """
            import Observation

            @MainActor @Observable
            final class RootTabViewModel {
                var selectedTab = 0
                private let ordersFeature: OrdersFeature

                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                    self.ordersFeature = ordersFeature
                }
            }
            """
        let path = "App/1 - View/RootTabViewModel.swift"
        let findings = Self.findings(Self.root(members: "@State private var viewModel = RootTabViewModel()"), extraFiles: [path: viewModel])
        // Once, where it keeps the Feature; the parameter defaulted from `AppModel.shared` is the CFA way (issue 36).
        #expect(findings.map(\.file) == [path])
        #expect(findings.map(\.line) == [PlantedSource.line(of: "private let ordersFeature", in: viewModel)])
        #expect(findings.last?.message.hasPrefix("RootTabViewModel (the ViewModel of RootTabView) uses the Feature OrdersFeature;") == true)
    }

    @Test func aRootViewNamedRootViewOrByConfigurationIsTheOneChecked() throws {
        let source = Self.root(named: "RootView", modifiers: ".task { await Task.yield() }")
        let app = CompliantApp.files[CompliantApp.appPath]!.replacingOccurrences(of: "RootTabView()", with: "RootView()")
        var configuration = AnalysisConfiguration()
        configuration.rootView = "RootView"
        let finding = try #require(Self.single(Self.findings(source, configuration: configuration, extraFiles: [CompliantApp.appPath: app])))
        #expect(finding.message.hasPrefix("RootView uses `.task`"))
        // `RootView` is a root by default too.
        #expect(Self.single(Self.findings(source, extraFiles: [CompliantApp.appPath: app]))?.message.hasPrefix("RootView uses `.task`") == true)
        // A configured root replaces both default names: `RootView` is then just another view, and this rule does not
        // look at it.
        configuration.rootView = "MainView"
        #expect(Self.findings(source, configuration: configuration, extraFiles: [CompliantApp.appPath: app]) == [])
    }

    @Test func aProjectTypeNamedTaskIsNotSwiftConcurrency() {
        let task = "struct Task: Sendable {\n    var title: String\n}"
        let source = Self.root(members: "private let welcome = Task(title: \"Welcome\")")
        #expect(Self.findings(source, extraFiles: ["App/Domain/Task.swift": task]) == [])
        #expect(Self.findings(Self.root(modifiers: ".onAppear { _ = Task { } }")).count == 1)
    }

    @Test func presentationManagersAndPreviewsAreFine() {
        let theme = """
            import Observation

            @MainActor @Observable
            final class ThemeManager {
                var accent = "blue"
            }
            """
        let source = Self.root(members: "@Environment(ThemeManager.self) private var theme")
            .replacingOccurrences(of: "#endif", with: "#Preview {\n    RootTabView().onAppear { AppModel.shared.applicationDidFinishLaunching() }\n}\n#endif")
        #expect(source.contains("#Preview"))
        #expect(Self.findings(source, extraFiles: ["App/1 - View/Theme/ThemeManager.swift": theme]) == [])
    }
}
