/// Item 9: the app actually launches. An `@main` App whose code never calls
/// `AppModel.shared.applicationDidFinishLaunching()` starts no Feature: every screen stays empty.
struct LaunchWiredRule: Rule {
    static let id = "CFA-LAUNCH-WIRED"
    let descriptor = RuleDescriptor(
        id: id, item: 9,
        summary: "An @main App launches the AppModel: something calls applicationDidFinishLaunching()",
        help: """
            Reported at the `@main` App type: the package declares an `@main` type conforming to `App`, its AppModel has \
            `applicationDidFinishLaunching()`, and no code outside tests and previews calls it. A package without an `@main` \
            App (a library, a model-only package) is not an app and is not reported. Fix: call \
            `AppModel.shared.applicationDidFinishLaunching()` from the App's `init()` or from the application delegate's \
            `application(_:didFinishLaunchingWithOptions:)`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        guard let appModel = index.appModel,
            appModel.functions.contains(where: { $0.name == AppModelLaunchRule.launchMethod && !$0.isStatic })
        else { return [] }
        let apps = index.entries(with: .app).filter { app in
            app.inherits("App") && app.parts.contains { !$0.facts.isPreviewOnly && ($0.facts.hasAttribute("main") || $0.facts.hasAttribute("MainActor.main")) }
        }
        guard let app = apps.first else { return [] }
        // Whoever calls it — the App, its delegate, even a View (CFA-APPMODEL-LAUNCH reports that caller) — wires the launch.
        let called = index.files.contains { file in
            !index.isTestFile(file.path)
                && (file.types.contains { $0.scope.calls.contains(where: Self.isLaunchCall) } || file.fileScope.calls.contains(where: Self.isLaunchCall))
        }
        guard !called else { return [] }
        return [descriptor.finding(
            app.file, app.location,
            "\(app.name) is the app's entry point, but nothing calls AppModel.shared.\(AppModelLaunchRule.launchMethod)(), so no Feature starts; "
                + "call it from the App's init() or the application delegate's didFinishLaunchingWithOptions")]
    }

    private static func isLaunchCall(_ call: CallFact) -> Bool {
        call.shape.name == AppModelLaunchRule.launchMethod && !call.inPreview
    }
}

extension LaunchWiredRule {
    static let reference = """
        The app delegate's `application(_:didFinishLaunchingWithOptions:)` "calls \
        AppModel.shared.applicationDidFinishLaunching()" (Reference 4, AppModel): that call is what starts every \
        Feature. CFA-APPMODEL-LAUNCH checks what the launch does and who else calls it; this rule checks that \
        someone calls it at all. Error: without it no Feature ever loads. **Reported:** at the `@main` type, when \
        the analysed code declares an `@main` type conforming to `App` (with or without an application delegate), \
        the AppModel declares `applicationDidFinishLaunching()`, and no call of it exists in any non-test file \
        outside previews — through `AppModel.shared`, a local (`let appModel = AppModel.shared; Task { await \
        appModel.applicationDidFinishLaunching() }`, as the template's delegate does) or anything else. **Not \
        reported:** a package with no `@main` App — a library or model-only package (the App type of a package \
        that builds a library cannot be `@main`), which an app target elsewhere launches; an AppModel without the \
        method (CFA-APPMODEL-LAUNCH reports that); a call from a View, which does wire the launch (and is \
        CFA-APPMODEL-LAUNCH's finding); no AppModel (CFA-ADOPTION). A call only in tests or previews does not \
        count. **Fix:** call `AppModel.shared.applicationDidFinishLaunching()` from the App's `init()` or from \
        the delegate's `didFinishLaunchingWithOptions`.
        """

    static let examples: [RuleExample] = [
        // An app that never launches its AppModel.
        RuleExample(
            .compliant(
                CompliantApp.appPath,
                replacing: [
                    "struct OrdersApp: App {\n    init() {\n        AppModel.shared.applicationDidFinishLaunching()\n    }\n":
                        "↓@main\nstruct OrdersApp: App {\n",
                ])),
        // The delegate launches it, through a local.
        RuleExample(
            .compliant(
                CompliantApp.appPath,
                replacing: [
                    "struct OrdersApp: App {\n    init() {\n        AppModel.shared.applicationDidFinishLaunching()\n    }\n": """
                        final class OrdersAppDelegate: NSObject, UIApplicationDelegate {
                            func application(_: UIApplication, didFinishLaunchingWithOptions _: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                                let appModel = AppModel.shared
                                appModel.applicationDidFinishLaunching()
                                return true
                            }
                        }

                        @main
                        struct OrdersApp: App {
                            @UIApplicationDelegateAdaptor(OrdersAppDelegate.self) private var appDelegate

                        """,
                ])),
        // A library package with no @main App is launched by the app target that uses it.
        RuleExample(
            .compliant(
                CompliantApp.appPath,
                replacing: ["    init() {\n        AppModel.shared.applicationDidFinishLaunching()\n    }\n": ""])),
    ]
}
