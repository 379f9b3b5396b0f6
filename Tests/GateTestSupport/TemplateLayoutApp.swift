/// A reading-list app laid out the way the CFA App template lays out its sources: domain values kept beside
/// their Feature in `Features/<Area>/` and `Features/<Area>/Data Types/`, legacy `…Manager` Features held in
/// `…Feature` properties, a worker actor and a `@MainActor` helper class beside a Feature, a View-layer
/// extension that gives a domain enum its SwiftUI colours, a detail screen that receives the selected value,
/// and storage in `Networking & Data Storage`. It keeps every promise of the catalogue; rule tests plant one
/// violation in a copy and check that it is still found.
public enum TemplateLayoutApp {
    public static let root = "Shelf"
    public static let appModelPath = "Shelf/2 - AppModel/AppModel.swift"
    public static let booksFeaturePath = "Shelf/2 - AppModel/Features/Books/BooksManager.swift"
    public static let bookPath = "Shelf/2 - AppModel/Features/Books/Book.swift"
    public static let dataTypesPath = "Shelf/2 - AppModel/Features/Books/Data Types/ReadingProgress.swift"
    public static let indexerPath = "Shelf/2 - AppModel/Features/Books/BookIndexer.swift"
    public static let settingsFeaturePath = "Shelf/2 - AppModel/Features/Settings/SettingsManager.swift"
    public static let themePath = "Shelf/2 - AppModel/Features/Settings/ReadingTheme.swift"
    public static let repositoryPath = "Shelf/2 - AppModel/Networking & Data Storage/Protocols/BookRepository.swift"
    public static let repositoryImplementationPath = "Shelf/2 - AppModel/Networking & Data Storage/File Cache/JSONFileBookRepository.swift"
    public static let themeColorsPath = "Shelf/1 - View/Theme/ReadingTheme+Colors.swift"
    public static let appPath = "Shelf/1 - View/ShelfApp.swift"
    public static let rootPath = "Shelf/1 - View/Views/Root/RootTabView.swift"
    public static let booksScreenPath = "Shelf/1 - View/Views/Books/BooksView.swift"
    public static let booksViewModelPath = "Shelf/1 - View/Views/Books/BooksViewModel.swift"
    public static let detailScreenPath = "Shelf/1 - View/Views/Book Detail/BookDetailView.swift"
    public static let detailViewModelPath = "Shelf/1 - View/Views/Book Detail/BookDetailViewModel.swift"
    public static let settingsScreenPath = "Shelf/1 - View/Views/Settings/SettingsView.swift"
    public static let settingsViewModelPath = "Shelf/1 - View/Views/Settings/SettingsViewModel.swift"
    public static let booksFeatureTestPath = "ShelfTests/Feature Tests/BooksManagerTests.swift"
    public static let settingsFeatureTestPath = "ShelfTests/Feature Tests/SettingsManagerTests.swift"
    public static let booksViewModelTestPath = "ShelfTests/View Model Tests/BooksViewModelTests.swift"
    public static let detailViewModelTestPath = "ShelfTests/View Model Tests/BookDetailViewModelTests.swift"
    public static let settingsViewModelTestPath = "ShelfTests/View Model Tests/SettingsViewModelTests.swift"
    public static let testDoublePath = "ShelfTests/Test Support/InMemoryBookRepository.swift"

    /// The domain types the index must call values, and the Features it must call Features.
    public static let domainValues = ["Book", "ReadingProgress", "ShelfKind", "ReadingTheme"]
    public static let features = ["BooksManager", "SettingsManager"]

