/// Item 15: one composition root. AppModel has one explicit initialiser that takes every Feature with no
/// defaults, exactly one `static func live()` that builds the real graph, and `shared` is `live()`'s result.
/// A second factory (`preview`, `mock`) or a defaulted parameter is a second, hidden composition root.
struct AppModelLiveRule: Rule {
    static let id = "CFA-APPMODEL-LIVE"
    let descriptor = RuleDescriptor(
        id: id, item: 15,
        summary: "AppModel has one explicit initialiser taking every Feature and exactly one `static func live()` that builds `shared`",
        help: """
            Reported: a second static factory of AppModel (a static method returning AppModel/Self, a static property building \
            one such as `static let preview = AppModel(…)`, a second `live`), a `live()` that takes parameters, `shared` that \
            is not `static let shared = live()`, a missing or second initialiser, an initialiser parameter with a default, a \
            stored Feature the initialiser does not take, and a Feature built in its property declaration. `#if DEBUG` \
            factories are reported too; extensions in test files are not (tests build AppModel through its initialiser). A \
            missing `live()` or `shared` is CFA-ADOPTION's finding. Fix: keep `init(xFeature: XFeature, …)` without \
            defaults and one `static func live() -> AppModel` that builds every Feature; previews and tests build the \
            Feature or ViewModel they need directly.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        guard let appModel = index.appModel else { return [] }
        let parts = appModel.parts.filter { !index.isTestFile($0.file) }
        return secondAppModels(index) + factoryFindings(parts, appModel) + sharedFindings(parts) + initializerFindings(parts, appModel, index)
    }

    /// Two `AppModel` classes outside tests: two composition roots, of which only the first in file order would be analysed.
    /// Each other one is reported at its declaration, the analysed one related, so nothing is narrowed silently.
    private func secondAppModels(_ index: CodebaseIndex) -> [Finding] {
        let declared = index.entries(with: .appModel).sorted { ($0.file, $0.location) < ($1.file, $1.location) }
        guard let judged = declared.first else { return [] }
        return declared.dropFirst().map { other in
            descriptor.finding(
                other.file, other.location,
                "a second AppModel; one repository analysed as one app has one composition root, and only \(judged.file)'s "
                    + "is judged — remove or rename one, or analyse each app on its own (`analyze --repo <app folder>`, or `include`)",
                related: [RelatedLocation(judged.file, judged.location, "the AppModel the rules judge")])
        }
    }

    // MARK: Factories

    private func factoryFindings(_ parts: [(facts: TypeFacts, file: String)], _ appModel: CodebaseIndex.Entry) -> [Finding] {
        var findings: [Finding] = []
        let lives = parts.flatMap { $0.facts.functions.filter { $0.isStatic && $0.name == "live" } }
        let hasLive = !lives.isEmpty
        // The composition root is the parameterless `live()` when there is one; any other `live` is the extra one.
        let root = lives.first { $0.parameters.isEmpty } ?? lives.first
        for part in parts {
            for function in part.facts.functions where function.isStatic && Self.isFactory(function) {
                if function == root {
                    if !function.parameters.isEmpty {
                        findings.append(descriptor.finding(
                            part.file, function.location,
                            "AppModel.live() takes parameters; `static func live()` builds the one real graph from nothing "
                                + "— move the choice into live() or into the Feature"))
                    }
                } else if function.name == "live" {
                    findings.append(descriptor.finding(
                        part.file, function.location, "AppModel declares `live()` more than once; keep exactly one `static func live()`"))
                } else if !hasLive {
                    findings.append(descriptor.finding(
                        part.file, function.location,
                        "AppModel.\(function.name)() builds the graph but is not `static func live()`; name the one factory `live()`"))
                } else {
                    findings.append(descriptor.finding(
                        part.file, function.location,
                        "AppModel.\(function.name)() is a second composition root; keep exactly one `static func live()` "
                            + "— previews and tests build the Feature or ViewModel they need directly"))
                }
            }
            for property in part.facts.properties where property.isStatic && property.name != "shared" && Self.buildsAnAppModel(property, of: appModel) {
                findings.append(descriptor.finding(
                    part.file, property.location,
                    "AppModel.\(property.name) is a second AppModel instance; keep `shared` built by `live()` as the only one "
                        + "— previews and tests build the Feature or ViewModel they need directly"))
            }
        }
        return findings
    }

    /// `static func live()`, or any static method that returns an AppModel.
    private static func isFactory(_ function: FunctionFact) -> Bool {
        function.name == "live" || returnsAnAppModel(function.returnType)
    }

    private static func returnsAnAppModel(_ typeText: String?) -> Bool {
        guard let name = TypeText.singleName(typeText) else { return false }
        return name == "AppModel" || name == "Self"
    }

    /// A static property other than `shared` that holds or builds an AppModel: `static let preview = AppModel(…)`,
    /// `static var mock: AppModel { … }`. Shared with the shape rule, which leaves these to this one.
    static func buildsAnAppModel(_ property: PropertyFact, of appModel: CodebaseIndex.Entry) -> Bool {
        guard property.isStatic else { return false }
        if returnsAnAppModel(property.typeText) { return true }
        guard let call = property.initializer?.call, call.base == nil || call.base == "AppModel" || call.base == "Self" else { return false }
        let factories = Set(appModel.functions.filter { $0.isStatic && isFactory($0) }.map(\.name))
        return ["AppModel", "Self", "init"].contains(call.name) || factories.contains(call.name)
    }

    // MARK: shared

    private func sharedFindings(_ parts: [(facts: TypeFacts, file: String)]) -> [Finding] {
        var findings: [Finding] = []
        for part in parts {
            for shared in part.facts.properties where shared.isStatic && shared.name == "shared" {
                let fix = "declare `static let shared = live()`"
                if !shared.isStored {
                    findings.append(descriptor.finding(
                        part.file, shared.location, "AppModel.shared is computed, so every read builds a new graph; \(fix)"))
                } else if let initializer = shared.initializer, !Self.isLiveCall(initializer) {
                    findings.append(descriptor.finding(
                        part.file, shared.location, "AppModel.shared is built by `\(initializer.text)`, not by live(); \(fix)"))
                } else if !shared.isLet {
                    findings.append(descriptor.finding(
                        part.file, shared.location, "AppModel.shared is `static var`, so the graph can be replaced; \(fix)"))
                }
            }
        }
        return findings
    }

    /// `live()`, `AppModel.live()`, `Self.live()`, `.live()`.
    private static func isLiveCall(_ expression: ExpressionFact) -> Bool {
        guard let call = expression.call, call.name == "live" else { return false }
        return call.base == nil || call.base == "AppModel" || call.base == "Self"
    }

    // MARK: Initialiser

    private func initializerFindings(
        _ parts: [(facts: TypeFacts, file: String)], _ appModel: CodebaseIndex.Entry, _ index: CodebaseIndex
    ) -> [Finding] {
        var findings: [Finding] = []
        let features = parts.flatMap { part in
            part.facts.storedProperties.compactMap { property -> (property: PropertyFact, type: String, file: String)? in
                let typeText = property.typeText ?? property.initializer?.call?.name
                return FeatureByConvention.featureName(inTypeText: typeText, index).map { (property, $0, part.file) }
            }
        }
        let initializers = parts.flatMap { part in part.facts.initializers.map { (function: $0, file: part.file) } }

        for (offset, initializer) in initializers.enumerated() {
            if offset > 0 {
                findings.append(descriptor.finding(
                    initializer.file, initializer.function.location,
                    "AppModel has a second initialiser; keep one `init` that takes every Feature and let `live()` call it"))
            }
            for parameter in initializer.function.parameters {
                if let defaultValue = parameter.defaultValue {
                    findings.append(descriptor.finding(
                        initializer.file, parameter.location,
                        "AppModel.init parameter `\(parameter.name)` defaults to `\(defaultValue)`; remove the default and build the value in `live()`"))
                }
            }
        }

        for feature in features where feature.property.initializer != nil {
            findings.append(descriptor.finding(
                feature.file, feature.property.location,
                "AppModel.\(feature.property.name) is built in its declaration; "
                    + "take `\(feature.property.name): \(feature.type)` in the initialiser and build it in `live()`"))
        }
        let injected = features.filter { $0.property.initializer == nil }
        guard let initializer = initializers.first else {
            if !features.isEmpty {
                findings.append(descriptor.finding(
                    appModel.file, appModel.location,
                    "AppModel has no explicit initialiser; "
                        + "declare `init(\(features.map { "\($0.property.name): \($0.type)" }.joined(separator: ", ")))` and call it from `live()`"))
            }
            return findings
        }
        let takenTypes = Set(initializer.function.parameters.compactMap { TypeText.singleName($0.typeText) })
        for feature in injected where !takenTypes.contains(feature.type) {
            findings.append(descriptor.finding(
                initializer.file, initializer.function.location,
                "AppModel's initialiser does not take \(feature.property.name); "
                    + "add a `\(feature.property.name): \(feature.type)` parameter and build the Feature in `live()`"))
        }
        return findings
    }
}

extension AppModelLiveRule {
    static let reference = """
        There is one way to build the app's object graph: an explicit initialiser taking every Feature, called by \
        exactly one `static func live()`, whose result is `shared`. **Reported:** a static method other than the \
        composition root that returns `AppModel`/`Self` (`preview()`, `mock()`, `make()`), a static property other \
        than `shared` that holds or builds an AppModel (`static let demo = AppModel(…)`, `static var sample: AppModel \
        { … }`), a second `live` overload, a `live()` that takes parameters; `shared` that is computed, `static var`, \
        or built by anything but `live()` (`AppModel.live()`, `Self.live()` and `.live()` are accepted); no explicit \
        initialiser while AppModel stores Features; a second initialiser (`convenience init()`); an initialiser \
        parameter with a default value (at the parameter); a stored Feature the initialiser does not take (at the \
        initialiser); a Feature built in its property declaration (at the property). When there are several `live` \
        functions, the parameterless one is the root. A second `AppModel` class outside tests (two apps in one analysed \
        folder, or a copy left behind) is reported at its declaration, with the first in file order — the one the other \
        rules judge — as its related location. Factories inside `#if DEBUG` are reported too: the catalogue \
        names `preview`/`mock` factories as the violation, and they are almost always debug-only. **Not reported:** \
        AppModel extensions in test files (tests build their own graph through the initialiser); private static \
        helpers that return a Feature or repository for `live()` to use; a missing `live()` or `shared`, which is \
        CFA-ADOPTION's finding (with no `live()`, the factory that exists is reported as "not `static func live()`"). \
        **Fix:** keep `init(xFeature: XFeature, …)` without defaults, one `static func live() -> AppModel` that \
        builds every Feature, and `static let shared = live()`; previews and tests build the Feature or ViewModel \
        they need directly.
        """

    static let examples: [RuleExample] = [
        // A second AppModel beside the first: reported, never silently left out.
        RuleExample(
            "App/Legacy/AppModel.swift",
            """
            import Observation

            ↓@MainActor @Observable
            final class AppModel {
                static let shared = live()

                static func live() -> AppModel { AppModel() }
            }
            """),
        // A second factory, and an initialiser that defaults what live() should decide.
        RuleExample(
            .compliant(
                CompliantApp.appModelPath,
                replacing: [
                    "init(ordersFeature: OrdersFeature)": "init(↓ordersFeature: OrdersFeature = OrdersFeature(repository: JSONFileOrdersRepository()))",
                    "    func applicationDidFinishLaunching() {": """
                            ↓static func preview() -> AppModel {
                                AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                            }

                            func applicationDidFinishLaunching() {
                        """,
                ])),
        // One explicit initialiser and one live(), which may build shared pieces first.
        RuleExample(
            .compliant(
                CompliantApp.appModelPath,
                replacing: [
                    "        AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))": """
                                let repository = JSONFileOrdersRepository()
                                return AppModel(ordersFeature: OrdersFeature(repository: repository))
                        """,
                ])),
    ]
}
