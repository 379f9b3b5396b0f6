/// Item 23: every Feature has its named test file, `<Feature>Tests.swift`, in a Feature-tests folder.
public struct TestFeatureFileRule: Rule {
    public static let id = "CFA-TEST-FEATURE-FILE"
    public let descriptor = RuleDescriptor(
        id: id, item: 23,
        summary: "Every Feature has `<Feature>Tests.swift` in a Feature Tests folder",
        help: """
            Reported at the Feature's declaration when no test file `<Feature>Tests.swift` sits in a folder matching \
            `folders.featureTests` (default `Feature Tests` or `AppModel Tests`; case, spaces and a `1 - ` prefix ignored), \
            nor any test file in that folder's subfolder named for the Feature (`FeatureTests/Progress/` for \
            `ProgressManager`). The message names the file to add, or the misplaced file to move. Presentation managers such \
            as `ThemeManager` are not Features and need none. Fix: add the named file with tests for the Feature, built with \
            test-double repositories.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    public func check(_ index: CodebaseIndex) -> [Finding] {
        index.entries(with: .feature).filter { feature in
            !feature.declaration.isPreviewOnly && TestFileLookup.featureTest(for: feature.name, in: index) == nil
        }.map { feature in
            let proposed = TestFileLookup.proposedFeatureTestPath(for: feature.name, in: index)
            return descriptor.finding(feature.file, feature.location, MissingTestMessage.text(type: feature.name, proposed: proposed, in: index))
        }
    }
}

extension TestFeatureFileRule {
    static let reference = """
        Every Feature has its named test file, `<Feature>Tests.swift`, in a Feature-tests folder. **Reported:** at \
        the Feature's declaration, when no test file with exactly that name sits below a folder matching \
        `folders.featureTests` (default `Feature Tests` or `AppModel Tests`, matched ignoring case, spaces and a \
        numbering prefix). Features are the classes AppModel stores (outside the View layer), the classes and actors \
        matching the configured Feature patterns (default `*Feature`, and `*Manager` under a Features folder), and \
        `@Observable` classes in a Features folder; the domain values beside them (`Repo`, `AppColourTheme`) need no \
        Feature test. The message names the exact file to add, chosen as for ViewModel tests (the folder of the \
        first configured name that exists — `Feature Tests` before `AppModel Tests` — else next to the ViewModel \
        tests folder, else the test target, else `Tests/<Module>Tests/Feature Tests/`), or the misplaced file to \
        move. A Feature kept in its own folder of Feature tests, the layout CFA's unit-test guidance uses \
        (`FeatureTests/<Feature>/`), has its tests there: any `…Tests.swift` file below a subfolder of a \
        Feature-tests folder named for the Feature or for what its Feature pattern's `*` stands for \
        (`FeatureTests/Progress/ProgressTests.swift` for `ProgressManager`, `Feature Tests/Orders/` for \
        `OrdersFeature`); so does a file named that way in a Feature-tests folder (`AppModel \
        tests/WeightImportTests.swift` for `WeightImportManager`). **Not reported:** presentation managers such as \
        `ThemeManager` outside a Features folder and not \
        stored on AppModel, which are not Features; Features declared only in `#Preview`/`#if DEBUG` code. **Fix:** \
        add the named file with tests for the Feature, built with test-double repositories \
        (`OrdersFeature(repository: InMemoryOrdersRepository())`).
        """

    static let examples: [RuleExample] = [
        // The Feature's test file is missing.
        RuleExample(
            .compliant(CompliantApp.featurePath, replacing: ["@MainActor @Observable": "↓@MainActor @Observable"]),
            removing: [CompliantApp.featureTestPath]),
        // Feature tests may live under `AppModel Tests`; a presentation manager needs none.
        RuleExample(
            .compliant(CompliantApp.featureTestPath, movedTo: "Tests/AppTests/AppModel Tests/OrdersFeatureTests.swift"),
            RuleExample.File(
                "App/1 - View/Theme/ThemeManager.swift",
                """
                import SwiftUI

                @MainActor @Observable
                final class ThemeManager {
                    var accent: Color = .orange
                }
                """),
            removing: [CompliantApp.featureTestPath]),
        // One folder per Feature, named without the pattern's `Feature`, with its own file name.
        RuleExample(.compliant(CompliantApp.featureTestPath, movedTo: "Tests/AppTests/FeatureTests/Orders/OrdersTests.swift")),
    ]
}
