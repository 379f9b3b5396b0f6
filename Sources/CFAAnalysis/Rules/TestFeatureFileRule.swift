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
            `ProgressManager`), nor a test file in a folder mirroring the Feature's own (`AppModel tests/Features/Orders/` for \
            `Features/Orders/OrdersFeature.swift`) that names the Feature or calls a test factory building it. The message \
            names the file to add, or the misplaced file to move. Presentation managers such \
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
        tests folder, else the test target, else `Tests/<Module>Tests/Feature Tests/`, or `<App>Tests/Feature Tests/` in an Xcode app), or the \
        misplaced file to move. A Feature kept in its own folder of Feature tests, the layout CFA's unit-test guidance uses \
        (`FeatureTests/<Feature>/`), has its tests there: any `…Tests.swift` file below a subfolder of a \
        Feature-tests folder named for the Feature or for what its Feature pattern's `*` stands for \
        (`FeatureTests/Progress/ProgressTests.swift` for `ProgressManager`, `Feature Tests/Orders/` for \
        `OrdersFeature`); so does a file named that way in a Feature-tests folder (`AppModel \
        tests/WeightImportTests.swift` for `WeightImportManager`). Tests may also mirror the source tree: a `…Tests.swift` file named for what it tests \
        (`LaunchAccessTests.swift`) counts when its folder, or one above it, mirrors the Feature's folder — at least \
        the Feature's folder and its parent match, ignoring case, spaces, a numbering prefix and a `Tests` ending \
        (`MetronomeTests/AppModel tests/Features/Metronome/Audio/` for `Metronome/2 - AppModel/Features/Metronome/`) \
        — and the file names the Feature or calls a function of another test file that constructs it \
        (`makeTestMetronome()`). It does not count when another Feature lives in that same folder (or in the deeper \
        folder the file mirrors), or when the file is named for another type of the app (`OrderTests.swift`). **Not reported:** presentation managers such as \
        `ThemeManager` outside a Features folder and not \
        stored on AppModel, which are not Features; an `@Observable` device adapter in a Features folder \
        (`AppleLessonAudio: LessonAudio`, written with `AVFoundation` or `Speech`), which sits behind the app's own \
        boundary protocol and is not a Feature unless a Feature pattern names it or AppModel stores it; Features \
        declared only in `#Preview`/`#if DEBUG` code. **Fix:** \
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
        // A device adapter behind the app's own protocol, kept in a Features folder, is no Feature and needs no Feature test.
        RuleExample(
            "App/2 - AppModel/Features/Speech/AppleSpeechReader.swift",
            """
            import AVFoundation
            import Observation

            @MainActor protocol SpeechReader: AnyObject {
                func speak(_ text: String)
            }

            @MainActor @Observable
            final class AppleSpeechReader: SpeechReader {
                private let synthesizer = AVSpeechSynthesizer()
                func speak(_ text: String) { synthesizer.speak(AVSpeechUtterance(string: text)) }
            }
            """),
        // One folder per Feature, named without the pattern's `Feature`, with its own file name.
        RuleExample(.compliant(CompliantApp.featureTestPath, movedTo: "Tests/AppTests/FeatureTests/Orders/OrdersTests.swift")),
        // Tests in a folder mirroring the Feature's own, named for what they test, count when they name the Feature.
        RuleExample(
            .compliant(CompliantApp.featurePath, movedTo: Self.ordersFolderFeature),
            .compliant(CompliantApp.featureTestPath, movedTo: "Tests/AppTests/AppModel Tests/Features/Orders/OrderPlacementTests.swift"),
            removing: [CompliantApp.featurePath, CompliantApp.featureTestPath]),
        // So do tests in a mirrored subfolder that build the Feature through a factory of another test file.
        RuleExample(
            .compliant(CompliantApp.featurePath, movedTo: Self.ordersFolderFeature),
            RuleExample.File(
                "Tests/AppTests/Test Support/OrdersFixtures.swift",
                """
                @testable import App

                @MainActor
                func makeOrdersFeature() -> OrdersFeature {
                    OrdersFeature(repository: InMemoryOrdersRepository())
                }
                """),
            RuleExample.File(
                "Tests/AppTests/AppModel Tests/Features/Orders/Storage/OrderSavingTests.swift",
                """
                import Testing
                @testable import App

                @MainActor
                struct OrderSavingTests {
                    @Test func aPlacedOrderIsSaved() async throws {
                        let feature = makeOrdersFeature()
                        _ = try await feature.placeOrder(named: "Tea")
                        #expect(feature.orders.count == 1)
                    }
                }
                """),
            removing: [CompliantApp.featurePath, CompliantApp.featureTestPath]),
        // A mirrored folder shared by two Features tells neither whose tests it holds.
        RuleExample(
            .compliant(CompliantApp.featurePath, movedTo: Self.ordersFolderFeature, replacing: ["@MainActor @Observable": "↓@MainActor @Observable"]),
            RuleExample.File(
                "App/2 - AppModel/Features/Orders/CustomersFeature.swift",
                """
                import Observation

                @MainActor @Observable
                final class CustomersFeature {
                    private(set) var names: [String] = []
                }
                """),
            RuleExample.File("Tests/AppTests/Feature Tests/CustomersFeatureTests.swift", Self.customersTests),
            .compliant(CompliantApp.featureTestPath, movedTo: "Tests/AppTests/AppModel Tests/Features/Orders/OrderPlacementTests.swift"),
            removing: [CompliantApp.featurePath, CompliantApp.featureTestPath]),
        // A file named for another type of the app is that type's, even in the Feature's mirrored folder.
        RuleExample(
            .compliant(CompliantApp.featurePath, movedTo: Self.ordersFolderFeature, replacing: ["@MainActor @Observable": "↓@MainActor @Observable"]),
            .compliant(CompliantApp.featureTestPath, movedTo: "Tests/AppTests/AppModel Tests/Features/Orders/OrderTests.swift"),
            removing: [CompliantApp.featurePath, CompliantApp.featureTestPath]),
        // A file in the mirrored folder that never names the Feature does not test it.
        RuleExample(
            .compliant(CompliantApp.featurePath, movedTo: Self.ordersFolderFeature, replacing: ["@MainActor @Observable": "↓@MainActor @Observable"]),
            RuleExample.File(
                "Tests/AppTests/AppModel Tests/Features/Orders/OrderNameTests.swift",
                """
                import Foundation
                import Testing
                @testable import App

                struct OrderNameTests {
                    @Test func aNameIsKept() {
                        #expect(Order(id: UUID(), name: "Tea").name == "Tea")
                    }
                }
                """),
            removing: [CompliantApp.featurePath, CompliantApp.featureTestPath]),
    ]

    private static let ordersFolderFeature = "App/2 - AppModel/Features/Orders/OrdersFeature.swift"

    private static let customersTests = """
        import Testing
        @testable import App

        @MainActor
        struct CustomersFeatureTests {
            @Test func startsEmpty() {
                #expect(CustomersFeature().names.isEmpty)
            }
        }
        """
}
