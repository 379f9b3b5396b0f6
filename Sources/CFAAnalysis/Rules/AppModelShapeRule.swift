/// Item 14: AppModel stores `shared`, one `let` per Feature and one `private var` launch Bool — nothing else.
/// Anything more (a repository, a cache, a ViewModel, a presentation manager) gives the composition root
/// state of its own, which CFA keeps in Features.
struct AppModelShapeRule: Rule {
    static let id = "CFA-APPMODEL-SHAPE"
    let descriptor = RuleDescriptor(
        id: id, item: 14,
        summary: "AppModel stores only `shared`, one `let` per Feature and one `private var` launch Bool",
        help: """
            Reported at the property: any other stored property of AppModel (a repository, cache, ViewModel, presentation \
            manager such as ThemeManager, a second Bool, a static constant), a Feature stored as `var` or as an Optional or \
            stored twice, and a launch Bool that is not `private var`. A type counts as a Feature when it matches a Feature \
            pattern (`*Feature`, `*Manager` under a Features folder) or is declared in a Features folder. Computed properties \
            are fine. Fix: hand repositories to the Feature that owns them inside `live()`, keep presentation state in Views \
            and ViewModels, and declare `let xFeature: XFeature` and `private var hasFinishedLaunching = false`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        guard let appModel = index.appModel else { return [] }
        let launchBool = Self.launchBool(of: appModel)
        var storedFeatures: Set<String> = []
        var findings: [Finding] = []
        for part in appModel.parts where !index.isTestFile(part.file) {
            for property in part.facts.properties where property.isStored {
                let report = { (message: String) in findings.append(descriptor.finding(part.file, property.location, message)) }
                if property.isStatic {
                    // `shared` and second instances (`static let preview = AppModel(…)`) are item 15's to judge.
                    if property.name != "shared" && !AppModelLiveRule.buildsAnAppModel(property, of: appModel) {
                        report("AppModel stores static `\(property.name)`; "
                            + "AppModel holds only `shared`, its Features and one launch Bool — move the constant to the type that uses it")
                    }
                } else if let feature = Self.featureName(of: property, index) {
                    if !storedFeatures.insert(feature).inserted {
                        report("AppModel stores \(feature) a second time in `\(property.name)`; keep one `let` per Feature")
                    } else if !property.isLet {
                        report("AppModel stores \(feature) in `var \(property.name)`; "
                            + "declare `let \(property.name): \(feature)` so the graph cannot be swapped")
                    } else if Self.isOptional(property.typeText) {
                        report("AppModel stores \(feature) as an Optional in `\(property.name)`; "
                            + "declare `let \(property.name): \(feature)` and pass it to the initialiser")
                    }
                } else if Self.isBool(property) {
                    if property.name == launchBool?.name && property.location == launchBool?.location {
                        if !property.isPrivate || property.isLet {
                            report("AppModel's launch Bool `\(property.name)` is not `private var`; declare `private var \(property.name) = false`")
                        }
                    } else {
                        report("AppModel stores a second Bool `\(property.name)`; AppModel has one launch Bool — move this state to the Feature that owns it")
                    }
                } else {
                    report(Self.otherStateMessage(property, index))
                }
            }
        }
        return findings
    }

    /// The type name of a stored Feature, from its annotation or, without one, its initialiser call.
    private static func featureName(of property: PropertyFact, _ index: CodebaseIndex) -> String? {
        let typeText = property.typeText ?? property.initializer?.call?.name
        if let name = FeatureByConvention.featureName(inTypeText: typeText, index) { return name }
        // `any XFeatureAPI` is CFA-NO-FEATURE-PROTOCOL's finding; one defect, one finding.
        if let name = TypeText.singleName(typeText), NoFeatureProtocolRule.isFeatureProtocolName(name, index) { return name }
        return nil
    }

    static func isBool(_ property: PropertyFact) -> Bool {
        if let typeText = property.typeText { return typeText == "Bool" || typeText == "Swift.Bool" }
        return property.initializer?.text == "false" || property.initializer?.text == "true"
    }

    private static func isOptional(_ typeText: String?) -> Bool {
        guard let typeText else { return false }
        return typeText.hasSuffix("?") || typeText.hasSuffix("!") || typeText.hasPrefix("Optional<")
    }

    /// The launch Bool is the one `applicationDidFinishLaunching()` sets; else the first `private var` Bool; else the first Bool.
    private static func launchBool(of appModel: CodebaseIndex.Entry) -> PropertyFact? {
        let bools = appModel.storedProperties.filter(isBool)
        let setAtLaunch = Set(appModel.parts.flatMap { $0.facts.scope.assignments }.filter { $0.member == "applicationDidFinishLaunching" }.map(\.target))
        return bools.first { setAtLaunch.contains($0.name) } ?? bools.first { $0.isPrivate && !$0.isLet } ?? bools.first
    }

    private static func otherStateMessage(_ property: PropertyFact, _ index: CodebaseIndex) -> String {
        let typeName = TypeText.singleName(property.typeText ?? property.initializer?.call?.name)
        let described = typeName.map { "`\(property.name)` (\($0))" } ?? "`\(property.name)`"
        let fix: String
        if let typeName, RepositoryByConvention.isRepository(named: typeName, in: index) {
            fix = "build the repository in `live()` and pass it to the Feature that owns it"
        } else if let typeName, typeName.hasSuffix("ViewModel") {
            fix = "a screen creates its own ViewModel with `@State private var viewModel = XViewModel()`"
        } else if let typeName, index.declaresNowhere(typeName) {
            fix = "no analysed file declares \(typeName): \(CodebaseIndex.includeTheDeclaringFolder); otherwise move it to the Feature that "
                + "owns this state, or to the environment if it is presentation state"
        } else {
            fix = "move it to the Feature that owns this state, or to the environment if it is presentation state"
        }
        return "AppModel stores \(described); AppModel holds only `shared`, its Features and one launch Bool — \(fix)"
    }
}

extension AppModelShapeRule {
    static let reference = """
        AppModel is the composition root and owns no state of its own: it stores `static let shared`, one `let` per \
        Feature and one `private var` launch Bool. **Reported:** at the property, any other stored property — a \
        repository, a cache, a ViewModel, a presentation manager such as `ThemeManager`, a logger, a `lazy var`, a \
        static constant — and a second Bool; a Feature stored as `var`, as an Optional, or a second time; a launch \
        Bool that is not `private var` (`var`, `private(set) var`, `private let`). The launch Bool is the Bool that \
        `applicationDidFinishLaunching()` assigns (else the first `private var` Bool, else the first Bool); any \
        other Bool is "a second Bool". A stored type is a Feature when it is a class or actor matching a Feature \
        pattern (`*Feature`, `*Manager` under a Features folder), or a class declared outside the View layer; a \
        presentation manager declared in the View layer is not, merely because AppModel stores it. A stored type no \
        analysed file declares may be a Feature from outside the analysis: its finding says so and how to bring it in. \
        **Not reported:** \
        computed properties; stored properties in AppModel extensions in test files; static properties that build a \
        second AppModel (`static let preview = AppModel(…)`), which CFA-APPMODEL-LIVE reports; a property typed with \
        a Feature protocol (`any XFeatureAPI`), which CFA-NO-FEATURE-PROTOCOL reports. **Fix:** build repositories \
        in `live()` and pass them to the Feature that owns them, keep presentation state in Views/ViewModels (or the \
        environment), move caches into the owning Feature, and declare `let xFeature: XFeature` and `private var \
        hasFinishedLaunching = false`.
        """

    static let examples: [RuleExample] = [
        // A presentation manager and a second Bool stored on the composition root.
        RuleExample(
            .compliant(
                CompliantApp.appModelPath,
                replacing: [
                    "    private var hasLaunched = false": """
                            let ↓themeManager = ThemeManager()
                            private var hasLaunched = false
                            private var ↓hasShownOnboarding = false
                        """,
                ])),
        // Computed properties store nothing.
        RuleExample(
            "App/2 - AppModel/AppModel+Summary.swift",
            """
            extension AppModel {
                var hasOrders: Bool { !ordersFeature.orders.isEmpty }
            }
            """),
    ]
}
