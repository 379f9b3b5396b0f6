/// Item 13: a Feature never knows which screen is showing it. Naming a View or a ViewModel ties the Feature
/// to one screen, so a second screen, a widget or a Watch app cannot reuse it unchanged.
struct FeatureScreenBlindRule: Rule {
    static let id = "CFA-FEATURE-SCREEN-BLIND"
    let descriptor = RuleDescriptor(
        id: id, item: 13,
        summary: "A Feature names no View or ViewModel type",
        help: """
            Reported once per Feature and named type, at the first use: a Feature (declaration or extension outside the \
            View layer) naming one of the app's Views (screens, components, the root view) or ViewModels — in a parameter, \
            result or property type, a cast, a nested type (`OrdersViewModel.Filter`). A stored ViewModel or one the Feature \
            creates is CFA-VIEWMODEL-DEDICATED's. Preview code is not checked. Fix: let the Feature speak in domain values \
            and have the ViewModel translate them for its screen.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let screenTypes = Dictionary(
            (index.entries(with: .viewModel) + index.allEntries.filter(index.isView)).filter { !$0.declaration.isPreviewOnly }
                .map { ($0.name, $0.role == .viewModel ? "the ViewModel" : "the View") },
            uniquingKeysWith: { first, _ in first })
        guard !screenTypes.isEmpty else { return [] }
        var findings: [Finding] = []
        for feature in index.entries(with: .feature) {
            var reported: Set<String> = []
            let dedicated = Self.linesReportedAsDedicated(in: feature, viewModels: index.viewModelNames)
            // Whole names only: the facts keep the first name of a chain (`OrdersViewModel` in `OrdersViewModel.Filter`) on its own.
            let uses = ForbiddenNames.uses(in: feature) { name in screenTypes[name] != nil ? [name] : [] }
                .filter { use in !index.isViewLayerFile(use.file) && !dedicated.contains("\(use.file):\(use.location.line) \(use.what)") }
                .sorted { ($0.file, $0.location) < ($1.file, $1.location) }
            for use in uses where reported.insert(use.what).inserted {
                findings.append(descriptor.finding(
                    use.file, use.location,
                    "\(feature.name) names \(screenTypes[use.what] ?? "the screen type") \(use.what); a Feature never knows which screen "
                        + "is showing it — speak in domain values and let the ViewModel translate them"))
            }
        }
        return findings
    }

    /// Lines where the Feature stores or creates a ViewModel: CFA-VIEWMODEL-DEDICATED reports those, so one defect gives one
    /// finding. Keyed `file:line ViewModel`.
    private static func linesReportedAsDedicated(in feature: CodebaseIndex.Entry, viewModels: Set<String>) -> Set<String> {
        var lines: Set<String> = []
        for part in feature.parts {
            for property in part.facts.storedProperties {
                for held in ViewModelOwnership.viewModels(heldBy: property, among: viewModels) {
                    lines.insert("\(part.file):\(property.location.line) \(held)")
                }
            }
            for call in part.facts.scope.calls {
                if let created = ViewModelOwnership.viewModel(createdBy: call.shape, among: viewModels) {
                    lines.insert("\(part.file):\(call.location.line) \(created)")
                }
            }
        }
        return lines
    }
}

extension FeatureScreenBlindRule {
    static let reference = """
        "A Feature never imports SwiftUI types for layout and never knows which screen is showing it" (Reference \
        3, Layers). CFA-FEATURE-NO-SWIFTUI checks the import; this rule checks the app's own screen types. Error: \
        the page says "never". **Reported:** once per Feature and named type, at its first use in file and line \
        order: a Feature — its declaration and its extensions outside the View layer — naming one of the app's \
        Views (screens, components, the root view) or ViewModels anywhere in its code: a parameter or result \
        type (`func refresh(for screen: OrdersViewModel)`), a construction, a cast, or a type \
        nested in one (`OrdersViewModel.Filter`). **Not reported:** domain values, repositories and other \
        Features; SwiftUI's own types (CFA-FEATURE-NO-SWIFTUI's import finding covers them); an extension of a \
        Feature in a View-layer file (`1 - View/…`), which is View code; names in strings and comments; \
        `#Preview`, `PreviewProvider` and `#if DEBUG` code; Views and ViewModels declared only in previews; a stored \
        property holding a ViewModel or a construction of one, which CFA-VIEWMODEL-DEDICATED reports (one defect, one \
        finding). \
        **Fix:** let the Feature speak in domain values (`Order`, `OrderFilter`) and have the ViewModel translate \
        them for its screen.
        """

    static let examples: [RuleExample] = [
        // A Feature that knows the screen asking it, and the row that shows its orders.
        RuleExample(
            .compliant(
                CompliantApp.featurePath,
                replacing: [
                    "    private func load() async {": """
                            func refresh(for screen: ↓OrdersViewModel) async {
                                if screen.draftName.isEmpty { await load() }
                            }

                            func rowType() -> Any.Type { ↓OrderRow.self }

                            private func load() async {
                        """,
                ])),
        // A Feature storing a ViewModel is CFA-VIEWMODEL-DEDICATED's finding, reported once there.
        RuleExample(
            .compliant(
                CompliantApp.featurePath,
                replacing: [
                    "    private let repository: any OrdersRepository\n":
                        "    private let repository: any OrdersRepository\n    private weak var observer: OrdersViewModel?\n",
                ])),
        // A domain value of the same name family is not a screen type.
        RuleExample(
            .compliant(
                CompliantApp.featurePath,
                replacing: [
                    "    private let repository: any OrdersRepository\n":
                        "    private let repository: any OrdersRepository\n    private(set) var lastViewed: Order?\n",
                ])),
    ]
}
