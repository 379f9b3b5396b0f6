@testable import CFAAnalysis
import GateTestSupport
import Testing

/// The CFA App template keeps domain values beside their Feature; a Feature is decided by what a type is,
/// not by the folder it sits in.
struct TemplateLayoutTests {
    private func app(replacing changes: [String: String] = [:], removing removed: [String] = []) -> [String: String] {
        var files = TemplateLayoutApp.files.merging(changes) { _, new in new }
        for path in removed { files[path] = nil }
        return files
    }

    private func replacing(_ old: String, with new: String, in path: String) -> [String: String] {
        let source = TemplateLayoutApp.files[path]!
        #expect(source.contains(old), "`\(old)` is not in \(path)")
        return [path: source.replacingOccurrences(of: old, with: new)]
    }

    /// No error. The one warning is SettingsManager keeping its preference in `UserDefaults` itself, as the template
    /// does (CFA-FEATURE-DIRECT-SYSTEM): CFA's newer pages route that through a repository.
    @Test func theTemplateLayoutHasNoFindingsButItsSettingsWarning() {
        let result = Analysis.result(TemplateLayoutApp.files)
        #expect(result.findings.map(\.compilerStyle) == [Self.settingsWarning])
    }

    static let settingsWarning = "\(TemplateLayoutApp.settingsFeaturePath):7:27: warning: SettingsManager talks to UserDefaults itself; "
        + "calls travel from Feature to repository — put this behind a repository protocol that AppModel.live() builds [CFA-FEATURE-DIRECT-SYSTEM, item 12]"

    @Test func domainValuesBesideTheirFeatureAreValuesAndTheManagersAreFeatures() {
        let index = Analysis.result(TemplateLayoutApp.files).index
        for name in TemplateLayoutApp.domainValues {
            #expect(index.role(of: name) == .domain, "\(name)")
        }
        for name in TemplateLayoutApp.features {
            #expect(index.role(of: name) == .feature, "\(name)")
        }
        #expect(index.featureNames == Set(TemplateLayoutApp.features))
    }

    @Test func aWorkerActorAndAMainActorHelperBesideAFeatureAreNotFeatures() {
        let index = Analysis.result(TemplateLayoutApp.files).index
        #expect(index.role(of: "BookIndexer") != .feature)
        #expect(index.role(of: "ReadingClock") != .feature)
    }

    @Test func anObservableClassInAFeaturesFolderOrStoredOnAppModelIsAFeature() {
        let observable = app(replacing: [
            "Shelf/2 - AppModel/Features/Loans/Lending.swift": "import Observation\n\n@MainActor @Observable\nfinal class Lending {\n    private(set) var loans: [Book] = []\n}\n"
        ])
        #expect(Analysis.result(observable).index.role(of: "Lending") == .feature)

        // Stored on AppModel and declared outside the View layer: a Feature whatever its name.
        let stored = app(replacing: replacing(
            "    private var hasFinishedLaunching = false",
            with: "    let lendingFeature: Lending\n    private var hasFinishedLaunching = false", in: TemplateLayoutApp.appModelPath
        ).merging(["Shelf/2 - AppModel/Lending.swift": "final class Lending {}\n"]) { _, new in new })
        #expect(Analysis.result(stored).index.role(of: "Lending") == .feature)
    }

    @Test func valueTypesProtocolsAndWorkersAreNeverFeaturesEvenWhenNamedLikeOne() {
        let files = app(replacing: [
            "Shelf/2 - AppModel/Features/Books/Data Types/Shelving.swift": """
                struct ShelfManager { let name: String }
                enum BindingManager { case hard, soft }
                protocol CatalogManager {}
                actor ScanManager {}
                """
        ])
        let index = Analysis.result(files).index
        #expect(index.role(of: "ShelfManager") == .domain)
        #expect(index.role(of: "BindingManager") == .domain)
        #expect(index.role(of: "CatalogManager") != .feature)
        // An actor named by the Feature pattern is a (misdeclared) Feature: CFA-ISOLATION says so.
        #expect(index.role(of: "ScanManager") == .feature)
        let isolation = Analysis.findings("CFA-ISOLATION", in: files)
        #expect(isolation.map(\.message).contains { $0.contains("ScanManager is an actor") })
    }

