/// Where the named test file of a ViewModel or Feature is, or where it should go (item 23).
///
/// A ViewModel's tests are `<ViewModel>Tests.swift` in a folder matching `folders.viewModelTests`; a Feature's
/// are `<Feature>Tests.swift` in a folder matching `folders.featureTests`. Folder names match ignoring case,
/// spaces and a numbering prefix. Shared by the item-23 rules and the inventory diff.
enum TestFileLookup {
    /// The repository-relative path of `<viewModel>Tests.swift` in a ViewModel-tests folder, if there is one.
    /// Else a test file in a folder mirroring the ViewModel's own (see `MirroredTestFolder`).
    static func viewModelTest(for viewModel: String, in index: CodebaseIndex) -> String? {
        existingTest(for: viewModel, in: index, aliases: index.configuration.folders.viewModelTests)
            ?? mirroredTest(for: viewModel, role: .viewModel, in: index)
    }

    private static func mirroredTest(for type: String, role: Role, in index: CodebaseIndex) -> String? {
        index.entries(with: role).first { $0.name == type }.flatMap { MirroredTestFolder.test(for: $0, role: role, in: index) }
    }

    /// Where `<viewModel>Tests.swift` should be added, e.g. `Tests/AppTests/View Model Tests/OrdersViewModelTests.swift`.
    static func proposedViewModelTestPath(for viewModel: String, in index: CodebaseIndex) -> String {
        let folders = index.configuration.folders
        return proposedPath(for: viewModel, in: index, aliases: folders.viewModelTests, siblings: folders.featureTests)
    }

    /// The repository-relative path of `<feature>Tests.swift` in a Feature-tests folder, if there is one; else a test
    /// file in the Feature's own folder of one (`FeatureTests/Progress/ProgressTests.swift` for `ProgressManager`).
    /// A file named for the Feature without its pattern's fixed part counts too (`WeightImportTests.swift` for
    /// `WeightImportManager`, in a Feature-tests folder). Else a test file in a folder mirroring the Feature's own
    /// (`MirroredTestFolder`).
    static func featureTest(for feature: String, in index: CodebaseIndex) -> String? {
        let aliases = index.configuration.folders.featureTests
        return existingTest(for: feature, in: index, aliases: aliases)
            ?? featureStems(of: feature, index.configuration).lazy.compactMap { existingTest(for: $0, in: index, aliases: aliases) }.first
            ?? testInFeatureFolder(for: feature, in: index)
            ?? mirroredTest(for: feature, role: .feature, in: index)
    }

    /// `Progress` for `ProgressManager` (`*Manager`), `Orders` for `OrdersFeature` (`*Feature`).
    static func featureStems(of feature: String, _ configuration: AnalysisConfiguration) -> [String] {
        configuration.features.compactMap { $0.wildcardPart(of: feature) }.filter { !$0.isEmpty && $0 != feature }
    }

    /// CFA's unit-test guidance keeps Feature tests one folder per Feature, `FeatureTests/<Feature>/`: a
    /// `…Tests.swift` file in a subfolder of a Feature-tests folder named for the Feature — its name or its
    /// name without the configured pattern's fixed part (`Progress` for `ProgressManager`, `Orders` for `OrdersFeature`).
    private static func testInFeatureFolder(for feature: String, in index: CodebaseIndex) -> String? {
        let aliases = Set(index.configuration.folders.featureTests.map(FolderName.normalized))
        let names = Set(([feature] + featureStems(of: feature, index.configuration)).map(FolderName.normalized))
        return index.testPaths.first { path in
            guard path.hasSuffix("Tests.swift") else { return false }
            let folders = Array(path.split(separator: "/").dropLast())
            return zip(folders, folders.dropFirst()).contains { aliases.contains(FolderName.normalized($0)) && names.contains(FolderName.normalized($1)) }
        }
    }

    /// Where `<feature>Tests.swift` should be added, e.g. `Tests/AppTests/Feature Tests/OrdersFeatureTests.swift`.
    static func proposedFeatureTestPath(for feature: String, in index: CodebaseIndex) -> String {
        let folders = index.configuration.folders
        return proposedPath(for: feature, in: index, aliases: folders.featureTests, siblings: folders.viewModelTests)
    }

    // MARK: Finding

    static func testFileName(for type: String) -> String { "\(type)Tests.swift" }

    private static func existingTest(for type: String, in index: CodebaseIndex, aliases: [String]) -> String? {
        testFiles(named: testFileName(for: type), in: index).first { FolderName.path($0, containsAnyOf: aliases) }
    }

    /// Test files with this exact name anywhere, sorted: a file in the wrong folder is worth naming in a message.
    static func testFiles(named fileName: String, in index: CodebaseIndex) -> [String] {
        index.testFiles(named: fileName)
    }

    // MARK: Proposing