    public static let files: [String: String] = [
        appModelPath: """
            import Foundation

            @MainActor
            final class AppModel {
                static let shared = AppModel.live()

                let booksFeature: BooksManager
                let settingsFeature: SettingsManager
                private var hasFinishedLaunching = false

                init(booksFeature: BooksManager, settingsFeature: SettingsManager) {
                    self.booksFeature = booksFeature
                    self.settingsFeature = settingsFeature
                }

                func applicationDidFinishLaunching() {
                    guard !hasFinishedLaunching else { return }
                    hasFinishedLaunching = true
                    booksFeature.startLoading()
                }

                static func live() -> AppModel {
                    AppModel(
                        booksFeature: BooksManager(repository: JSONFileBookRepository(), indexer: BookIndexer()),
                        settingsFeature: SettingsManager(defaults: .standard))
                }
            }
            """,
        booksFeaturePath: """
            import Foundation
            import Observation

            @MainActor
            @Observable
            final class BooksManager {
                private let repository: any BookRepository
                private let indexer: BookIndexer
                private let clock = ReadingClock()
                private var loadTask: Task<Void, Never>?

                private(set) var books: [Book] = []
                private(set) var progress: [UUID: ReadingProgress] = [:]
                private(set) var isLoading = false
                private(set) var lastError: String?

                init(repository: any BookRepository, indexer: BookIndexer) {
                    self.repository = repository
                    self.indexer = indexer
                }

                @discardableResult
                func startLoading() -> Task<Void, Never> {
                    if let loadTask { return loadTask }
                    let task = Task { await load() }
                    loadTask = task
                    return task
                }

                func books(on shelf: ShelfKind) -> [Book] {
                    books.filter { $0.shelf == shelf }
                }

                func markRead(_ book: Book) async throws {
                    var updated = book
                    updated.shelf = .finished
                    try await repository.save(updated)
                    books = books.map { $0.id == book.id ? updated : $0 }
                    progress[book.id] = ReadingProgress(pagesRead: book.pageCount, finishedAt: clock.now())
                }

                private func load() async {
                    isLoading = true
                    defer { isLoading = false }
                    do {
                        books = await indexer.sorted(try await repository.fetchBooks())
                    } catch {
                        lastError = error.localizedDescription
                    }
                }
            }
            """,
        bookPath: """
            import Foundation

            nonisolated struct Book: Codable, Identifiable, Hashable, Sendable {
                let id: UUID
                let title: String
                let pageCount: Int
                var shelf: ShelfKind
            }
            """,
        dataTypesPath: """
            import Foundation

            enum ShelfKind: String, Codable, CaseIterable, Sendable {
                case wishlist, reading, finished
            }

            struct ReadingProgress: Equatable, Sendable {
                let pagesRead: Int
                let finishedAt: Date?
            }
            """,
        indexerPath: """
            import Foundation

            /// Sorting a large library is kept off the main actor.
            actor BookIndexer {
                func sorted(_ books: [Book]) -> [Book] {
                    books.sorted { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
                }
            }

            /// Injected time for the Feature's rules.
            @MainActor
            final class ReadingClock {
                func now() -> Date { Date() }
            }
            """,
        settingsFeaturePath: """
            import Foundation
            import Observation

            @MainActor
            @Observable
            final class SettingsManager {
                private let defaults: UserDefaults
                private(set) var selectedTheme: ReadingTheme

                init(defaults: UserDefaults) {
                    self.defaults = defaults
                    selectedTheme = ReadingTheme(rawValue: defaults.string(forKey: "theme") ?? "") ?? .paper
                }

                func selectTheme(_ theme: ReadingTheme) {
                    selectedTheme = theme
                    defaults.set(theme.rawValue, forKey: "theme")
                }
            }
            """,
        themePath: """
            import Foundation

            enum ReadingTheme: String, CaseIterable, Identifiable, Sendable {
                case paper, sepia, night

                var id: String { rawValue }
                var name: String { rawValue.capitalized }
            }
            """,
        repositoryPath: """
            import Foundation

            /// Storage speaks in the Feature's domain values.
            protocol BookRepository: Sendable {
                func fetchBooks() async throws -> [Book]
                func save(_ book: Book) async throws
            }
            """,
        repositoryImplementationPath: """
            import Foundation

            actor JSONFileBookRepository: BookRepository {
                private let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("books.json")

                func fetchBooks() throws -> [Book] {
                    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
                    return try JSONDecoder().decode([Book].self, from: Data(contentsOf: url))
                }

                func save(_ book: Book) throws {
                    let books = try fetchBooks().filter { $0.id != book.id } + [book]
                    try JSONEncoder().encode(books).write(to: url, options: .atomic)
                }
            }
            """,
        themeColorsPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            extension ReadingTheme {
                var background: Color {
                    switch self {
                    case .paper: .white
                    case .sepia: Color(red: 0.96, green: 0.91, blue: 0.80)
                    case .night: .black
                    }
                }

                var preferredColorScheme: ColorScheme? { self == .night ? .dark : .light }
            }
            #endif
            """,
        appPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            @main
            struct ShelfApp: App {
                init() {
                    AppModel.shared.applicationDidFinishLaunching()
                }

                var body: some Scene {
                    WindowGroup { RootTabView() }
                }
            }
            #endif
            """,
        rootPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            struct RootTabView: View {
                var body: some View {
                    TabView {
                        BooksView().tabItem { Label("Books", systemImage: "books.vertical") }
                        SettingsView().tabItem { Label("Settings", systemImage: "gearshape") }
                    }
                }
            }
            #endif
            """,
        booksScreenPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            struct BooksView: View {
                @State private var viewModel = BooksViewModel()

                var body: some View {
                    NavigationStack {
                        List(viewModel.books) { book in
                            NavigationLink(value: book) { row(book) }
                        }
                        .navigationDestination(for: Book.self) { book in
                            BookDetailView(book: book)
                        }
                        .background(viewModel.theme.background)
                    }
                }

                private func row(_ book: Book) -> some View {
                    Text(book.title)
                }
            }
            #endif
            """,
        booksViewModelPath: """
            import Observation

            @MainActor
            @Observable
            final class BooksViewModel {
                private let booksFeature: BooksManager
                private let settingsFeature: SettingsManager
                var selectedShelf: ShelfKind = .reading

                init(booksFeature: BooksManager = AppModel.shared.booksFeature, settingsFeature: SettingsManager = AppModel.shared.settingsFeature) {
                    self.booksFeature = booksFeature
                    self.settingsFeature = settingsFeature
                }

                var books: [Book] { booksFeature.books(on: selectedShelf) }
                var theme: ReadingTheme { settingsFeature.selectedTheme }
            }
            """,
        detailScreenPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            /// A detail screen is handed the selected value; everything else comes through its ViewModel.
            struct BookDetailView: View {
                let book: Book
                @State private var viewModel = BookDetailViewModel()

                var body: some View {
                    VStack {
                        Text(book.title)
                        Text(viewModel.progressText(for: book))
                        Button("Mark as read") { viewModel.markRead(book) }
                    }
                }
            }
            #endif
            """,
        detailViewModelPath: """
            import Observation

            @MainActor
            @Observable
            final class BookDetailViewModel {
                private let booksFeature: BooksManager
                private var markTask: Task<Void, Never>?

                init(booksFeature: BooksManager = AppModel.shared.booksFeature) {
                    self.booksFeature = booksFeature
                }

                func progressText(for book: Book) -> String {
                    guard let progress = booksFeature.progress[book.id] else { return "Not started" }
                    return "\\(progress.pagesRead) of \\(book.pageCount) pages"
                }

                func markRead(_ book: Book) {
                    guard markTask == nil else { return }
                    markTask = Task {
                        try? await booksFeature.markRead(book)
                        markTask = nil
                    }
                }
            }
            """,
        settingsScreenPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            struct SettingsView: View {
                @State private var viewModel = SettingsViewModel()

                var body: some View {
                    Picker("Theme", selection: Binding(get: { viewModel.theme }, set: { viewModel.selectTheme($0) })) {
                        ForEach(ReadingTheme.allCases) { theme in
                            Text(theme.name).tag(theme)
                        }
                    }
                    .preferredColorScheme(viewModel.theme.preferredColorScheme)
                }
            }
            #endif
            """,
        settingsViewModelPath: """
            import Observation

            @MainActor
            @Observable
            final class SettingsViewModel {
                private let settingsFeature: SettingsManager

                init(settingsFeature: SettingsManager = AppModel.shared.settingsFeature) {
                    self.settingsFeature = settingsFeature
                }

                var theme: ReadingTheme { settingsFeature.selectedTheme }

                func selectTheme(_ theme: ReadingTheme) {
                    settingsFeature.selectTheme(theme)
                }
            }
            """,
        booksFeatureTestPath: """
            import Foundation
            import Testing
            @testable import Shelf

            @MainActor
            struct BooksManagerTests {
                @Test func loadingSortsTheLibrary() async {
                    let book = Book(id: UUID(), title: "Dune", pageCount: 412, shelf: .reading)
                    let feature = BooksManager(repository: InMemoryBookRepository(books: [book]), indexer: BookIndexer())
                    await feature.startLoading().value
                    #expect(feature.books == [book])
                }
            }
            """,
        settingsFeatureTestPath: """
            import Foundation
            import Testing
            @testable import Shelf

            @MainActor
            struct SettingsManagerTests {
                @Test func aSelectedThemeIsKept() {
                    let defaults = UserDefaults(suiteName: "SettingsManagerTests")!
                    let feature = SettingsManager(defaults: defaults)
                    feature.selectTheme(.night)
                    #expect(SettingsManager(defaults: defaults).selectedTheme == .night)
                }
            }
            """,
        booksViewModelTestPath: """
            import Foundation
            import Testing
            @testable import Shelf

            @MainActor
            struct BooksViewModelTests {
                @Test func onlyTheSelectedShelfIsShown() async {
                    let reading = Book(id: UUID(), title: "Dune", pageCount: 412, shelf: .reading)
                    let wished = Book(id: UUID(), title: "Emma", pageCount: 320, shelf: .wishlist)
                    let books = BooksManager(repository: InMemoryBookRepository(books: [reading, wished]), indexer: BookIndexer())
                    await books.startLoading().value
                    let viewModel = BooksViewModel(booksFeature: books, settingsFeature: SettingsManager(defaults: UserDefaults(suiteName: "BooksViewModelTests")!))
                    #expect(viewModel.books == [reading])
                }
            }
            """,
        detailViewModelTestPath: """
            import Foundation
            import Testing
            @testable import Shelf

            @MainActor
            struct BookDetailViewModelTests {
                @Test func anUnreadBookIsNotStarted() {
                    let book = Book(id: UUID(), title: "Dune", pageCount: 412, shelf: .reading)
                    let viewModel = BookDetailViewModel(booksFeature: BooksManager(repository: InMemoryBookRepository(books: [book]), indexer: BookIndexer()))
                    #expect(viewModel.progressText(for: book) == "Not started")
                }
            }
            """,
        settingsViewModelTestPath: """
            import Foundation
            import Testing
            @testable import Shelf

            @MainActor
            struct SettingsViewModelTests {
                @Test func selectingAThemeReachesTheFeature() {
                    let feature = SettingsManager(defaults: UserDefaults(suiteName: "SettingsViewModelTests")!)
                    SettingsViewModel(settingsFeature: feature).selectTheme(.sepia)
                    #expect(feature.selectedTheme == .sepia)
                }
            }
            """,
        testDoublePath: """
            @testable import Shelf

            actor InMemoryBookRepository: BookRepository {
                private var stored: [Book]
                init(books: [Book]) { stored = books }
                func fetchBooks() async throws -> [Book] { stored }
                func save(_ book: Book) async throws { stored = stored.filter { $0.id != book.id } + [book] }
            }
            """,
    ]
}

