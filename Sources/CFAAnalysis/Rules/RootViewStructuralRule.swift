/// Item 6: the root view (`RootTabView` unless configured otherwise) only arranges the screens. Launch
/// work belongs to `AppModel.applicationDidFinishLaunching()` and data to each screen's ViewModel; a root
/// that loads or reaches Features becomes a second, hidden composition root.
struct RootViewStructuralRule: Rule {
    static let id = "CFA-ROOTTAB-STRUCTURAL"
    let descriptor = RuleDescriptor(
        id: id, item: 6,
        summary: "The root view and its ViewModel are structural: no lifecycle work, no Task, no Feature, no AppModel",
        help: """
            Reported in the root view (`RootTabView` or `RootView`, or the configured `rootView`) and in its ViewModel if it has one: \
            `.task`, `.onAppear`, `.refreshable`, `Task { … }`/`Task.detached` (not a project type named `Task`), and any naming \
            of a Feature or `AppModel` — one finding per line. Preview code is excepted. Fix: start Features in \
            `AppModel.applicationDidFinishLaunching()`, called from the App; let each screen's ViewModel load and show its own \
            data.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    private static let lifecycleModifiers: Set<String> = ["task", "onAppear", "refreshable"]

    func check(_ index: CodebaseIndex) -> [Finding] {
        var findings: [Finding] = []
        for root in index.entries(with: .rootView) where !root.declaration.isPreviewOnly {
            findings += check(root, as: root.name, isView: true, index)
            if let viewModel = index.viewModel(ofScreen: root) {
                findings += check(viewModel, as: "\(viewModel.name) (the ViewModel of \(root.name))", isView: false, index)
            }
        }
        return findings
    }

    private func check(_ entry: CodebaseIndex.Entry, as subject: String, isView: Bool, _ index: CodebaseIndex) -> [Finding] {
        let ownsTask = index.declaresOwnTaskType
        let features = index.featureNames
        var findings: [Finding] = []
        for part in entry.parts where !part.facts.isPreviewOnly {
            var usesByLine: [Int: (location: SourceLocation, uses: [String])] = [:]
            func note(_ use: String, at location: SourceLocation) {
                var line = usesByLine[location.line] ?? (location, [])
                line.location = min(line.location, location)
                if !line.uses.contains(use) { line.uses.append(use) }
                usesByLine[location.line] = line
            }
            let calls = part.facts.scope.calls.filter { !$0.inPreview }
            for call in calls {
                if let task = Self.concurrencyTask(call.shape, projectDeclaresTask: ownsTask) { note(task, at: call.location) }
            }
            // A modifier call starts where its view does, often lines earlier; the modifier's own name is
            // kept as a reference at its exact place, so that is where it is reported.
            let modifiers = isView ? Set(calls.map(\.shape.name)).intersection(Self.lifecycleModifiers) : []
            // `init(feature: … = AppModel.shared.x)` is how a ViewModel gets its Features (Reference 13), in the root's too.
            let references = part.facts.scope.references.filter { !$0.inPreview && !AppModelReads.isInFeatureDefaultedParameter($0, of: part.facts) }
            for reference in references {
                let first = String(reference.name.prefix { $0 != "." })
                if modifiers.contains(reference.name) {
                    note("`.\(reference.name)`", at: reference.location)
                } else if first == "AppModel" {
                    note(AppModelReads.describe(reference.name), at: reference.location)
                } else if features.contains(first) {
                    note("the Feature \(first)", at: reference.location)
                }
            }
            for (_, line) in usesByLine.sorted(by: { $0.key < $1.key }) {
                findings.append(descriptor.finding(
                    part.file, line.location,
                    "\(subject) uses \(AppModelReads.collapse(line.uses).joined(separator: " and ")); "
                        + "the root view only arranges screens — start Features in `AppModel.applicationDidFinishLaunching()` "
                        + "and let each screen's ViewModel load its data"))
            }
        }
        return findings
    }

    /// `Task { … }`, `Task.detached { … }`. A project that declares its own `Task` shadows Swift's, so there
    /// only the module-qualified `_Concurrency.Task` is Swift Concurrency's.
    private static func concurrencyTask(_ call: CallShape, projectDeclaresTask: Bool) -> String? {
        let qualified = ["_Concurrency", "Swift"]
        if call.name == "Task" && (call.base == nil ? !projectDeclaresTask : qualified.contains(call.base!)) { return "`Task {`" }
        if call.name == "detached",
            let base = call.base, base == "Task" ? !projectDeclaresTask : qualified.map({ "\($0).Task" }).contains(base)
        {
            return "`Task.detached`"
        }
        return nil
    }
}

extension RootViewStructuralRule {
    static let reference = """
        The root view only arranges the screens; launch work belongs to `AppModel.applicationDidFinishLaunching()` \
        (called from the App) and data to each screen's ViewModel. **Reported:** in the root view — `RootTabView` or \
        `RootView` by default; a configured `rootView` (`"rootView": "MainView"`) replaces both — including its extensions: the `.task`, \
        `.onAppear` and `.refreshable` modifiers (at the modifier's own line), `Task { … }`, `Task.detached { … }`, \
        and any naming of a Feature type or `AppModel`; and in the root view's ViewModel, if it has one, `Task`s and \
        any naming of a Feature or `AppModel` (a stored Feature property included). Uses on one line are reported \
        together in one finding; the message says whether the root itself (`the AppModel`) or a Feature read through it \
        (`a Feature read from AppModel.shared`) was seen. **Not reported:** a ViewModel initialiser's parameter \
        defaulted `= AppModel.shared.<feature>` (its type and its default), which is how every ViewModel gets its Features \
        (Reference 13), the root's included — a root ViewModel keeping a Feature is reported once, at its stored property; \
        `#Preview` and `#if DEBUG` code; presentation managers such as \
        `@Environment(ThemeManager.self)`; a project type named `Task` (which shadows Swift's, so `Task(title:)` \
        there is a domain value; only `_Concurrency.Task { … }` is then Swift Concurrency's); a view named `RootView` \
        when the configuration names another root (it is then an ordinary view). **Fix:** start Features in \
        `AppModel.applicationDidFinishLaunching()`; let each screen's ViewModel load and show its own data, and keep \
        the root a plain `TabView`/`NavigationSplitView` of screens.
        """

    static let examples: [RuleExample] = [
        // The root view starts work and reaches a Feature.
        RuleExample(
            "App/1 - View/RootTabView.swift",
            """
            import SwiftUI

