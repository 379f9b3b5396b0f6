/// Precondition: is this a CFA app at all? Without an AppModel, a Feature and a screen with its ViewModel,
/// every other rule would pass vacuously; this one makes such an app fail instead, naming what is missing.
public struct AdoptionRule: Rule {
    public static let id = "CFA-ADOPTION"
    public let descriptor = RuleDescriptor(
        id: id, item: nil, category: "precondition",
        summary: "The app has CFA's owners: an AppModel with shared/live(), a Feature, and a screen with its ViewModel",
        help: """
            Reported when the checked scope has no Swift files, no `AppModel` class, an AppModel without `static let shared = \
            live()` or `static func live()`, no Feature, or no screen paired with a ViewModel. Adopt CFA (or point `include` at \
            the app's sources) before the per-item rules can mean anything.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// Findings about the whole app, not a line, are placed on the repository itself.
    static let appWide = SourceLocation(line: 1, column: 1)

    public func check(_ index: CodebaseIndex) -> [Finding] {
        guard !index.files.isEmpty else {
            return [descriptor.finding(".", Self.appWide, "not a CFA app: adoption needed — no Swift files in the checked scope (check `include`/`exclude`)")]
        }
        var findings: [Finding] = []
        if let appModel = index.appModel {
            let hasShared = appModel.properties.contains { $0.name == "shared" && $0.isStatic }
            let hasLive = appModel.functions.contains { $0.name == "live" && $0.isStatic }
            if !hasShared || !hasLive {
                let missing = [hasShared ? nil : "`static let shared = live()`", hasLive ? nil : "`static func live()`"].compactMap { $0 }
                findings.append(descriptor.finding(
                    appModel.file, appModel.location, "not a CFA app: adoption needed — AppModel has no \(missing.joined(separator: " and "))"))
            }
        } else if let other = index.entries["AppModel"]?.first(where: { $0.declaration.kind != .extension && !index.isTestFile($0.file) }) {
            // There is a composition root, of the wrong kind: say so where it is declared.
            findings.append(descriptor.finding(
                other.file, other.location,
                "not a CFA app: adoption needed — AppModel is a \(other.declaration.kind.rawValue), not a class; "
                    + "declare `@MainActor @Observable final class AppModel` so the one graph is shared, not copied"))
        } else {
            findings.append(descriptor.finding(
                ".", Self.appWide,
                "not a CFA app: adoption needed — no composition root (`@MainActor @Observable final class AppModel` with `static let shared = live()`)"))
        }
        if index.entries(with: .feature).isEmpty {
            // A Feature declared in a module or folder outside the analysis is out of sight: say which, and how to fix it.
            let unseen = index.typesStoredOnAppModelDeclaredNowhere
            let hint = unseen.isEmpty ? "" : "; AppModel stores \(unseen.map { "`\($0)`" }.joined(separator: ", ")), which no analysed file declares — "
                + CodebaseIndex.includeTheDeclaringFolder
            findings.append(descriptor.finding(
                ".", Self.appWide, "not a CFA app: adoption needed — no Feature (a `@MainActor @Observable final class XFeature` stored on AppModel)" + hint))
        }
        let pairedScreens = index.entries(with: .screen).filter { index.viewModel(ofScreen: $0) != nil }
        if pairedScreens.isEmpty {
            findings.append(descriptor.finding(
                ".", Self.appWide, "not a CFA app: adoption needed — no screen paired with its ViewModel "
                    + "(`XView` with `@State private var viewModel = XViewModel()`)"))
        }
        return findings
    }
}

extension AdoptionRule {
    static let reference = """
        Is this a CFA app at all? Without CFA's owners every other rule would pass vacuously. **Reported:** a
        checked scope with no Swift files; no `AppModel` class (an `AppModel` struct or actor is named at its \
        declaration); an AppModel without `static let shared = live()`
        or `static func live()`; no Feature; no screen paired with its ViewModel. Every `cfa` item fails with these
        findings. A Feature declared outside the analysis (a package beside the app, a folder `include` leaves out) is \
        out of sight: the finding then names the types AppModel stores that no analysed file declares. **Fix:** adopt \
        CFA, or point `include` at the app's sources and the folders that declare its Features.
        """

    static let examples: [RuleExample] = [
        // The composition root lacks `static let shared = live()`.
        RuleExample(
            .compliant(
                CompliantApp.appModelPath,
                replacing: ["@MainActor @Observable": "↓@MainActor @Observable", "    static let shared = live()\n\n": ""])),
        // An older CFA app: its Feature is a `…Manager` under a Features folder, stored on AppModel.
        RuleExample(
            RuleExample.File(
                "App/2 - AppModel/AppModel.swift",
                """
                import Observation

                @MainActor @Observable
                final class AppModel {
                    static let shared = live()

                    let ordersManager: OrdersManager
                    private var hasLaunched = false

                    init(ordersManager: OrdersManager) {
                        self.ordersManager = ordersManager
                    }

                    static func live() -> AppModel {
                        AppModel(ordersManager: OrdersManager())
                    }

                    func applicationDidFinishLaunching() {
                        guard !hasLaunched else { return }
                        hasLaunched = true
                    }
                }
                """),
            RuleExample.File(
                "App/2 - AppModel/Features/OrdersManager.swift",
                """
                import Observation

                @MainActor @Observable
                final class OrdersManager {
                    private(set) var orders: [Order] = []
                }
                """),
            removing: [CompliantApp.featurePath, CompliantApp.featureTestPath]),
    ]
}
