/// Item 23: every screen's ViewModel has its named test file, `<ViewModel>Tests.swift`, in a ViewModel-tests folder.
public struct TestViewModelFileRule: Rule {
    public static let id = "CFA-TEST-VIEWMODEL-FILE"
    public let descriptor = RuleDescriptor(
        id: id, item: 23,
        summary: "Every screen's ViewModel has `<ViewModel>Tests.swift` in a View Model Tests folder",
        help: """
            Reported at the ViewModel's declaration when no test file `<ViewModel>Tests.swift` sits in a folder matching \
            `folders.viewModelTests` (default `View Model Tests`; case, spaces and a `1 - ` prefix ignored), nor a test file in a \
            folder mirroring the ViewModel's own that names it (as for Features, CFA-TEST-FEATURE-FILE). The message names \
            the file to add, or the misplaced file to move. The root view needs no ViewModel and so no test. Fix: add the named \
            file with tests for the ViewModel, built with its Features passed in.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    public func check(_ index: CodebaseIndex) -> [Finding] {
        let screens = index.entries(with: .screen).filter { !$0.declaration.isPreviewOnly }
        var seen: Set<String> = []
        let viewModels = screens.compactMap { index.viewModel(ofScreen: $0) }.filter { seen.insert($0.name).inserted }
        return viewModels.filter { !$0.declaration.isPreviewOnly && TestFileLookup.viewModelTest(for: $0.name, in: index) == nil }.map { viewModel in
            let proposed = TestFileLookup.proposedViewModelTestPath(for: viewModel.name, in: index)
            return descriptor.finding(viewModel.file, viewModel.location, MissingTestMessage.text(type: viewModel.name, proposed: proposed, in: index))
        }
    }
}

extension TestViewModelFileRule {
    static let reference = """
        Every screen's ViewModel has its named test file, `<ViewModel>Tests.swift`, in a ViewModel-tests folder, so \
        the inventory can map tests to what they test. **Reported:** at the ViewModel's declaration, once per \
        ViewModel used by a screen, when no test file with exactly that name sits anywhere below a folder matching \
        `folders.viewModelTests` (default `View Model Tests`; case, spaces and a numbering prefix such as `2 - ` \
        ignored, so `ViewModelTests`, `View model tests` and `2 - View Model Tests/Orders/` all match). The message \
        names the exact file to add, always among the tests of the package that declares the ViewModel (the folder \
        of its nearest `Package.swift`, else the folder holding its `Sources`; another package's tests are never \
        proposed) — in the folder already used for ViewModel tests (the most used one if several), else next to the \
        Feature tests folder (`Tests/AppTests/Feature Tests` → `Tests/AppTests/View Model Tests`), else in the test \
        target of the existing test files (`Tests/<Target>` or an Xcode `…Tests` folder), else in a new \
        `Tests/<Module>Tests/View Model Tests/` named after the module (`Sources/<Module>/…`, or the ViewModel's top \
        folder); in an Xcode app, with no `Package.swift` and no `Sources` folder, its unit-test folder \
        `<App>Tests/View Model Tests/` beside `<App>/`). When a file of that name exists elsewhere among the tests, the message says to move it there. **Not \
        reported:** the root view (`RootTabView` or `RootView` by default, or the configured `rootView`) is structural and \
        needs neither ViewModel nor test, even if it has one; component views that only receive data; screens and \
        ViewModels declared only in `#Preview`/`#if DEBUG` code. Several screens in one folder each need their own \
        ViewModel's test. Tests must be inside the analysed scope (`include`) to be found; a near miss such as \
        `OrdersViewModelTest.swift` does not count. A test file in a folder mirroring the ViewModel's own \
        (`Tests/AppTests/1 - View/Views/Orders/` for `App/1 - View/Views/Orders/OrdersViewModel.swift`) counts as for \
        Features (see CFA-TEST-FEATURE-FILE): it names the ViewModel or calls a test factory building it, no other \
        ViewModel shares the folder, and it is not named for another type. **Fix:** add the named file with tests for the ViewModel, built \
        with its Features passed in.
        """

    static let examples: [RuleExample] = [
        // A new screen whose ViewModel has no test file.
        RuleExample(
            RuleExample.File(
                "App/1 - View/Views/Receipts/ReceiptsView.swift",
                """
                import SwiftUI

                struct ReceiptsView: View {
                    @State private var viewModel = ReceiptsViewModel()

                    var body: some View {
                        Text(viewModel.title)
                    }
                }
                """),
            RuleExample.File(
                "App/1 - View/Views/Receipts/ReceiptsViewModel.swift",
                """
                import Observation

                ↓@MainActor @Observable
                final class ReceiptsViewModel {
                    var title = "Receipts"
                }
                """)),
        // A differently spelled ViewModel-tests folder still counts.
        RuleExample(
            .compliant(CompliantApp.viewModelTestPath, movedTo: "Tests/AppTests/2 - ViewModelTests/OrdersViewModelTests.swift"),
            removing: [CompliantApp.viewModelTestPath]),
        // Tests in a folder mirroring the screen's own, named for what they test.
        RuleExample(
            .compliant(CompliantApp.viewModelTestPath, movedTo: "Tests/AppTests/1 - View/Views/Orders/OrderListTests.swift"),
            removing: [CompliantApp.viewModelTestPath]),
        // A file there that never names the ViewModel does not test it.
        RuleExample(
            .compliant(CompliantApp.viewModelPath, replacing: ["@MainActor @Observable": "↓@MainActor @Observable"]),
            RuleExample.File("Tests/AppTests/1 - View/Views/Orders/OrderListLayoutTests.swift", "import Testing\n\nstruct OrderListLayoutTests {}\n"),
            removing: [CompliantApp.viewModelTestPath]),
    ]
}
