/// Item 11: a View describes what to show; reading preferences, files, the network, the bundle, SwiftData
/// or notifications is work for a repository behind a Feature (or a presentation dependency).
struct ViewDeclarativeRule: Rule {
    static let id = "CFA-VIEW-DECLARATIVE"
    let descriptor = RuleDescriptor(
        id: id, item: 11,
        summary: "Views stay declarative: no UserDefaults, FileManager, URLSession, Bundle.main, ModelContext or NotificationCenter",
        help: """
            Reported: a View (root view, screen or component, extensions included) that names `UserDefaults`, `FileManager`, \
            `URLSession`, `Bundle.main`, `ModelContext` (also `@Environment(\\.modelContext)`) or `NotificationCenter`, once per \
            line and API. `@AppStorage`, `#Preview` and `#if DEBUG` code are not reported. Fix: move the work into a repository \
            behind a Feature and let the screen's ViewModel expose the result.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// Names whose first component, or whole chain prefix, marks a side-effecting API.
    private static let typeNames = ["UserDefaults", "FileManager", "URLSession", "ModelContext", "NotificationCenter"]
    private static let prefixes = typeNames + ["Bundle", "modelContext"]

    func check(_ index: CodebaseIndex) -> [Finding] {
        var findings: [Finding] = []
        for view in index.allEntries where index.isView(view) {
            for use in ForbiddenNames.uses(in: view, classify: { Self.api(named: $0).map { [$0] } ?? [] }) {
                findings.append(descriptor.finding(
                    use.file, use.location,
                    "\(view.name) uses \(use.what); "
                        + "a View stays declarative — move this into a repository behind a Feature and read the result through the ViewModel"))
            }
        }
        return findings
    }

    /// `UserDefaults.standard.set` → `UserDefaults`; `Bundle.main.url` → `Bundle.main`; `\.modelContext` → `ModelContext`.
    private static func api(named name: String) -> String? {
        // Asked of every reference in every View: most start with none of the names and need no splitting.
        let start = name.drop { $0 == "." }
        guard prefixes.contains(where: { TypeText.begins(start, with: $0) }) else { return nil }
        let components = name.split(separator: ".").map(String.init)
        guard let first = components.first else { return nil }
        if typeNames.contains(first) { return first }
        if first == "Bundle" && components.dropFirst().first == "main" { return "Bundle.main" }
        if name == "modelContext" { return "ModelContext" }
        return nil
    }
}

extension ViewDeclarativeRule {
    static let reference = """
        A View describes what to show; preferences, files, the network, the bundle, SwiftData and notifications are \
        work for a repository behind a Feature. **Reported:** a View — root view, screen or component, its extensions \
        in any file included — that names `UserDefaults`, `FileManager`, `URLSession`, `Bundle.main`, `ModelContext` \
        or `NotificationCenter`, or declares `@Environment(\\.modelContext)`; once per line and API, at the first use \
        on the line. **Not reported:** `@AppStorage`/`@SceneStorage` (SwiftUI's declarative storage), `Bundle.module` \
        and other bundles; the App type, ViewModels and other non-View types (other rules own them); `#Preview`, \
        `PreviewProvider` and `#if DEBUG` code. Views inside `#if canImport(SwiftUI)` are checked like any other; the \
        root view is `RootTabView` or `RootView`, or the configured `rootView`. **Fix:** move the work into a \
        repository behind a Feature and let the screen's ViewModel expose the result.
        """

    static let examples: [RuleExample] = [
        // A View reading storage itself.
        RuleExample(
            .compliant(
                CompliantApp.componentPath,
                replacing: ["        Text(name)": "        Text(name).bold(↓UserDefaults.standard.bool(forKey: \"boldNames\"))"])),
        // SwiftUI's own property wrapper for a preference; names in strings and comments are text.
        RuleExample(
            .compliant(
                CompliantApp.componentPath,
                replacing: [
                    "    let name: String": """
                            @AppStorage("boldNames") private var boldNames = false
                            let name: String
                        """,
                    "        Text(name)": """
                                // Not FileManager: the order's name is all this row shows.
                                Text(name).bold(boldNames).accessibilityHint("UserDefaults keep the style")
                        """,
                ])),
        // A screen touching the file system.
        RuleExample(
            .compliant(
                CompliantApp.screenPath,
                replacing: [
                    "            OrderRow(name: order.name)":
                        "            OrderRow(name: order.name)\n                .disabled(↓FileManager.default.isReadableFile(atPath: \"/tmp\"))",
                ])),
    ]
}
