/// Item 2: a ViewModel depends on the few Features it needs, each an initialiser parameter defaulted from
/// `AppModel.shared`. The screen can then write `XViewModel()`, and a test passes its own Features.
struct ViewModelInitDefaultRule: Rule {
    static let id = "CFA-VIEWMODEL-INIT-DEFAULT"
    let descriptor = RuleDescriptor(
        id: id, item: 2,
        summary: "ViewModel initialisers take only Features, each defaulted to `AppModel.shared.<x>Feature`",
        help: """
            Reported in a ViewModel: an initialiser parameter that is not a Feature (a repository, the AppModel, a presentation \
            manager, a plain value); a Feature parameter without a default or defaulted to anything but \
            `AppModel.shared.<property>`; a stored property holding the AppModel, read from `AppModel`, or creating its own \
            Feature or repository; and `AppModel` named anywhere else in the ViewModel (a hidden dependency tests cannot \
            replace). Fix: `init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature)` stored in `private let \
            ordersFeature: OrdersFeature`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let dependencies = Dependencies(index)
        return index.entries(with: .viewModel).flatMap { viewModel in
            viewModel.parts.filter { !$0.facts.isPreviewOnly }.flatMap { check(viewModel.name, $0.facts, file: $0.file, dependencies) }
        }
    }

    /// What the ViewModels may and may not depend on, collected once per check.
    private struct Dependencies {
        let features: Set<String>
        let repositories: Set<String>
        /// Protocols standing in for a Feature (`any HabitsFeatureAPI`).
        let featureProtocols: Set<String>
        /// Feature type → the AppModel property holding it, for the suggested default.
        let appModelProperties: [String: String]
        /// Types AppModel stores that no analysed file declares: they may be Features from outside the analysis.
        let unseenOnAppModel: Set<String>

        init(_ index: CodebaseIndex) {
            features = index.featureNames
            repositories = index.repositoryNames
            featureProtocols = NoFeatureProtocolRule.featureProtocolNames(index)
            var properties: [String: String] = [:]
            for property in index.appModel?.storedProperties ?? [] {
                if let type = TypeText.singleName(property.typeText), properties[type] == nil { properties[type] = property.name }
            }
            appModelProperties = properties
            unseenOnAppModel = Set(index.typesStoredOnAppModelDeclaredNowhere)
        }
    }

    private func check(_ viewModel: String, _ type: TypeFacts, file: String, _ dependencies: Dependencies) -> [Finding] {
        var findings: [Finding] = []
        let parameters = type.initializers.flatMap(\.parameters)
        // The first Feature parameter whose default is wrong: where the fix goes when `init` falls back on AppModel.
        var misdefaulted: Int?
        for parameter in parameters {
            if let problem = problem(with: parameter, dependencies) {
                if misdefaulted == nil, Self.namesFeature(parameter, dependencies) { misdefaulted = findings.count }
                findings.append(descriptor.finding(file, parameter.location, "\(viewModel).init \(problem)"))
            }
        }
        var reportedMembers: Set<String> = []
        for property in type.storedProperties {
            if let problem = problem(with: property, dependencies) {
                findings.append(descriptor.finding(file, property.location, "\(viewModel).\(property.name) \(problem)"))
                reportedMembers.insert(property.name)
            }
        }
        // `AppModel` named elsewhere: once per line, leaving out the parameter list (where defaults belong)
        // and the properties already reported.
        var reportedLines: Set<Int> = []
        for reference in type.scope.references where reference.name == "AppModel" && !reference.inPreview {
            guard !reportedMembers.contains(reference.member ?? ""), !Self.isInSignature(reference, parameters: parameters),
                reportedLines.insert(reference.location.line).inserted
            else { continue }
            // `self.metronome = metronome ?? AppModel.shared.metronome` under a `= nil` default: one defect, fixed by
            // defaulting the parameter, so the read is a related location of the parameter's finding.
            if reference.member == "init", let misdefaulted {
                findings[misdefaulted].related.append(RelatedLocation(file, reference.location, "\(viewModel).init reaches AppModel instead"))
                continue
            }
            findings.append(descriptor.finding(
                file, reference.location,
                "\(viewModel) reaches AppModel in `\(reference.member ?? "its body")`; "
                    + "take the Feature it needs as an initialiser parameter defaulted to `AppModel.shared.<x>Feature`"))
        }
        return findings
    }

    private func problem(with parameter: ParameterFact, _ dependencies: Dependencies) -> String? {
        let described = "`\(parameter.name): \(parameter.typeText)`"
        if TypeText.names(in: parameter.typeText).contains("AppModel") {
            return "takes the whole AppModel (\(described)); take only the Features it needs, each defaulted to `AppModel.shared.<x>Feature`"
        }
        // `any XFeature` is CFA-NO-FEATURE-PROTOCOL's finding (one defect, one finding); its default is still this rule's.
        guard let feature = TypeText.singleName(parameter.typeText),
            dependencies.features.contains(feature) || dependencies.featureProtocols.contains(feature)
        else {
            if dependencies.repositories.contains(TypeText.singleName(parameter.typeText) ?? "") {
                return "takes \(described), which is a repository; a ViewModel depends only on Features — reach storage through the Feature that owns it"
            }
            if let name = TypeText.singleName(parameter.typeText), dependencies.unseenOnAppModel.contains(name) {
                return "takes \(described), which no analysed file declares as a Feature — \(CodebaseIndex.includeTheDeclaringFolder); "
                    + "a ViewModel depends only on Features, each defaulted to `AppModel.shared.<x>Feature`"
            }
            return "takes \(described), which is not a Feature; "
                + "a ViewModel depends only on Features, each defaulted to `AppModel.shared.<x>Feature` "
                + "(a View reads presentation dependencies from the environment)"
        }
        let wanted = "AppModel.shared.\(dependencies.appModelProperties[feature] ?? parameter.name)"
        guard let defaultValue = parameter.defaultValue else {
            return "takes \(described) without a default; write `\(parameter.name): \(feature) = \(wanted)`"
        }
        guard Self.isSharedProperty(defaultValue) else {
            return "defaults \(described) to `\(defaultValue)`; default it to `\(wanted)`"
        }
        return nil
    }

    private func problem(with property: PropertyFact, _ dependencies: Dependencies) -> String? {
        if let typeText = property.typeText, TypeText.names(in: typeText).contains("AppModel") {
            return "stores the AppModel; store only the Features it needs, passed in as initialiser parameters defaulted from `AppModel.shared`"
        }
        guard let initializer = property.initializer else { return nil }
        if TypeText.names(in: initializer.text).contains("AppModel") {
            return "is set from `\(initializer.text)`; take it as an initialiser parameter defaulted to that value, so tests can pass their own"
        }
        if let created = initializer.call?.name, dependencies.features.contains(created) || dependencies.repositories.contains(created) {
            return "creates its own \(created); take the Feature as an initialiser parameter defaulted to `AppModel.shared.<x>Feature`"
        }
        return nil
    }

    /// A parameter typed with a Feature or a Feature protocol (`OrdersFeature?`, `(any MetronomeFeature)?`).
    private static func namesFeature(_ parameter: ParameterFact, _ dependencies: Dependencies) -> Bool {
        guard let name = TypeText.singleName(parameter.typeText) else { return false }
        return dependencies.features.contains(name) || dependencies.featureProtocols.contains(name)
    }

    /// `AppModel.shared.ordersFeature`, spacing ignored. Which property it names is item 7's concern.
    private static func isSharedProperty(_ text: String) -> Bool {
        let compact = text.filter { !$0.isWhitespace }
        let prefix = "AppModel.shared."
        guard compact.hasPrefix(prefix) else { return false }
        let property = compact.dropFirst(prefix.count)
        return !property.isEmpty && property.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !property.first!.isNumber
    }

    /// References within an initialiser's parameter list: on a parameter's line, from its start onwards.
    private static func isInSignature(_ reference: ReferenceFact, parameters: [ParameterFact]) -> Bool {
        reference.member == "init"
            && parameters.contains { $0.location.line == reference.location.line && $0.location.column <= reference.location.column }
    }
}

extension ViewModelInitDefaultRule {
    static let reference = """
        A ViewModel depends only on the few Features it needs, each an initialiser parameter defaulted from \
        `AppModel.shared`, so its screen writes `XViewModel()` and a test passes its own Features. **Reported:** in \
        a ViewModel (declaration and extensions), an initialiser parameter that is not a Feature — a repository, the \
        whole `AppModel`, a presentation manager such as `ThemeManager`, a plain value, a closure; a Feature \
        parameter without a default, or defaulted to anything but `AppModel.shared.<property>`; a stored property \
        whose type names `AppModel`; a stored property whose initial value names `AppModel` (`private let \
        ordersFeature = AppModel.shared.ordersFeature`) or creates a Feature or repository; and `AppModel` named \
        anywhere else in the ViewModel (a method or computed property reading `AppModel.shared…`), once per line. \
        **Not reported:** the `AppModel.shared.x` defaults in the parameter list themselves; preview-only code (`#if \
        DEBUG` factories); Optional Features (`OrdersFeature?`) defaulted correctly; a parameter typed with a \
        Feature protocol (`any OrdersFeatureAPI`) is CFA-NO-FEATURE-PROTOCOL's finding, not "not a Feature" here — \
        only its default is checked. A parameter of a type AppModel stores but no analysed file declares is reported \
        with the fix of bringing its declaration into the analysis, as it may be a Feature from outside it. Decisions \
        where the catalogue is silent: a default of `AppModel.shared.<p>` is \
        accepted whatever `<p>` is called — a Feature property not named `…Feature` (an older `habitsManager`) is \
        CFA-FEATURE-NAMING's finding (item 7), not a second one here; `ThemeManager` and other presentation managers \
        are not Features, so a ViewModel taking one is reported (its View reads it from the environment instead); \
        reading `AppModel.shared` inside methods and stored properties is reported because it is the same hidden, \
        untestable dependency the defaulted parameter exists to avoid. **One finding per defect:** when a Feature \
        parameter is defaulted wrongly (`metronome: (any MetronomeFeature)? = nil`) and `init` reaches AppModel \
        (`self.metronome = metronome ?? AppModel.shared.metronome`), the fix is the parameter's default, so the read \
        in `init` is listed as a related location of the parameter's finding, not reported on its own. **Fix:** `init(ordersFeature: OrdersFeature = \
        AppModel.shared.ordersFeature)` stored in `private let ordersFeature: OrdersFeature`.
        """

    static let examples: [RuleExample] = [
        // A presentation manager is not a Feature, and a Feature must default from AppModel.shared.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel.swift",
            """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                private let ordersFeature: OrdersFeature
                private let themeManager: ThemeManager

                init(↓ordersFeature: OrdersFeature, ↓themeManager: ThemeManager) {
                    self.ordersFeature = ordersFeature
                    self.themeManager = themeManager
                }

                var orders: [Order] { ordersFeature.orders }
            }
            """),
        // A `nil` default patched in `init`: one finding at the parameter, the AppModel read its related location.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel.swift",
            """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                private let ordersFeature: OrdersFeature

                init(↓ordersFeature: OrdersFeature? = nil) {
                    self.ordersFeature = ordersFeature ?? AppModel.shared.ordersFeature
                }

                var orders: [Order] { ordersFeature.orders }
            }
            """),
        // Reaching the composition root from a method hides the dependency.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel.swift",
            """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                private let ordersFeature: OrdersFeature

                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                    self.ordersFeature = ordersFeature
                }

                var orders: [Order] { ↓AppModel.shared.ordersFeature.orders }
            }
            """),
        // Each Feature a parameter defaulted from AppModel.shared; an Optional Feature too.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel.swift",
            """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                private let ordersFeature: OrdersFeature?

                init(ordersFeature: OrdersFeature? = AppModel.shared.ordersFeature) {
                    self.ordersFeature = ordersFeature
                }

                var orders: [Order] { ordersFeature?.orders ?? [] }
            }
            """),
    ]
}
