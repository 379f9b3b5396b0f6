/// Item 1 (advice): a screen and its ViewModel are one unit, so they sit in one folder, where a reader
/// and a reviewer find them together.
struct ViewModelAdjacentRule: Rule {
    static let id = "CFA-VIEWMODEL-ADJACENT"
    let descriptor = RuleDescriptor(
        id: id, item: 1, defaultSeverity: .warning,
        summary: "A ViewModel's file sits in the folder of its screen's file",
        help: """
            Reported (warning) at a ViewModel declared in another folder than its own screen (the namesake `XView`, or else the \
            one screen that holds it). Folders are compared, not file names: several screens may share a folder, and a ViewModel \
            declared in its screen's file is beside it. A ViewModel no screen owns is left to CFA-VIEWMODEL-DEDICATED. Fix: move \
            `XViewModel.swift` into the folder of `XView.swift`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        index.entries(with: .viewModel).filter { !$0.declaration.isPreviewOnly }.compactMap { viewModel in
            guard let screen = ViewModelOwnership.owner(of: viewModel, in: index) else { return nil }
            let viewModelFolder = Self.folder(of: viewModel.file), screenFolder = Self.folder(of: screen.file)
            guard viewModelFolder != screenFolder else { return nil }
            let fileName = viewModel.file.split(separator: "/").last.map(String.init) ?? viewModel.file
            return descriptor.finding(
                viewModel.file, viewModel.location,
                "\(viewModel.name) is in `\(Self.shown(viewModelFolder))`, not beside its screen \(screen.name) in `\(Self.shown(screenFolder))`; "
                    + "move \(fileName) into that folder")
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func shown(_ folder: String) -> String { folder.isEmpty ? "." : folder }
}

extension ViewModelAdjacentRule {
    static let reference = """
        A screen and its ViewModel are one unit and sit in one folder, where a reader and a reviewer find them \
        together. **Reported:** a ViewModel declared in a different folder than its own screen (same ownership as \
        CFA-VIEWMODEL-DEDICATED), as a warning at the ViewModel's declaration, naming both folders. **Not reported:** \
        several screens with their ViewModels sharing one folder; a ViewModel declared in its screen's own file \
        (folders are compared, not file names, so the rule does not also demand a file named `XViewModel.swift`); a \
        ViewModel that no screen owns (no namesake view and zero or several holders) — there is no folder to be \
        adjacent to, and CFA-VIEWMODEL-DEDICATED reports the sharing; preview-only ViewModels. **Fix:** move \
        `XViewModel.swift` into the folder of `XView.swift`.
        """

    static let examples: [RuleExample] = [
        // The ViewModel sits in a ViewModels folder, away from its screen.
        RuleExample(
            .compliant(
                CompliantApp.viewModelPath, movedTo: "App/1 - View/ViewModels/OrdersViewModel.swift",
                replacing: ["@MainActor @Observable": "↓@MainActor @Observable"]),
            removing: [CompliantApp.viewModelPath]),
        // Two screens share a folder, each with its ViewModel beside it (one in the screen's own file).
        RuleExample(
            RuleExample.File(
                "App/1 - View/Views/Orders/OrderFilterView.swift",
                """
                import Observation
                import SwiftUI

                struct OrderFilterView: View {
                    @State private var viewModel = OrderFilterViewModel()

                    var body: some View {
                        Toggle("Open only", isOn: $viewModel.showsOpenOnly)
                    }
                }

                @MainActor @Observable
                final class OrderFilterViewModel {
                    var showsOpenOnly = false
                }
                """)),
    ]
}
