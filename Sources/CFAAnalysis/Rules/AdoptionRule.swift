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

    public func check(_ index: CodebaseIndex) -> [Finding] {
        guard !index.files.isEmpty else {
            // No file to point at: the finding is the app's, placed on its folder (reporters show no location for it).
            return [descriptor.finding(
                ".", Self.firstLine,
                "not a CFA app: adoption needed — no Swift files in the checked scope (check `include`/`exclude`)")]
        }
        // One finding for the whole app: every missing owner listed, placed where the reader starts.
        var missing: [String] = []
        var place: (file: String, location: SourceLocation)?
        if let appModel = index.appModel {
            let hasShared = appModel.properties.contains { $0.name == "shared" && $0.isStatic }
            let hasLive = appModel.functions.contains { $0.name == "live" && $0.isStatic }
            if !hasShared || !hasLive {
                let absent = [hasShared ? nil : "`static let shared = live()`", hasLive ? nil : "`static func live()`"].compactMap { $0 }
                missing.append("AppModel has no \(absent.joined(separator: " and "))")
                place = (appModel.file, appModel.location)
            }
        } else if let other = index.entries["AppModel"]?.first(where: { $0.declaration.kind != .extension && !index.isTestFile($0.file) }) {
            // There is a composition root, of the wrong kind: say so where it is declared.
            missing.append(
                "AppModel is a \(other.declaration.kind.rawValue), not a class; "
                    + "declare `@MainActor @Observable final class AppModel` so the one graph is shared, not copied")
            place = (other.file, other.location)
        } else {
            missing.append("no composition root (`@MainActor @Observable final class AppModel` with `static let shared = live()`)")
        }
        if index.entries(with: .feature).isEmpty {
            // A Feature declared in a module or folder outside the analysis is out of sight: say which, and how to fix it.
            let unseen = index.typesStoredOnAppModelDeclaredNowhere
            let hint = unseen.isEmpty ? "" : " (AppModel stores \(unseen.map { "`\($0)`" }.joined(separator: ", ")), which no analysed file declares — "
                + CodebaseIndex.includeTheDeclaringFolder + ")"
            missing.append("no Feature (a `@MainActor @Observable final class XFeature` stored on AppModel)" + hint)
        }
        let pairedScreens = index.entries(with: .screen).filter { index.viewModel(ofScreen: $0) != nil }
        if pairedScreens.isEmpty {
            missing.append("no screen paired with its ViewModel (`XView` with `@State private var viewModel = XViewModel()`)")
        }
        guard !missing.isEmpty else { return [] }
        let start = index.appModel == nil && place == nil ? "; start with `\(Self.appModelPath(in: index))`" : ""
        let at = place ?? Self.entryPlace(in: index)
        return [descriptor.finding(at.file, at.location, "not a CFA app: adoption needed — " + missing.joined(separator: "; ") + start)]
    }

    static let firstLine = SourceLocation(line: 1, column: 1)

    /// Where a reader of a whole-app finding starts: the `@main` type, else the package's manifest, else the first file.
    static func entryPlace(in index: CodebaseIndex) -> (file: String, location: SourceLocation) {
        let sources = index.files.filter { !index.isTestFile($0.path) && $0.refusal == nil }
        for file in sources {
            if let main = file.types.first(where: { $0.hasAttribute("main") }) { return (file.path, main.location) }
        }
        if let main = sources.first(where: { $0.fileName == "main.swift" }) { return (main.path, firstLine) }
        if let manifest = shallowest(index.files.filter { $0.fileName == "Package.swift" }) { return (manifest.path, firstLine) }
        return ((sources.first ?? index.files[0]).path, firstLine)
    }

    /// Where `AppModel` belongs: beside the `@main` type; else in the package's first target under `Sources/`; else in
    /// the top folder of the app's sources.
    static func appModelPath(in index: CodebaseIndex) -> String {
        let sources = index.files.filter { !index.isTestFile($0.path) && !VendoredFolders.isManifestName($0.fileName) }
        func inFolder(_ folder: String) -> String { folder.isEmpty ? "AppModel.swift" : "\(folder)/AppModel.swift" }
        if let main = sources.first(where: { file in file.fileName == "main.swift" || file.types.contains { $0.hasAttribute("main") } }) {
            return inFolder(main.folder)
        }
        // SwiftPM's default layout: `Sources/<Target>/…`, the first target in path order.
        for file in sources {
            let components = file.path.split(separator: "/").map(String.init)
            if let sourcesIndex = components.firstIndex(of: "Sources"), sourcesIndex + 2 < components.count {
                return inFolder(components[...(sourcesIndex + 1)].joined(separator: "/"))
            }
        }
        return inFolder(shallowest(sources)?.folder ?? "")
    }

    /// The file nearest the top of the tree, the first in path order among equals.
    private static func shallowest(_ files: [FileFacts]) -> FileFacts? {
        files.min { ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path) }
    }
}

extension AdoptionRule {
    static let reference = """
        Is this a CFA app at all? Without CFA's owners every other rule would pass vacuously. **Reported:** a
        checked scope with no Swift files; no `AppModel` class (an `AppModel` struct or actor is named at its \
        declaration); an AppModel without `static let shared = live()`
        or `static func live()`; no Feature; no screen paired with its ViewModel. It is one finding that lists \
        everything missing, at the AppModel when there is one, else at the `@main` type, else at `Package.swift`, else \
        at the first Swift file; without an AppModel it names the file to start with (beside the `@main` type, else \
        `Sources/<first target>/AppModel.swift`). The first `cfa` item of a run fails with it; every other `cfa` item \
        fails as not judged, pointing at that one. It cannot be baselined. A Feature declared outside the analysis (a \
        package beside the app, a folder `include` leaves out) is \
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
