/// Item 12: a Feature is given what it needs through its initialiser (built in `AppModel.live()`). Reading
/// `AppModel.shared` from a Feature hides a dependency, reaches up to the composition root, and makes the
/// Feature untestable without the live app.
struct FeatureNoSharedRule: Rule {
    static let id = "CFA-FEATURE-NO-SHARED"
    let descriptor = RuleDescriptor(
        id: id, item: 12,
        summary: "Features never read AppModel.shared or hold the AppModel",
        help: """
            Reported: a Feature (extensions included) that reads `AppModel.shared` — in code, a property initialiser or a \
            parameter default — or otherwise names the `AppModel` type (a stored `appModel`, a parameter), once per line. \
            `#Preview` and `#if DEBUG` code are not reported. Fix: pass the repository (or, rarely, another Feature) into the \
            Feature's initialiser and wire it in `AppModel.live()`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        var findings: [Finding] = []
        for feature in index.entries(with: .feature) where FeatureByConvention.isFeature(feature, in: index) {
            for part in feature.parts {
                var seenLines: Set<Int> = []
                let references = part.facts.scope.references.filter {
                    // A text naming AppModel first starts with it or with punctuation; most references are turned away unsplit.
                    !$0.inPreview && (TypeText.begins($0.name, with: "AppModel") || !TypeText.startsWithIdentifier($0.name))
                        && TypeText.names(in: $0.name).first == "AppModel"
                }
                // The longest chain on a line says the most: `AppModel.shared.habitsFeature` over `AppModel`.
                for reference in references.sorted(by: { ($0.location, $1.name.count) < ($1.location, $0.name.count) }) {
                    guard seenLines.insert(reference.location.line).inserted else { continue }
                    let readsShared = references.contains { $0.location.line == reference.location.line && $0.name.hasPrefix("AppModel.shared") }
                    let message = readsShared
                        ? "\(feature.name) reads AppModel.shared; pass what it needs into its initialiser and wire it in `AppModel.live()`"
                        : "\(feature.name) names AppModel; a Feature never reaches up to the composition root — pass what it needs into its initialiser"
                    findings.append(descriptor.finding(part.file, reference.location, message))
                }
            }
        }
        return findings
    }
}

extension FeatureNoSharedRule {
    static let reference = """
        A Feature gets what it needs through its initialiser, wired in `AppModel.live()`; reaching for \
        `AppModel.shared` hides a dependency, reaches up to the composition root, and makes the Feature untestable \
        without the live app. **Reported:** a Feature (a `*Feature`, or a legacy `*Manager` under a Features folder, \
        extensions in any file included) that reads `AppModel.shared` — in a method, a property initialiser or a \
        parameter default (`init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature)`) — once per line; \
        and, a decision where the catalogue is silent, a Feature that otherwise names the `AppModel` type (`weak var \
        appModel: AppModel?`, an `AppModel` parameter), since holding the root is the same reach upwards. **Not \
        reported:** ViewModels defaulting their Features from `AppModel.shared` (item 2 asks for exactly that); \
        presentation managers that are not Features by convention; `#Preview`, `PreviewProvider` and `#if DEBUG` \
        code. **Fix:** pass the repository (or, rarely, another Feature) into the Feature's initialiser and wire it \
        in `AppModel.live()`.
        """

    static let examples: [RuleExample] = [
        // A Feature reaching the composition root.
        RuleExample(
            "App/2 - AppModel/Features/OrdersFeature+Sync.swift",
            """
            extension OrdersFeature {
                func syncWithLaunchState() {
                    if ↓AppModel.shared.ordersFeature.orders.isEmpty { startLoading() }
                }
            }
            """),
        // A Feature gets its repository through its initialiser; a comment may name AppModel.shared.
        RuleExample(
            "App/2 - AppModel/Features/OrdersFeature+Count.swift",
            """
            extension OrdersFeature {
                /// Read by ViewModels that default to AppModel.shared.ordersFeature.
                var orderCount: Int { orders.count }
            }
            """),
    ]
}