    /// The first that exists, among the tests of the package that declares the type: the folder already used
    /// for such tests; the matching sibling of the other tests folder (`Feature Tests` → `View Model Tests`);
    /// the test target holding any test file; a new `Tests/<Module>Tests` in that package, named after the
    /// module that declares the type (`<App>Tests` beside `<App>/` in an Xcode app). In a repository of several packages another package's tests are never
    /// proposed.
    private static func proposedPath(for type: String, in index: CodebaseIndex, aliases: [String], siblings: [String]) -> String {
        let fileName = testFileName(for: type)
        let folderName = aliases.first ?? "Tests"
        let packages = PackageRoots(index)
        let package = index.entry(named: type).map { packages.root(of: $0.file) } ?? ""
        let testPaths = index.testPaths.filter { packages.root(of: $0) == package }
        for alias in aliases {
            if let folder = mostCommon(testPaths.compactMap { folder(matching: alias, in: $0) }) { return "\(folder)/\(fileName)" }
        }
        for alias in siblings {
            if let folder = mostCommon(testPaths.compactMap { folder(matching: alias, in: $0) }) {
                return "\(parent(of: folder))\(folderName)/\(fileName)"
            }
        }
        let knownFolders = aliases + siblings + index.configuration.folders.testSupport
        if let target = mostCommon(testPaths.compactMap { testTarget(of: $0, knownFolders: knownFolders) }) {
            return "\(target)/\(folderName)/\(fileName)"
        }
        let module = module(declaring: type, in: index)
        // An Xcode app (no manifest, no `Sources`) keeps its unit tests in `<App>Tests/` beside `<App>/`.
        if packages.isXcodeProject, let file = index.entry(named: type)?.file, !file.split(separator: "/").contains("Sources") {
            return "\(module)Tests/\(folderName)/\(fileName)"
        }
        return "\(package.isEmpty ? "" : package + "/")Tests/\(module)Tests/\(folderName)/\(fileName)"
    }

    /// The package a file belongs to: the folder of the nearest `Package.swift` above it, else the folder that
    /// holds its `Sources` or `Tests` folder (`Packages/Lists/Sources/Lists/…` → `Packages/Lists`); `` for the
    /// repository root, where an Xcode project's `App/` and `AppTests/` both belong.
    struct PackageRoots {
        private let manifests: [String]
        /// No `Package.swift` anywhere: the folders are an Xcode project's.
        var isXcodeProject: Bool { manifests.isEmpty }

        init(_ index: CodebaseIndex) {
            manifests = index.files.map(\.path).filter { $0 == "Package.swift" || $0.hasSuffix("/Package.swift") }
                .map { String($0.dropLast("Package.swift".count).dropLast()) }.sorted { $0.count > $1.count }
        }

        func root(of path: String) -> String {
            if let manifest = manifests.first(where: { $0.isEmpty || path.hasPrefix($0 + "/") }) { return manifest }
            let folders = path.split(separator: "/").dropLast()
            guard let position = folders.firstIndex(where: { $0 == "Sources" || $0 == "Tests" }) else { return "" }
            return folders[..<position].joined(separator: "/")
        }
    }

    /// `Tests/AppTests/View Model Tests/Orders/XTests.swift` with alias `view model tests` → `Tests/AppTests/View Model Tests`.
    private static func folder(matching alias: String, in path: String) -> String? {
        let folders = path.split(separator: "/").dropLast()
        guard let position = folders.firstIndex(where: { FolderName.normalized($0) == FolderName.normalized(alias) }) else { return nil }
        return folders[...position].joined(separator: "/")
    }

    /// `Tests/AppTests/Feature Tests` → `Tests/AppTests/`; a top-level folder → ``.
    private static func parent(of folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/") else { return "" }
        return String(folder[...slash])
    }

    /// The test target folder of a test file: the folders before a known tests folder, else
    /// `Tests/<Target>` (SwiftPM) or the first `…Tests` folder (Xcode).
    private static func testTarget(of path: String, knownFolders: [String]) -> String? {
        let folders = Array(path.split(separator: "/").dropLast())
        let known = Set(knownFolders.map(FolderName.normalized))
        if let position = folders.firstIndex(where: { known.contains(FolderName.normalized($0)) }) {
            return position == 0 ? nil : folders[..<position].joined(separator: "/")
        }
        guard let position = folders.firstIndex(where: { $0 == "Tests" || $0.hasSuffix("Tests") }) else { return nil }
        let end = folders[position] == "Tests" && position + 1 < folders.count ? position + 1 : position
        return folders[...end].joined(separator: "/")
    }

    /// `Sources/HabitTracker/…` → `HabitTracker`; `App/2 - AppModel/…` → `App`.
    private static func module(declaring type: String, in index: CodebaseIndex) -> String {
        guard let file = index.entry(named: type)?.file else { return "App" }
        let folders = file.split(separator: "/").dropLast()
        if let sources = folders.firstIndex(of: "Sources"), sources + 1 < folders.endIndex { return String(folders[sources + 1]) }
        return folders.first.map(String.init) ?? "App"
    }

    /// The value seen most often; ties go to the first in sorted order, so proposals are stable.
    private static func mostCommon(_ values: [String]) -> String? {
        let counts = Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.keys.sorted().max { counts[$0]! < counts[$1]! }
    }
}