/// A repository of two Swift packages and an app target: Features and their domain values in `Library`, the
/// screens in `LibraryUI`, each package with its own tests. Compliant; a missing test belongs in the tests of
/// the package that declares the type, never in another package's.
public enum TwoPackageApp {
    public static let uiViewModelPath = "Packages/LibraryUI/Sources/LibraryUI/Views/Books/BooksViewModel.swift"
    public static let uiViewModelTestPath = "Packages/LibraryUI/Tests/LibraryUITests/View Model Tests/BooksViewModelTests.swift"
    public static let featureTestPath = "Packages/Library/Tests/LibraryTests/Feature Tests/BooksFeatureTests.swift"

    public static let files: [String: String] = [
        "Packages/Library/Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Library",
                products: [.library(name: "Library", targets: ["Library"])],
                targets: [.target(name: "Library"), .testTarget(name: "LibraryTests", dependencies: ["Library"])]
            )
            """,
        "Packages/Library/Sources/Library/Features/Books/BooksFeature.swift": """
            import Observation

            @MainActor
            @Observable
            public final class BooksFeature {
                private let repository: any BookRepository
                public private(set) var books: [Book] = []
                private var loadTask: Task<Void, Never>?

                public init(repository: any BookRepository) {
                    self.repository = repository
                }

