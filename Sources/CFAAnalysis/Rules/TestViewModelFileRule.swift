/// Item 23: every screen's ViewModel has its named test file, `<ViewModel>Tests.swift`, in a ViewModel-tests folder.
public struct TestViewModelFileRule: Rule {
    public static let id = "CFA-TEST-VIEWMODEL-FILE"
    public let descriptor = RuleDescriptor(
        id: id, item: 23,
        summary: "Every screen's ViewModel has `<ViewModel>Tests.swift` in a View Model Tests folder",
        help: "Reported at the ViewModel's declaration when no test file `<ViewModel>Tests.swift` sits in a folder matching `folders.viewModelTests` (default `View Model Tests`; case, spaces and a `1 - ` prefix ignored). The message names the file to add, or the misplaced file to move. The root view needs no ViewModel and so no test. Fix: add the named file with tests for the ViewModel, built with its Features passed in.")

    public init() {}

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
