/// Item 1 (advice): a screen and its ViewModel are one unit, so they sit in one folder, where a reader
/// and a reviewer find them together.
public struct ViewModelAdjacentRule: Rule {
    public static let id = "CFA-VIEWMODEL-ADJACENT"
    public let descriptor = RuleDescriptor(
        id: id, item: 1, defaultSeverity: .warning,
        summary: "A ViewModel's file sits in the folder of its screen's file",
        help: "Reported (warning) at a ViewModel declared in another folder than its own screen (the namesake `XView`, or else the one screen that holds it). Folders are compared, not file names: several screens may share a folder, and a ViewModel declared in its screen's file is beside it. A ViewModel no screen owns is left to CFA-VIEWMODEL-DEDICATED. Fix: move `XViewModel.swift` into the folder of `XView.swift`.")

    public init() {}

    public func check(_ index: CodebaseIndex) -> [Finding] {
        index.entries(with: .viewModel).filter { !$0.declaration.isPreviewOnly }.compactMap { viewModel in
            guard let screen = ViewModelOwnership.owner(of: viewModel, in: index) else { return nil }
            let viewModelFolder = Self.folder(of: viewModel.file), screenFolder = Self.folder(of: screen.file)
            guard viewModelFolder != screenFolder else { return nil }
            let fileName = viewModel.file.split(separator: "/").last.map(String.init) ?? viewModel.file
            return descriptor.finding(
                viewModel.file, viewModel.location,
                "\(viewModel.name) is in `\(Self.shown(viewModelFolder))`, not beside its screen \(screen.name) in `\(Self.shown(screenFolder))`; move \(fileName) into that folder")
        }
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    private static func shown(_ folder: String) -> String { folder.isEmpty ? "." : folder }
}
