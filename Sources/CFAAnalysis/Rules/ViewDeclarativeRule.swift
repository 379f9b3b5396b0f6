/// Item 11: a View describes what to show; reading preferences, files, the network, the bundle, SwiftData
/// or notifications is work for a repository behind a Feature (or a presentation dependency).
public struct ViewDeclarativeRule: Rule {
    public static let id = "CFA-VIEW-DECLARATIVE"
    public let descriptor = RuleDescriptor(
        id: id, item: 11,
        summary: "Views stay declarative: no UserDefaults, FileManager, URLSession, Bundle.main, ModelContext or NotificationCenter",
        help: "Reported: a View (root view, screen or component, extensions included) that names `UserDefaults`, `FileManager`, `URLSession`, `Bundle.main`, `ModelContext` (also `@Environment(\\.modelContext)`) or `NotificationCenter`, once per line and API. `@AppStorage`, `#Preview` and `#if DEBUG` code are not reported. Fix: move the work into a repository behind a Feature and let the screen's ViewModel expose the result.")

    public init() {}

    /// Names whose first component, or whole chain prefix, marks a side-effecting API.
    private static let typeNames = ["UserDefaults", "FileManager", "URLSession", "ModelContext", "NotificationCenter"]
    private static let prefixes = typeNames + ["Bundle", "modelContext"]

    public func check(_ index: CodebaseIndex) -> [Finding] {
        var findings: [Finding] = []
        for view in index.allEntries where index.isView(view) {
            for use in ForbiddenNames.uses(in: view, classify: { Self.api(named: $0).map { [$0] } ?? [] }) {
                findings.append(descriptor.finding(
                    use.file, use.location,
                    "\(view.name) uses \(use.what); a View stays declarative — move this into a repository behind a Feature and read the result through the ViewModel"))
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