            struct RootTabView: View {
                var body: some View {
                    TabView {
                        OrdersView()
                            .tabItem { Label("Orders", systemImage: "list.bullet") }
                    }
                    .↓task { AppModel.shared.ordersFeature.startLoading() }
                }
            }
            """),
        // A root named `RootView`, a presentation manager from the environment, and a preview.
        RuleExample(
            "App/1 - View/RootView.swift",
            """
            import SwiftUI

            struct RootView: View {
                @Environment(ThemeManager.self) private var themeManager

                var body: some View {
                    TabView {
                        OrdersView()
                            .tabItem { Label("Orders", systemImage: "list.bullet") }
                    }
                    .tint(themeManager.accent)
                }
            }

            #Preview {
                RootView().task { AppModel.shared.applicationDidFinishLaunching() }
            }
            """,
            removing: [CompliantApp.rootPath]),
        // `RootView` is the root by default, held to the same rule as `RootTabView`.
        RuleExample(
            "App/1 - View/Views/Root/RootView.swift",
            """
            import SwiftUI

            struct RootView: View {
                var body: some View {
                    TabView {
                        OrdersView()
                            .tabItem { Label("Orders", systemImage: "list.bullet") }
                    }
                    .↓onAppear { AppModel.shared.applicationDidFinishLaunching() }
                }
            }
            """,
            removing: [CompliantApp.rootPath]),
        // The root's ViewModel keeps a Feature: one finding, at the stored property; its defaulted parameter is the CFA way.
        RuleExample(
            RuleExample.File(
                "App/1 - View/RootTabViewModel.swift",
                """
                import Observation

                @MainActor @Observable
                final class RootTabViewModel {
                    private let ordersFeature: ↓OrdersFeature

                    init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                        self.ordersFeature = ordersFeature
                    }

                    var badge: Int { ordersFeature.orders.count }
                }
                """),
            RuleExample.File(
                "App/1 - View/RootTabView.swift",
                """
                import SwiftUI

                struct RootTabView: View {
                    @State private var viewModel = RootTabViewModel()

                    var body: some View {
                        TabView {
                            OrdersView()
                                .tabItem { Label("Orders", systemImage: "list.bullet") }
                                .badge(viewModel.badge)
                        }
                    }
                }
                """)),
        // A real app's root ViewModel: dependencies behind protocols, each defaulted from `AppModel.shared`. Not this rule's.
        RuleExample(
            RuleExample.File(
                "App/1 - View/RootTabViewModel.swift",
                """
                import Observation

                protocol PurchaseFeature: AnyObject { var hasAccess: Bool { get } }

                @MainActor @Observable
                final class RootTabViewModel {
                    private let purchases: any PurchaseFeature

                    init(purchases: any PurchaseFeature = AppModel.shared.purchases, orders: OrdersFeature = AppModel.shared.ordersFeature) {
                        self.purchases = purchases
                    }

                    var hasAccess: Bool { purchases.hasAccess }
                }
                """),
            RuleExample.File(
                "App/1 - View/RootTabView.swift",
                """
                import SwiftUI

                struct RootTabView: View {
                    @State private var viewModel = RootTabViewModel()

                    var body: some View {
                        TabView {
                            OrdersView()
                                .tabItem { Label("Orders", systemImage: "list.bullet") }
                        }
                        .disabled(!viewModel.hasAccess)
                    }
                }
                """)),
        // In a project with its own `Task` type, `Task(title:)` is a domain value, not Swift Concurrency.
        RuleExample(
            RuleExample.File(
                "App/Domain/Task.swift",
                """
                struct Task: Sendable {
                    var title: String
                }
                """),
            RuleExample.File(
                "App/1 - View/RootTabView.swift",
                """
                import SwiftUI

                struct RootTabView: View {
                    private let welcome = Task(title: "Try placing an order")

                    var body: some View {
                        TabView {
                            OrdersView()
                                .tabItem { Label("Orders", systemImage: "list.bullet") }
                            Text(welcome.title)
                                .tabItem { Label("Welcome", systemImage: "hand.wave") }
                        }
                    }
                }
                """)),
    ]
}
