/// Item 11: a View reaches app state only through its ViewModel. Naming `AppModel`, a Feature or a
/// repository in a View bypasses the ViewModel and ties the View to the composition root.
struct ViewNoModelAccessRule: Rule {
    static let id = "CFA-VIEW-NO-MODEL-ACCESS"
    let descriptor = RuleDescriptor(
        id: id, item: 11,
        summary: "Views never name AppModel, a Feature or a repository",
        help: """
            Reported: a View (root view, screen or component, extensions included) that names `AppModel`, a Feature type or a \
            repository protocol or implementation anywhere — property types, parameters, `AppModel.shared.x`, constructing one — \
            once per line and name. The App type and its application delegate (which launch the app) are not Views and are not \
            reported, nor are `#Preview` and `#if DEBUG` code. Fix: give the screen a ViewModel whose initialiser defaults the \
            Feature from `AppModel.shared`, and read everything through `viewModel`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        // By convention, so a presentation manager (`ThemeManager`) is never a Feature and a repository stored
        // on AppModel is still a repository.
        let features = Set(index.entries(with: .feature).filter { FeatureByConvention.isFeature($0, in: index) }.map(\.name))
        // A `@Model` class in a storage folder is indexed with the repositories, but a View naming it is a
        // record leaving its @ModelActor (CFA-REPO-MODELACTOR), not a View holding a repository.
        let repositories = Set(
            index.allEntries.filter { entry in
                entry.declaration.kind != .extension && !entry.declaration.hasAttribute("Model") && !entry.declaration.hasAttribute("SwiftData.Model")
                    && RepositoryByConvention.isRepository(entry, in: index)
            }.map(\.name))
        var findings: [Finding] = []
        for view in index.allEntries where index.isView(view) {
            let uses = ForbiddenNames.uses(in: view) { referenced in
                TypeText.names(in: referenced).compactMap { name in
                    if name == "AppModel" { return AppModelReads.describe(referenced) }
                    if features.contains(name) { return "the Feature \(name)" }
                    if repositories.contains(name) { return "the repository \(name)" }
                    return nil
                }
            }
            var whatByLine: [String: [String]] = [:]
            for use in uses { whatByLine["\(use.file):\(use.location.line)", default: []].append(use.what) }
            for use in uses where AppModelReads.collapse(whatByLine["\(use.file):\(use.location.line)"] ?? []).contains(use.what) {
                findings.append(descriptor.finding(
                    use.file, use.location,
                    "\(view.name) names \(use.what); a View reads state only through its ViewModel, which defaults its Features from `AppModel.shared`"))
            }
        }
        return findings
    }
}

extension ViewNoModelAccessRule {
    static let reference = """
        A View reaches app state only through its ViewModel; naming `AppModel`, a Feature or a repository bypasses \
        the ViewModel and ties the View to the composition root. **Reported:** a View (root view, screen or \
        component, extensions included) that names `AppModel` (`AppModel.shared.x`, `.environment(AppModel.shared)`, \
        `@Environment(AppModel.self)`), a Feature type, or a repository protocol or implementation anywhere — \
        property types, parameters, construction, code; once per line and name. **Not reported:** the App type and \
        its application delegate, which launch the app and are not Views; a presentation manager such as \
        `ThemeManager` in `@Environment(ThemeManager.self)`, even when AppModel wrongly stores it (Features are told \
        by the index: a domain value such as `Repo` listed in rows or handed to a detail screen is not a Feature, \
        wherever it is declared); a `@Model` record class that happens to sit in a storage folder (that is \
        CFA-REPO-MODELACTOR's finding); `#Preview`, `PreviewProvider` and `#if DEBUG` code. A repository stored on \
        AppModel is still recognised as a repository. The root view is a View here too; where CFA-ROOTTAB-STRUCTURAL \
        or CFA-VIEW-INIT-CLEAN reports the same line, this rule's finding is one of its related locations \
        (see Precedence). The message says whether the AppModel itself or a Feature read from `AppModel.shared` was \
        named. **Fix:** give the screen a ViewModel whose initialiser defaults the Feature from \
        `AppModel.shared`, and read everything through `viewModel`.
        """

    static let examples: [RuleExample] = [
        // A row reaching past its screen's ViewModel into the composition root.
        RuleExample(
            .compliant(
                CompliantApp.componentPath,
                replacing: ["        Text(name)": "        Text(name).badge(↓AppModel.shared.ordersFeature.orders.count)"])),
        // A component receives a domain value; the App type may name AppModel.
        RuleExample(
            .compliant(
                CompliantApp.componentPath,
                replacing: ["    let name: String": "    let order: Order", "        Text(name)": "        Text(order.name)"])),
        // A component that builds its own repository.
        RuleExample(
            .compliant(
                CompliantApp.componentPath,
                replacing: ["    let name: String": "    let name: String\n    private let repository = ↓JSONFileOrdersRepository()"])),
    ]
}