    @Test func aStructNamedViewModelIsAValueAndAViewHoldingItIsAComponent() {
        let files = app(replacing: [
            "Shelf/1 - View/Components/BookRow.swift": """
                #if canImport(SwiftUI)
                import SwiftUI

                struct BookRowViewModel {
                    let book: Book
                    var subtitle: String { "\\(book.pageCount) pages" }
                }

                struct BookRow: View {
                    let viewModel: BookRowViewModel
                    var body: some View { Text(viewModel.subtitle) }
                }
                #endif
                """,
            TemplateLayoutApp.booksScreenPath: TemplateLayoutApp.files[TemplateLayoutApp.booksScreenPath]!
                .replacingOccurrences(of: "Text(book.title)", with: "BookRow(viewModel: BookRowViewModel(book: book))"),
        ])
        let result = Analysis.result(files)
        #expect(result.index.role(of: "BookRowViewModel") == .domain)
        #expect(result.index.role(of: "BookRow") == .componentView)
        #expect(result.findings.map(\.compilerStyle) == [Self.settingsWarning])
    }

    // MARK: Planted violations are still found in this layout

    @Test func aViewNamingTheFeatureIsFoundButTheValuesItListsAreNot() throws {
        let files = app(replacing: replacing(
            "private func row(_ book: Book) -> some View {\n        Text(book.title)",
            with: "private func row(_ book: Book) -> some View {\n        Text(AppModel.shared.booksFeature.books.first?.title ?? book.title)",
            in: TemplateLayoutApp.booksScreenPath))
        let findings = Analysis.findings("CFA-VIEW-NO-MODEL-ACCESS", in: files)
        #expect(findings.map(\.file) == [TemplateLayoutApp.booksScreenPath])
        #expect(try #require(findings.onlyFinding).message.contains("AppModel"))
        #expect(!findings.contains { $0.message.contains("Book ") || $0.message.contains("the Feature Book") })
    }

    @Test func aRepositoryNamingTheFeatureIsFoundButTheValuesItReturnsAreNot() throws {
        let files = app(replacing: replacing(
            "    func save(_ book: Book) throws {",
            with: "    weak var owner: BooksManager?\n\n    func save(_ book: Book) throws {",
            in: TemplateLayoutApp.repositoryImplementationPath))
        let finding = try #require(Analysis.findings("CFA-REPO-NO-FEATURE", in: files).onlyFinding)
        #expect(finding.message.contains("the Feature BooksManager"))
    }

    @Test func aMisnamedFeaturePropertyIsFoundButDomainValuePropertiesAreNot() throws {
        let files = app(replacing: replacing(
            "private let booksFeature: BooksManager\n    private let settingsFeature",
            with: "private let books: BooksManager\n    private let settingsFeature", in: TemplateLayoutApp.booksViewModelPath
        ).mapValues { $0.replacingOccurrences(of: "self.booksFeature = booksFeature", with: "self.books = booksFeature").replacingOccurrences(of: "booksFeature.books(on:", with: "books.books(on:") })
        let finding = try #require(Analysis.findings("CFA-FEATURE-NAMING", in: files).onlyFinding)
        #expect(finding.message.contains("BooksViewModel.books holds a BooksManager"))
    }

    @Test func aMissingFeatureTestIsFoundForTheFeatureAlone() throws {
        let files = app(removing: [TemplateLayoutApp.booksFeatureTestPath])
        let finding = try #require(Analysis.findings("CFA-TEST-FEATURE-FILE", in: files).onlyFinding)
        #expect(finding.file == TemplateLayoutApp.booksFeaturePath)
        #expect(finding.message == "BooksManager has no test file; add ShelfTests/Feature Tests/BooksManagerTests.swift")
    }

    @Test func aFeatureFileImportingSwiftUIIsFoundAndSoIsAModelLayerExtensionOfTheFeature() {
        let imported = app(replacing: replacing("import Foundation\nimport Observation\n\n@MainActor\n@Observable\nfinal class BooksManager", with: "import SwiftUI\nimport Observation\n\n@MainActor\n@Observable\nfinal class BooksManager", in: TemplateLayoutApp.booksFeaturePath))
        #expect(Analysis.findings("CFA-FEATURE-NO-SWIFTUI", in: imported).map(\.file) == [TemplateLayoutApp.booksFeaturePath])

        let colors = "import SwiftUI\n\nextension BooksManager {\n    var tint: Color { .blue }\n}\n"
        let modelLayer = app(replacing: ["Shelf/2 - AppModel/Features/Books/BooksManager+Tint.swift": colors])
        #expect(Analysis.findings("CFA-FEATURE-NO-SWIFTUI", in: modelLayer).map(\.file) == ["Shelf/2 - AppModel/Features/Books/BooksManager+Tint.swift"])
        // The same extension in the View layer is View code, judged by the layer of its file.
        let viewLayer = app(replacing: ["Shelf/1 - View/Theme/BooksManager+Tint.swift": colors])
        #expect(Analysis.findings("CFA-FEATURE-NO-SWIFTUI", in: viewLayer) == [])
    }

