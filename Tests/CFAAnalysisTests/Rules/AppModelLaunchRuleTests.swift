import GateTestSupport
@testable import CFAAnalysis
import Testing

struct AppModelLaunchRuleTests {
    let id = AppModelLaunchRule.id

    private static let compliantLaunch = """
            func applicationDidFinishLaunching() {
                guard !hasLaunched else { return }
                hasLaunched = true
                ordersFeature.startLoading()
            }
        """

    /// The compliant AppModel with its launch method (and optionally its stored state) replaced.
    private func appModel(launch: String = compliantLaunch, state: String = "    private var hasLaunched = false") -> String {
        """
        import Observation

        @MainActor @Observable
        final class AppModel {
            static let shared = live()

            let ordersFeature: OrdersFeature
        \(state)

            init(ordersFeature: OrdersFeature) {
                self.ordersFeature = ordersFeature
            }

            static func live() -> AppModel {
                AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
            }

        \(launch)
        }
        """
    }

    /// The compliant Feature with `refresh()` added, for the awaited-refresh launch style.
    private func featureWithRefresh(async isAsync: Bool = true) -> String {
        CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(
            of: "    func placeOrder(", with: "    func refresh()\(isAsync ? " async" : "") { }\n\n    func placeOrder(")
    }

    private var awaitedRefresh: AnalysisConfiguration {
        var configuration = AnalysisConfiguration()
        configuration.launch = .awaitedRefresh
        return configuration
    }

    private func findings(_ files: [String: String], configuration: AnalysisConfiguration = AnalysisConfiguration()) -> [Finding] {
        Analysis.findings(id, in: Analysis.app(replacing: files), configuration: configuration)
    }

    // MARK: The compliant forms

    @Test func theExampleAppHasNoFindingInEitherLaunchStyle() async {
        let synchronous = await PlantedSource.exampleApp()
        #expect(synchronous.fileCount > 0)
        #expect(synchronous.findings.filter { $0.rule == id } == [])
        let awaited = await PlantedSource.exampleApp(configuration: awaitedRefresh)
        #expect(awaited.findings.filter { $0.rule == id } == [])
    }