                @discardableResult
                public func startLoading() -> Task<Void, Never> {
                    if let loadTask { return loadTask }
                    let task = Task { books = (try? await repository.fetchBooks()) ?? [] }
                    loadTask = task
                    return task
                }
            }
            """,
        "Packages/Library/Sources/Library/Features/Books/Book.swift": """
            import Foundation

            public struct Book: Identifiable, Hashable, Sendable {
                public let id: UUID
                public let title: String

                public init(id: UUID, title: String) {
                    self.id = id
                    self.title = title
                }
            }
            """,
        "Packages/Library/Sources/Library/Storage/BookRepository.swift": """
            public protocol BookRepository: Sendable {
                func fetchBooks() async throws -> [Book]
            }

            public actor BundledBookRepository: BookRepository {
                public init() {}
                public func fetchBooks() async throws -> [Book] { [] }
            }
            """,
        featureTestPath: """
            import Testing
            @testable import Library

            @MainActor
            struct BooksFeatureTests {
                @Test func startsEmpty() {
                    #expect(BooksFeature(repository: BundledBookRepository()).books.isEmpty)
                }
            }
            """,
        "Packages/LibraryUI/Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "LibraryUI",
                products: [.library(name: "LibraryUI", targets: ["LibraryUI"])],
                dependencies: [.package(path: "../Library")],
                targets: [
                    .target(name: "LibraryUI", dependencies: ["Library"]),
                    .testTarget(name: "LibraryUITests", dependencies: ["LibraryUI"]),
                ]
            )
            """,
        "Packages/LibraryUI/Sources/LibraryUI/Views/Books/BooksView.swift": """
            #if canImport(SwiftUI)
            import SwiftUI
            import Library

            public struct BooksView: View {
                @State private var viewModel = BooksViewModel()

                public init() {}

                public var body: some View {
                    List(viewModel.books) { book in Text(book.title) }
                }
            }
            #endif
            """,
        uiViewModelPath: """
            import Observation
            import Library

            @MainActor
            @Observable
            final class BooksViewModel {
                private let booksFeature: BooksFeature

                init(booksFeature: BooksFeature = AppModel.shared.booksFeature) {
                    self.booksFeature = booksFeature
                }

                var books: [Book] { booksFeature.books }
            }
            """,
        uiViewModelTestPath: """
            import Testing
            import Library
            @testable import LibraryUI

            @MainActor
            struct BooksViewModelTests {
                @Test func readsTheFeaturesBooks() {
                    #expect(BooksViewModel(booksFeature: BooksFeature(repository: BundledBookRepository())).books.isEmpty)
                }
            }
            """,
        "App/2 - AppModel/AppModel.swift": """
            import Library
            import Observation

            @MainActor
            @Observable
            final class AppModel {
                static let shared = live()

                let booksFeature: BooksFeature
                private var hasLaunched = false

                init(booksFeature: BooksFeature) {
                    self.booksFeature = booksFeature
                }

                static func live() -> AppModel {
                    AppModel(booksFeature: BooksFeature(repository: BundledBookRepository()))
                }

                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    booksFeature.startLoading()
                }
            }
            """,
        "App/1 - View/LibraryApp.swift": """
            #if canImport(SwiftUI)
            import SwiftUI
            import LibraryUI

            @main
            struct LibraryApp: App {
                init() { AppModel.shared.applicationDidFinishLaunching() }
                var body: some Scene { WindowGroup { RootTabView() } }
            }

            struct RootTabView: View {
                var body: some View {
                    TabView { BooksView().tabItem { Text("Books") } }
                }
            }
            #endif
            """,
        "AppTests/AppModel Tests/AppModelTests.swift": """
            import Testing
            import Library
            @testable import App

            @MainActor
            struct AppModelTests {
                @Test func keepsItsFeature() {
                    let feature = BooksFeature(repository: BundledBookRepository())
                    #expect(AppModel(booksFeature: feature).booksFeature === feature)
                }
            }
            """,
    ]
}
