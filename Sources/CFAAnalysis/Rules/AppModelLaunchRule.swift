/// Item 9: `AppModel.applicationDidFinishLaunching()` runs once (guarded by its launch Bool, which it sets),
/// starts every Feature that can be started, and leaves no Task behind in AppModel. Only the App type
/// (or its application delegate) calls it.
///
/// `configuration.launch` says how Features are started: `.synchronous` calls each `startLoading()`
/// without suspending; `.awaitedRefresh` may be `async` and awaits each `refresh()`.
struct AppModelLaunchRule: Rule {
    static let id = "CFA-APPMODEL-LAUNCH"
    let descriptor = RuleDescriptor(
        id: id, item: 9,
        summary: "applicationDidFinishLaunching() guards with its Bool, sets it, and starts each Feature; only the App calls it",
        help: """
            Reported: an AppModel without `applicationDidFinishLaunching()`; a launch that does not check its launch Bool or does \
            not set it to true after the check; a Feature declaring `startLoading()` (or, with `launch: awaited-refresh`, \
            `refresh()`) that the launch does not call; with the default synchronous launch, `async`, `await` or `Task {`; with \
            awaited-refresh, `Task {`, a `refresh()` that is not awaited, or setting the Bool only after an `await`; storing a \
            Task in an AppModel property from the launch; and calling `applicationDidFinishLaunching()` from anything but the App \
            type or its application delegate. Helper methods of AppModel that the launch calls count as part of it. Fix: `guard \
            !hasLaunched else { return }; hasLaunched = true; habitsFeature.startLoading()` and call it from the App's `init()`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    static let launchMethod = "applicationDidFinishLaunching"

    func check(_ index: CodebaseIndex) -> [Finding] {
        var findings = callsFromElsewhere(index)
        guard let appModel = index.appModel else { return findings }
        guard let launch = Self.launchFunction(of: appModel) else {
            findings.append(descriptor.finding(
                appModel.file, appModel.location,
                "AppModel has no `\(Self.launchMethod)()`; add one that guards with its launch Bool, sets it, and starts each Feature"))
            return findings
        }
        let context = Context(index: index, appModel: appModel, launch: launch)
        findings += guardAndSet(context)
        findings += featureStarts(context)
        findings += suspensionsAndTasks(context)
        findings += storedTasks(context)
        findings += startsFromScreens(context)
        return findings
    }

    /// A synchronous launch starts each Feature once; a screen whose `.task`/`.onAppear` starts the same Feature method
    /// again through its ViewModel does the launch's work, and hides a launch that forgot it. The root view's `.task` is
    /// CFA-ROOTTAB-STRUCTURAL's; a Feature named in a View directly is CFA-VIEW-NO-MODEL-ACCESS's.
    private func startsFromScreens(_ context: Context) -> [Finding] {
        let index = context.index
        guard index.configuration.launch == .synchronous else { return [] }
        var started: Set<String> = []
        for (property, feature) in context.featureProperties {
            for call in context.launchCalls where call.shape.base == property { started.insert("\(feature.name).\(call.shape.name)") }
        }
        guard !started.isEmpty else { return [] }
        var findings: [Finding] = []
        for screen in index.entries(with: .screen) where !screen.declaration.isPreviewOnly {
            guard let viewModel = index.viewModel(ofScreen: screen) else { continue }
            let features = FeatureReferences(viewModel, in: index)
            // The ViewModel's methods that start a launched Feature method, by name, with where they do.
            var starters: [String: (file: String, location: SourceLocation, started: String)] = [:]
            for part in viewModel.parts where !part.facts.isPreviewOnly {
                for call in part.facts.scope.calls where !call.inPreview {
                    guard let member = call.member, starters[member] == nil, let base = call.shape.base,
                        let reached = features.resolve(base), reached.member == nil,
                        started.contains("\(reached.feature).\(call.shape.name)")
                    else { continue }
                    starters[member] = (part.file, call.location, "\(reached.feature).\(call.shape.name)()")
                }
            }
            let holders = Set(screen.storedProperties.filter { property in
                TypeText.singleName(property.typeText) == viewModel.name || property.initializer?.call?.name == viewModel.name
            }.map(\.name))
            for part in screen.parts where !part.facts.isPreviewOnly {
                for call in part.facts.scope.calls where !call.inPreview && FactCollector.lifecycleNames.contains(call.runsIn ?? "") {
                    guard let base = call.shape.base, holders.contains(base.hasPrefix("self.") ? String(base.dropFirst(5)) : base),
                        let starter = starters[call.shape.name]
                    else { continue }
                    findings.append(descriptor.finding(
                        part.file, call.location,
                        "\(screen.name)'s `.\(call.runsIn ?? "task")` starts \(starter.started) through `\(base).\(call.shape.name)()`, "
                            + "which `\(Self.launchMethod)()` already starts once; drop it from the screen and read the Feature's state "
                            + "through the ViewModel",
                        related: [RelatedLocation(starter.file, starter.location, "\(viewModel.name).\(call.shape.name)() starts it")]))
                }
            }
        }
        return findings
    }

    // MARK: What the launch must do

    private func guardAndSet(_ context: Context) -> [Finding] {
        let (file, launch) = context.launch
        guard !context.launchBools.isEmpty else {
            return [descriptor.finding(
                file, launch.location,
                "AppModel has no launch Bool for \(Self.launchMethod)() to guard with; "
                    + "add `private var hasLaunched = false`, then `guard !hasLaunched else { return }` and `hasLaunched = true`")]
        }
        let guardFact = context.scope.conditions.first { condition in
            condition.member == Self.launchMethod && context.launchBools.contains { Self.mentions(condition.text, $0) }
        }
        guard let guardFact else {
            return [descriptor.finding(
                file, launch.location,
                "\(Self.launchMethod)() does not guard with its launch Bool; "
                    + "start it with `guard !\(context.launchBools[0]) else { return }` so a second call does nothing")]
        }
        let set = context.scope.assignments.first { assignment in
            assignment.member == Self.launchMethod && context.launchBools.contains(assignment.target) && assignment.value == "true"
                && assignment.location > guardFact.location
        }
        guard let set else {
            return [descriptor.finding(
                file, launch.location,
                "\(Self.launchMethod)() does not set its launch Bool after checking it; write `\(context.launchBools[0]) = true` right after the guard")]
        }
        if context.index.configuration.launch == .awaitedRefresh,
            let firstAwait = context.launchAwaits.filter({ $0.member == Self.launchMethod }).min(by: { $0.location < $1.location }),
            firstAwait.location < set.location
        {
            return [descriptor.finding(
                file, set.location,
                "\(Self.launchMethod)() sets \(set.target) only after an `await`, so a second call during the suspension launches twice; "
                    + "set it right after the guard")]
        }
        return []
    }

    /// Every Feature that can be started is started: `startLoading()`, or with awaited-refresh an awaited
    /// `refresh()` where the Feature declares one.
    private func featureStarts(_ context: Context) -> [Finding] {
        let awaited = context.index.configuration.launch == .awaitedRefresh
        let (file, launch) = context.launch
        var findings: [Finding] = []
        for (property, feature) in context.featureProperties {
            let methods = feature.functions.filter { !$0.isStatic }
            let calls = context.launchCalls.filter { $0.shape.base == property }
            if awaited, let refresh = methods.first(where: { $0.name == "refresh" }) {
                let refreshes = calls.filter { $0.shape.name == "refresh" }
                if refreshes.isEmpty {
                    findings.append(descriptor.finding(
                        file, launch.location,
                        "\(Self.launchMethod)() does not refresh \(property); add `\(refresh.isAsync ? "await " : "")\(property).refresh()`"))
                } else if refresh.isAsync && !refreshes.contains(where: { context.isAwaited($0, property: property) }) {
                    findings.append(descriptor.finding(
                        file, refreshes[0].location,
                        "\(Self.launchMethod)() calls \(property).refresh() without awaiting it; write `await \(property).refresh()`"))
                }
            } else if methods.contains(where: { $0.name == "startLoading" }) && !calls.contains(where: { $0.shape.name == "startLoading" }) {
                findings.append(descriptor.finding(
                    file, launch.location, "\(Self.launchMethod)() does not start \(property); add `\(property).startLoading()`"))
            }
        }
        return findings
    }

    /// Synchronous launch never suspends; neither style starts unstructured Tasks.
    private func suspensionsAndTasks(_ context: Context) -> [Finding] {
        var findings: [Finding] = []
        if context.index.configuration.launch == .synchronous {
            for function in context.launchFunctions where function.isAsync {
                findings.append(descriptor.finding(
                    context.file(ofMember: function.name), function.location,
                    "\(function.name)() is async but the launch is synchronous; "
                        + "remove `async` and call each Feature's startLoading() (or set `\"launch\": \"awaited-refresh\"`)"))
            }
            for suspension in context.launchAwaits {
                findings.append(descriptor.finding(
                    context.file(ofMember: suspension.member), suspension.location,
                    "\(Self.launchMethod)() awaits (`\(suspension.text)`); the launch is synchronous "
                        + "— call each Feature's startLoading() and let the Feature own its Task"))
            }
        }
        // A Task the launch stores on AppModel is one defect, reported once where it is stored (`storedTasks`).
        let storedNames = Set(context.appModel.properties.filter { $0.isStored && $0.name != "shared" }.map(\.name))
        for call in context.launchCalls
        where Self.createsTask(call.shape, projectDeclaresTask: context.index.declaresOwnTaskType) && !storedNames.contains(call.assignedTo ?? "") {
            findings.append(descriptor.finding(
                context.file(ofMember: call.member), call.location,
                "\(Self.launchMethod)() starts a Task (`\(call.shape.fullName)`); call each Feature's startLoading() instead — the Feature owns its Task"))
        }
        return findings
    }

    /// A Task kept by AppModel outlives nothing useful and gives the app a second owner of loading work.
    /// Discarding the Task that `startLoading()` returns is fine.
    private func storedTasks(_ context: Context) -> [Finding] {
        let ownTask = context.index.declaresOwnTaskType
        var findings: [Finding] = []
        var reported: Set<String> = []
        for property in context.appModel.properties where property.isStored && property.name != "shared" {
            let isTask = Self.namesTask(property.typeText, projectDeclaresTask: ownTask)
                || property.initializer?.call.map { Self.createsTask($0, projectDeclaresTask: ownTask) } == true
            let storedFromLaunch = context.launchCalls.first { call in
                call.assignedTo == property.name
                    && (["startLoading", "refresh"].contains(call.shape.name) || Self.createsTask(call.shape, projectDeclaresTask: ownTask))
            }
            let use = storedFromLaunch.map { ($0.location, $0.member) }
                ?? (isTask ? context.launchReferences.first { $0.name == property.name }.map { ($0.location, $0.member) } : nil)
            guard let (location, member) = use, reported.insert(property.name).inserted else { continue }
            let started = storedFromLaunch.flatMap { Self.createsTask($0.shape, projectDeclaresTask: ownTask) ? $0.shape.fullName : nil }
            let what = started.map { "starts a Task (`\($0)`) and stores it" } ?? "stores a Task"
            findings.append(descriptor.finding(
                context.file(ofMember: member), location,
                "\(Self.launchMethod)() \(what) in AppModel.\(property.name); call each Feature's startLoading() and discard the Task it returns"))
        }
        return findings
    }

    // MARK: Who calls it

    /// The App type (or its delegate, or an `@main` type) starts the app; a View, ViewModel or Feature
    /// that calls the launch ties it to a screen appearing.
    private func callsFromElsewhere(_ index: CodebaseIndex) -> [Finding] {
        var findings: [Finding] = []
        for entry in index.allEntries where ![.app, .appModel, .test].contains(entry.role) {
            for part in entry.parts where !part.facts.hasAttribute("main") {
                for call in part.facts.scope.calls where call.shape.name == Self.launchMethod && !call.inPreview {
                    findings.append(descriptor.finding(
                        part.file, call.location,
                        "\(entry.name) calls \(Self.launchMethod)(); only the App type or its application delegate launches the app "
                            + "— call it from the App's init()"))
                }
            }
        }
        return findings
    }

    private static func launchFunction(of appModel: CodebaseIndex.Entry) -> (String, FunctionFact)? {
        for part in appModel.parts {
            if let function = part.facts.functions.first(where: { $0.name == launchMethod && !$0.isStatic }) {
                return (part.file, function)
            }
        }
        return nil
    }

    /// `Task { … }`, `Task(priority:) { … }`, `Task.detached { … }`, `_Concurrency.Task { … }`. When the project
    /// declares its own `Task` type, only the qualified form is Swift's.
    static func createsTask(_ shape: CallShape, projectDeclaresTask: Bool) -> Bool {
        if shape.name == "Task" { return shape.base == "_Concurrency" || shape.base == "Swift" || (shape.base == nil && !projectDeclaresTask) }
        if shape.name == "detached" {
            return shape.base == "_Concurrency.Task" || shape.base == "Swift.Task" || (shape.base == "Task" && !projectDeclaresTask)
        }
        return false
    }

    /// A type annotation naming Swift's `Task` (`Task<Void, Never>?`, `[Task<Void, Never>]`).
    static func namesTask(_ typeText: String?, projectDeclaresTask: Bool) -> Bool {
        guard let typeText else { return false }
        let names = TypeText.names(in: typeText)
        if zip(names, names.dropFirst()).contains(where: { $0 == ("_Concurrency", "Task") || $0 == ("Swift", "Task") }) { return true }
        return !projectDeclaresTask && names.contains("Task")
    }

    /// `name` as a whole identifier in `text`: `!hasLaunched` mentions `hasLaunched`, `!hasLaunchedBefore` does not.
    static func mentions(_ text: String, _ name: String) -> Bool { TypeText.names(in: text).contains(name) }
}

extension AppModelLaunchRule {
    /// What the launch rule looks at: AppModel's launch method and the AppModel helpers it calls, with their facts.
    fileprivate struct Context {
        let index: CodebaseIndex
        let appModel: CodebaseIndex.Entry
        let launch: (file: String, function: FunctionFact)
        /// Every fact of AppModel, across its declaration and extensions.
        let scope: ScopeFacts
        /// The launch method and the AppModel methods it reaches through plain `helper()` / `self.helper()` calls.
        let launchMembers: Set<String>
        let launchBools: [String]
        let featureProperties: [(property: String, feature: CodebaseIndex.Entry)]

        init(index: CodebaseIndex, appModel: CodebaseIndex.Entry, launch: (String, FunctionFact)) {
            self.index = index
            self.appModel = appModel
            self.launch = launch
            var scope = ScopeFacts()
            for part in appModel.parts {
                scope.references += part.facts.scope.references.filter { !$0.inPreview }
                scope.calls += part.facts.scope.calls.filter { !$0.inPreview }
                scope.assignments += part.facts.scope.assignments
                scope.conditions += part.facts.scope.conditions
                scope.awaits += part.facts.scope.awaits
            }
            self.scope = scope
            let methodNames = Set(appModel.functions.filter { !$0.isStatic && $0.name != "init" }.map(\.name))
            var members: Set<String> = [AppModelLaunchRule.launchMethod]
            var pending = [AppModelLaunchRule.launchMethod]
            while let member = pending.popLast() {
                for call in scope.calls(in: member) where call.shape.base == nil || call.shape.base == "self" {
                    if methodNames.contains(call.shape.name), members.insert(call.shape.name).inserted { pending.append(call.shape.name) }
                }
            }
            launchMembers = members
            launchBools = appModel.properties.filter { property in
                property.isStored && !property.isStatic
                    && (property.typeText == "Bool" || (property.typeText == nil && ["false", "true"].contains(property.initializer?.text)))
            }.map(\.name)
            featureProperties = appModel.storedProperties.compactMap { property in
                guard let name = TypeText.singleName(property.typeText) ?? property.initializer?.call?.name,
                    let feature = index.entry(named: name), FeatureByConvention.isFeature(feature, in: index)
                else { return nil }
                return (property.name, feature)
            }
        }

        var launchFunctions: [FunctionFact] { appModel.functions.filter { launchMembers.contains($0.name) && !$0.isStatic } }
        var launchCalls: [CallFact] { scope.calls.filter { $0.member.map(launchMembers.contains) == true } }
        /// Suspensions of the launch itself. In a synchronous method an `await` can only sit in an escaping
        /// async closure (`Task { … }`), which is reported as the Task it is.
        var launchAwaits: [StatementFact] {
            let asyncMembers = Set(launchFunctions.filter(\.isAsync).map(\.name))
            return scope.awaits.filter { $0.member.map(asyncMembers.contains) == true }
        }
        var launchReferences: [ReferenceFact] { scope.references.filter { $0.member.map(launchMembers.contains) == true } }

        /// `await habitsFeature.refresh()`, or `async let refreshed = habitsFeature.refresh()` then `await refreshed`.
        func isAwaited(_ call: CallFact, property: String) -> Bool {
            launchAwaits.contains { suspension in
                suspension.text.contains("\(property).refresh(")
                    || call.assignedTo.map { AppModelLaunchRule.mentions(suspension.text, $0) } == true
            }
        }

        /// The file holding a launch member (AppModel may be split over extensions).
        func file(ofMember member: String?) -> String {
            guard let member else { return launch.file }
            return appModel.parts.first { $0.facts.functions.contains { $0.name == member } }?.file ?? launch.file
        }
    }
}

extension AppModelLaunchRule {
    static let reference = """
        `AppModel.applicationDidFinishLaunching()` runs once, starts every Feature that can be started, and leaves no \
        Task behind; only the App type (or its application delegate) calls it. `"launch"` in `.cfa-gate.json` chooses \
        the style: `synchronous` (default) or `awaited-refresh`. **Reported:** an AppModel with no \
        `applicationDidFinishLaunching()` (at the AppModel); an AppModel with no stored `Bool` to guard with; a \
        launch with no `guard`/`if` condition naming the launch Bool; a launch that does not assign `true` to the \
        Bool after that check (setting it before the guard, or to `false`, does not count); a Feature stored on \
        AppModel that declares `startLoading()` which the launch never calls (`ordersFeature.startLoading()`); any \
        `Task { … }`, `Task(priority:) { … }` or `Task.detached { … }` in the launch (at the call); storing a Task in \
        an AppModel property from the launch (`launchTask = ordersFeature.startLoading()`, `launchTasks.append(…)`, \
        at the assignment); a call of `applicationDidFinishLaunching()` from any type other than the App type, its \
        `UIApplicationDelegate`/`NSApplicationDelegate`/`WKApplicationDelegate`, an `@main` type, AppModel itself or \
        a test — a View, a ViewModel, a Feature (at the call). With `synchronous`: an `async` launch (at the method) \
        and each `await` in it; and a screen whose `.task` or `.onAppear` calls a ViewModel method that starts a Feature \
        method the launch starts (`viewModel.load()` calling `ordersFeature.startLoading()`), at the screen's call with \
        the ViewModel's as related — the launch does that work once (the root view's `.task` is \
        CFA-ROOTTAB-STRUCTURAL's; a Button retrying a Feature's `refresh()` is not the launch's work and is not reported). \
        With `awaited-refresh`: the launch may be `async`; a Feature that declares \
        `refresh()` must have it called, and awaited when it is `async` (`await ordersFeature.refresh()`, or `async \
        let refreshed = ordersFeature.refresh()` then `await refreshed`); a Feature with only `startLoading()` must \
        still have it called; setting the Bool only after the first `await` is reported (a second call during the \
        suspension would launch twice). **Not reported:** discarding the Task that `startLoading()` returns \
        (`ordersFeature.startLoading()`, `_ = …`, a local `let`); Features that declare neither `startLoading()` nor \
        (in awaited-refresh) `refresh()`; a `refresh()` that is not `async` called without `await`; AppModel helper \
        methods the launch calls (`startFeatures()`, `self.startFeatures()`) are treated as part of the launch, so \
        Features started there count and a Task started there is reported there; an `await` inside a `Task { … }` \
        closure of a synchronous launch is reported once, as the Task; calls in `#Preview`, `PreviewProvider` and \
        `#if DEBUG` code; `Task(…)` when the project declares its own type named `Task` (only `_Concurrency.Task` is \
        then Swift's). A stored Task property that the launch never touches is left to CFA-APPMODEL-SHAPE. **Fix:** \
        `guard !hasLaunched else { return }; hasLaunched = true; habitsFeature.startLoading(); \
        checkInsFeature.startLoading()`, called from the App's `init()`.
        """

    /// The compliant ViewModel with a `load()` that starts the Feature's work: what a screen's `.task` or a Button may call.
    private static let viewModelStartingTheFeature = RuleExample.File.compliant(
        CompliantApp.viewModelPath,
        replacing: ["    var orders: [Order] { ordersFeature.orders }": """
                var orders: [Order] { ordersFeature.orders }

                func load() {
                    ordersFeature.startLoading()
                }
            """])

    static let examples: [RuleExample] = [
        // A screen's `.task` starting, through its ViewModel, what the launch starts.
        RuleExample(
            .compliant(
                CompliantApp.screenPath,
                replacing: ["        .toolbar {": "        .task { ↓viewModel.load() }\n        .toolbar {"]),
            viewModelStartingTheFeature),
        // A Button retrying the Feature's work is the user's, not the launch's.
        RuleExample(
            .compliant(
                CompliantApp.screenPath,
                replacing: [
                    "            Button(\"Add\") { viewModel.placeDraftOrder() }": "            Button(\"Reload\") { viewModel.load() }"
                ]),
            viewModelStartingTheFeature),
        // No launch guard, and a Task left behind.
        RuleExample(
            .compliant(
                CompliantApp.appModelPath,
                replacing: [
                    "    func applicationDidFinishLaunching() {": "    ↓func applicationDidFinishLaunching() {",
                    """
                            guard !hasLaunched else { return }
                            hasLaunched = true
                            ordersFeature.startLoading()
                    """: "        ↓Task { ordersFeature.startLoading() }",
                ])),
        // A launch helper counts as part of the launch.
        RuleExample(
            .compliant(
                CompliantApp.appModelPath,
                replacing: [
                    """
                            ordersFeature.startLoading()
                        }
                    """: """
                            startFeatures()
                        }

                        private func startFeatures() {
                            ordersFeature.startLoading()
                        }
                    """,
                ])),
        // Only the App type (or its delegate) launches the app.
        RuleExample(
            .compliant(
                CompliantApp.screenPath,
                replacing: [".toolbar {": ".onAppear { ↓AppModel.shared.applicationDidFinishLaunching() }\n        .toolbar {"])),
    ]
}