    @Test func discardingTheTaskThatStartLoadingReturnsIsNotStoringIt() {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    _ = ordersFeature.startLoading()
                    let started = self.ordersFeature.startLoading()
                    _ = started
                }
            """
        #expect(findings([CompliantApp.appModelPath: appModel(launch: launch)]) == [])
    }

    @Test func aFeatureWithoutStartLoadingNeedNotBeStarted() {
        let feature = CompliantApp.files[CompliantApp.featurePath]!.replacingOccurrences(of: "func startLoading()", with: "func load()")
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                }
            """
        #expect(findings([CompliantApp.featurePath: feature, CompliantApp.appModelPath: appModel(launch: launch)]) == [])
    }

    @Test func featuresStartedFromAnAppModelHelperCount() {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    startFeatures()
                }

                private func startFeatures() {
                    ordersFeature.startLoading()
                }
            """
        #expect(findings([CompliantApp.appModelPath: appModel(launch: launch)]) == [])
    }

    // MARK: Guard and set

    @Test func aMissingGuardIsReported() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    hasLaunched = true
                    ordersFeature.startLoading()
                }
            """
        let source = appModel(launch: launch)
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.appModelPath)
        #expect(finding.line == PlantedSource.line(of: "func applicationDidFinishLaunching", in: source))
        #expect(finding.item == 9)
        #expect(finding.message.contains("guard !hasLaunched"))
    }

    @Test func aGuardOnAnotherConditionIsNotTheLaunchGuard() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !ordersFeature.isLoading else { return }
                    hasLaunched = true
                    ordersFeature.startLoading()
                }
            """
        #expect(findings([CompliantApp.appModelPath: appModel(launch: launch)]).count == 1)
    }

    @Test func aMissingSetIsReported() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    ordersFeature.startLoading()
                }
            """
        let source = appModel(launch: launch)
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "func applicationDidFinishLaunching", in: source))
        #expect(finding.message.contains("hasLaunched = true"))
    }

    @Test func resettingTheBoolIsNotSettingIt() {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = false
                    ordersFeature.startLoading()
                }
            """
        #expect(findings([CompliantApp.appModelPath: appModel(launch: launch)]).count == 1)
    }

    @Test func settingTheBoolBeforeTheGuardIsReported() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    hasLaunched = true
                    guard !hasLaunched else { return }
                    ordersFeature.startLoading()
                }
            """
        #expect(findings([CompliantApp.appModelPath: appModel(launch: launch)]).count == 1)
    }

    @Test func anAppModelWithoutALaunchBoolIsReported() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    ordersFeature.startLoading()
                }
            """
        let source = appModel(launch: launch, state: "")
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.message.contains("no launch Bool"))
    }

    @Test func anAppModelWithoutTheLaunchMethodIsReported() throws {
        let source = appModel(launch: "")
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "@MainActor @Observable", in: source))
        #expect(finding.message.contains("no `applicationDidFinishLaunching()`"))
    }

    // MARK: Starting each Feature

    @Test func aFeatureWithStartLoadingThatIsNotStartedIsReported() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                }
            """
        let source = appModel(launch: launch)
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "func applicationDidFinishLaunching", in: source))
        #expect(finding.message.contains("ordersFeature.startLoading()"))
    }

    // MARK: Synchronous launch

    @Test func anAsyncLaunchThatAwaitsIsReportedTwice() {
        let launch = """
                func applicationDidFinishLaunching() async {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    await ordersFeature.startLoading().value
                }
            """
        let source = appModel(launch: launch)
        let found = findings([CompliantApp.appModelPath: source])
        #expect(found.map(\.line) == [PlantedSource.line(of: "func applicationDidFinishLaunching", in: source), PlantedSource.line(of: "await ordersFeature", in: source)])
        #expect(found.last?.message.contains("awaits") == true)
    }

    @Test(arguments: ["Task { await ordersFeature.startLoading().value }", "Task.detached { }", "Task(priority: .high) { }"])
    func startingATaskIsReported(_ start: String) throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    ordersFeature.startLoading()
                    \(start)
                }
            """
        let source = appModel(launch: launch)
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: start, in: source))
        #expect(finding.message.contains("starts a Task"))
    }

    @Test func aTaskStartedInAHelperIsReportedInTheHelper() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    self.startFeatures()
                }

                private func startFeatures() {
                    ordersFeature.startLoading()
                    Task { }
                }
            """
        let source = appModel(launch: launch)
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "Task { }", in: source))
    }

    @Test func aProjectTypeNamedTaskIsNotATask() {
        let todo = "struct Task: Identifiable, Sendable {\n    let id: Int\n    var title: String\n}\n"
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    ordersFeature.startLoading()
                    let welcome = Task(id: 0, title: "Welcome")
                    _ = welcome
                }
            """
        let files = [CompliantApp.appModelPath: appModel(launch: launch), "App/Domain/Task.swift": todo]
        #expect(findings(files) == [])
    }

    @Test func storingTheStartedTaskIsReported() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    launchTask = ordersFeature.startLoading()
                }
            """
        let source = appModel(launch: launch, state: "    private var hasLaunched = false\n    private var launchTask: Task<Void, Never>?")
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "launchTask = ordersFeature", in: source))
        #expect(finding.message.contains("stores a Task in AppModel.launchTask"))
    }

    /// A real CFA app's launch: `launchTask = Task { … }` is one defect, reported once, saying both what it starts and where it keeps it.
    @Test func aTaskStartedAndStoredInOneAssignmentIsOneFinding() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    launchTask = Task { ordersFeature.startLoading() }
                }
            """
        let source = appModel(launch: launch, state: "    private var hasLaunched = false\n    private var launchTask: Task<Void, Never>?")
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "launchTask = Task", in: source))
        #expect(finding.message.contains("starts a Task (`Task`) and stores it in AppModel.launchTask"), "\(finding.message)")
    }

    @Test func collectingTasksInAnArrayIsStoringThem() throws {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    launchTasks.append(ordersFeature.startLoading())
                }
            """
        let source = appModel(launch: launch, state: "    private var hasLaunched = false\n    private var launchTasks: [Task<Void, Never>] = []")
        let finding = try #require(findings([CompliantApp.appModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "launchTasks.append", in: source))
    }

    // MARK: Awaited refresh

    @Test func anAwaitedRefreshLaunchIsCompliantInThatStyle() {
        let launch = """
                func applicationDidFinishLaunching() async {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    await ordersFeature.refresh()
                }
            """
        let files = [CompliantApp.featurePath: featureWithRefresh(), CompliantApp.appModelPath: appModel(launch: launch)]
        #expect(findings(files, configuration: awaitedRefresh) == [])
        // The same launch breaks the synchronous promise: it is async, awaits, and does not call startLoading().
        #expect(findings(files).count == 3)
    }

    @Test func anAsyncLetRefreshThatIsAwaitedLaterCounts() {
        let launch = """
                func applicationDidFinishLaunching() async {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    async let orders: Void = ordersFeature.refresh()
                    await orders
                }
            """
        let files = [CompliantApp.featurePath: featureWithRefresh(), CompliantApp.appModelPath: appModel(launch: launch)]
        #expect(findings(files, configuration: awaitedRefresh) == [])
    }

    @Test func aRefreshThatIsNotCalledIsReported() throws {
        let launch = """
                func applicationDidFinishLaunching() async {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    ordersFeature.startLoading()
                }
            """
        let source = appModel(launch: launch)
        let finding = try #require(
            findings([CompliantApp.featurePath: featureWithRefresh(), CompliantApp.appModelPath: source], configuration: awaitedRefresh).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "func applicationDidFinishLaunching", in: source))
        #expect(finding.message.contains("await ordersFeature.refresh()"))
    }

    @Test func aSynchronousRefreshNeedsNoAwait() {
        let launch = """
                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    ordersFeature.refresh()
                }
            """
        let files = [CompliantApp.featurePath: featureWithRefresh(async: false), CompliantApp.appModelPath: appModel(launch: launch)]
        #expect(findings(files, configuration: awaitedRefresh) == [])
    }

    @Test func settingTheBoolAfterAnAwaitIsReported() throws {
        let launch = """
                func applicationDidFinishLaunching() async {
                    guard !hasLaunched else { return }
                    await ordersFeature.refresh()
                    hasLaunched = true
                }
            """
        let source = appModel(launch: launch)
        let finding = try #require(
            findings([CompliantApp.featurePath: featureWithRefresh(), CompliantApp.appModelPath: source], configuration: awaitedRefresh).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "        hasLaunched = true", in: source))
    }

    @Test func aTaskIsReportedInTheAwaitedStyleToo() throws {
        let launch = """
                func applicationDidFinishLaunching() async {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    Task { await ordersFeature.refresh() }
                }
            """
        let source = appModel(launch: launch)
        let finding = try #require(
            findings([CompliantApp.featurePath: featureWithRefresh(), CompliantApp.appModelPath: source], configuration: awaitedRefresh).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "Task {", in: source))
        #expect(finding.message.contains("starts a Task"))
    }

    @Test func aFeatureWithOnlyStartLoadingIsStillStartedInTheAwaitedStyle() throws {
        let launch = """
                func applicationDidFinishLaunching() async {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                }
            """
        let finding = try #require(findings([CompliantApp.appModelPath: appModel(launch: launch)], configuration: awaitedRefresh).onlyFinding)
        #expect(finding.message.contains("ordersFeature.startLoading()"))
    }

    // MARK: Who calls the launch

    @Test func callingTheLaunchFromAViewIsReported() throws {
        let source = CompliantApp.files[CompliantApp.screenPath]!.replacingOccurrences(
            of: "        .toolbar {", with: "        .onAppear { AppModel.shared.applicationDidFinishLaunching() }\n        .toolbar {")
        let finding = try #require(findings([CompliantApp.screenPath: source]).onlyFinding)
        #expect(finding.file == CompliantApp.screenPath)
        #expect(finding.line == PlantedSource.line(of: ".onAppear", in: source))
        #expect(finding.message.contains("OrdersView"))
    }

    @Test func callingTheLaunchFromARootViewNamedByConfigurationIsReported() throws {
        let root = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct RootView: View {
                var body: some View {
                    OrdersView()
                        .task { AppModel.shared.applicationDidFinishLaunching() }
                }
            }
            #endif
            """
        var configuration = AnalysisConfiguration()
        configuration.rootView = "RootView"
        var files = Analysis.app(replacing: ["App/1 - View/RootView.swift": root])
        files[CompliantApp.rootPath] = nil
        let found = Analysis.findings(id, in: files, configuration: configuration)
        #expect(found.map(\.line) == [PlantedSource.line(of: ".task", in: root)])
    }

    @Test func callingTheLaunchFromAViewModelIsReported() throws {
        let source = CompliantApp.files[CompliantApp.viewModelPath]!.replacingOccurrences(
            of: "        self.ordersFeature = ordersFeature\n", with: "        self.ordersFeature = ordersFeature\n        AppModel.shared.applicationDidFinishLaunching()\n")
        let finding = try #require(findings([CompliantApp.viewModelPath: source]).onlyFinding)
        #expect(finding.line == PlantedSource.line(of: "AppModel.shared.applicationDidFinishLaunching()", in: source))
    }

    @Test func anExplicitMainEntryPointMayCallTheLaunch() {
        let main = """
            @main
            enum OrdersMain {
                static func main() {
                    AppModel.shared.applicationDidFinishLaunching()
                }
            }
            """
        #expect(findings(["App/OrdersMain.swift": main]) == [])
    }

    @Test func theAppDelegateAndPreviewsMayCallTheLaunch() {
        let delegate = """
            #if canImport(UIKit)
            import UIKit

            final class AppDelegate: NSObject, UIApplicationDelegate {
                func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
                    AppModel.shared.applicationDidFinishLaunching()
                    return true
                }
            }
            #endif
            """
        let screen = CompliantApp.files[CompliantApp.screenPath]!
            .replacingOccurrences(
                of: "#Preview {\n    OrdersView()", with: "#Preview {\n    AppModel.shared.applicationDidFinishLaunching()\n    return OrdersView()")
            .replacingOccurrences(
                of: "        .toolbar {",
                with: "        .onAppear {\n            #if DEBUG\n            AppModel.shared.applicationDidFinishLaunching()\n            #endif\n        }\n        .toolbar {")
        let previewProvider = """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrdersView_Previews: PreviewProvider {
                static var previews: some View {
                    AppModel.shared.applicationDidFinishLaunching()
                    return OrdersView()
                }
            }
            #endif
            """
        let files = ["App/AppDelegate.swift": delegate, CompliantApp.screenPath: screen, "App/1 - View/Views/Orders/OrdersPreviews.swift": previewProvider]
        #expect(findings(files) == [])
    }
}