    @Test func aViewModelCopyingTheFeaturesValuesIsFound() throws {
        let files = app(replacing: replacing(
            "    var selectedShelf: ShelfKind = .reading",
            with: "    var selectedShelf: ShelfKind = .reading\n    var cachedBooks: [Book] = []", in: TemplateLayoutApp.booksViewModelPath))
        let finding = try #require(Analysis.findings("CFA-VIEWMODEL-NO-DOMAIN-COPY", in: files).onlyFinding)
        #expect(finding.message.contains("BooksViewModel.cachedBooks stores Book, which BooksManager owns"))
    }

    @Test func aDetailScreenHandedTheFeatureIsFoundButHandedItsValueIsNot() throws {
        let files = app(replacing: replacing("    let book: Book\n", with: "    let book: Book\n    let booksFeature: BooksManager\n", in: TemplateLayoutApp.detailScreenPath))
        let findings = Analysis.findings("CFA-VIEW-INIT-CLEAN", in: files)
        #expect(findings.count == 1)
        #expect(try #require(findings.first).message.contains("a Feature (BooksManager)"))
    }

    @Test func oneViewModelServingSeveralScreensAndTheWholeAppModelAreStillFound() {
        let screen = { (name: String) in
            "#if canImport(SwiftUI)\nimport SwiftUI\n\nstruct \(name): View {\n    @State private var viewModel = CheckInViewModel()\n    var body: some View { Text(\"\") }\n}\n#endif\n"
        }
        let files = app(replacing: [
            "Shelf/1 - View/Views/Tracking/CheckInViewModel.swift": """
                import Observation

                @MainActor
                @Observable
                final class CheckInViewModel {
                    private let appModel: AppModel
                    init(appModel: AppModel = .shared) { self.appModel = appModel }
                }
                """,
            "Shelf/1 - View/Views/Tracking/PagesTrackingView.swift": screen("PagesTrackingView"),
            "Shelf/1 - View/Views/Tracking/MinutesTrackingView.swift": screen("MinutesTrackingView"),
            "Shelf/1 - View/Views/Tracking/StreakTrackingView.swift": screen("StreakTrackingView"),
        ])
        let dedicated = Analysis.findings("CFA-VIEWMODEL-DEDICATED", in: files)
        #expect(dedicated.count == 3)
        let wholeRoot = Analysis.findings("CFA-VIEWMODEL-INIT-DEFAULT", in: files)
        #expect(wholeRoot.contains { $0.message.contains("takes the whole AppModel") })
        #expect(wholeRoot.contains { $0.message.contains("stores the AppModel") })
    }
}

/// Several packages in one repository: each package's tests are its own.
struct TwoPackageRepositoryTests {
    @Test func theTwoPackageRepositoryHasNoFindings() {
        #expect(Analysis.result(TwoPackageApp.files).findings.map(\.compilerStyle) == [])
    }

    @Test func aMissingTestIsProposedInTheTestsOfThePackageThatDeclaresTheType() throws {
        var files = TwoPackageApp.files
        files[TwoPackageApp.uiViewModelTestPath] = nil
        let finding = try #require(Analysis.findings("CFA-TEST-VIEWMODEL-FILE", in: files).onlyFinding)
        #expect(finding.file == TwoPackageApp.uiViewModelPath)
        #expect(finding.message == "BooksViewModel has no test file; add Packages/LibraryUI/Tests/LibraryUITests/View Model Tests/BooksViewModelTests.swift")
    }

    @Test func anotherPackagesTestsFolderIsNeverProposed() {
        var files = TwoPackageApp.files
        files[TwoPackageApp.uiViewModelTestPath] = nil
        files["Packages/StatusKit/Package.swift"] = "// swift-tools-version: 6.0\nimport PackageDescription\nlet package = Package(name: \"StatusKit\")\n"
        files["Packages/StatusKit/Tests/StatusKitTests/View Model Tests/StatusRowViewModelTests.swift"] = "import Testing\n"
        files["Packages/LibraryUI/Tests/LibraryUITests/Test Support/Fixtures.swift"] = "import Testing\n"
        let index = Analysis.result(files).index
        #expect(TestFileLookup.proposedViewModelTestPath(for: "BooksViewModel", in: index)
            == "Packages/LibraryUI/Tests/LibraryUITests/View Model Tests/BooksViewModelTests.swift")
    }
}
