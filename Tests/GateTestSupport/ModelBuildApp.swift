/// An iOS app shaped like a real CFA app, as Xcode keeps it: no `Package.swift`, SwiftUI views, a theme whose
/// SwiftUI-backed colour a ViewModel names, a StoreKit adapter behind its repository protocol that `AppModel.live()`
/// wires, a repository that uses `URLSession`, and Feature and ViewModel tests in Swift Testing and XCTest.
///
/// On Linux the model build compiles `compiledSources` and `compiledTests` and leaves out `excluded`, each for its
/// reason; the tests in `StreakBadgeViewModelTests.swift` are `unavailable`.
public enum ModelBuildApp {
    public static let appModule = "Habits"
    public static let appPath = "Habits/HabitsApp.swift"
    public static let listViewPath = "Habits/1 - View/Views/HabitListView.swift"
    public static let palettePath = "Habits/1 - View/Theme/Palette.swift"
    public static let listViewModelPath = "Habits/1 - View/Views/HabitListViewModel.swift"
    public static let badgeViewModelPath = "Habits/1 - View/Views/StreakBadgeViewModel.swift"
    public static let appModelPath = "Habits/2 - AppModel/AppModel.swift"
    public static let featurePath = "Habits/2 - AppModel/Features/HabitsFeature.swift"
    public static let habitPath = "Habits/2 - AppModel/Features/Data Types/Habit.swift"
    public static let purchasesFeaturePath = "Habits/2 - AppModel/Features/PurchasesFeature.swift"
    public static let habitRepositoryPath = "Habits/2 - AppModel/Networking & Data Storage/HabitRepository.swift"
    public static let remoteRepositoryPath = "Habits/2 - AppModel/Networking & Data Storage/RemoteHabitRepository.swift"
    public static let purchaseRepositoryPath = "Habits/2 - AppModel/Networking & Data Storage/PurchaseRepository.swift"
    public static let storeKitRepositoryPath = "Habits/2 - AppModel/Networking & Data Storage/StoreKitPurchaseRepository.swift"
    public static let featureTestPath = "HabitsTests/Feature Tests/HabitsFeatureTests.swift"
    public static let listViewModelTestPath = "HabitsTests/View Model Tests/HabitListViewModelTests.swift"
    public static let badgeViewModelTestPath = "HabitsTests/View Model Tests/StreakBadgeViewModelTests.swift"
    public static let testDoublePath = "HabitsTests/Test Support/InMemoryHabitRepository.swift"
    public static let uiTestPath = "HabitsUITests/HabitsUITests.swift"
    public static let projectPath = "Habits.xcodeproj/project.pbxproj"

    public static let compiledSources = [
        listViewModelPath, featurePath, habitPath, purchasesFeaturePath, habitRepositoryPath, purchaseRepositoryPath, remoteRepositoryPath,
    ].sorted()
    public static let compiledTests = [featureTestPath, listViewModelTestPath, testDoublePath].sorted()
    /// Path → reason, as the verdict carries it.
    public static let excluded: [String: String] = [
        appPath: "imports SwiftUI",
        listViewPath: "imports SwiftUI",
        palettePath: "imports SwiftUI",
        storeKitRepositoryPath: "imports StoreKit",
        badgeViewModelPath: "names `ThemeColor`, declared only in `\(palettePath)`, left out",
        appModelPath: "names `StoreKitPurchaseRepository`, declared only in `\(storeKitRepositoryPath)`, left out",
        badgeViewModelTestPath: "names `StreakBadgeViewModel`, declared only in `\(badgeViewModelPath)`, left out",
        uiTestPath: "is a UI test (names `XCUIApplication`), which needs the app running on an Apple platform",
    ]
    /// The tests of the left-out test file, by the ids the frameworks would give them in the test target's module.
    public static let unavailableTests = [
        "HabitsTests.StreakBadgeViewModelTests/testTintFollowsStreak", "HabitsUITests.HabitsUITests/testLaunchShowsTheList",
    ]
    /// The tests that run, by id.
    public static let passingTests = [
        "HabitsTests.HabitListViewModelTests/testAddingShowsTheHabit",
        "HabitsTests.HabitsFeatureTests/addsAHabit()",
        "HabitsTests.HabitsFeatureTests/loadsFromTheRepository()",
    ]

    /// A Feature test that fails: swapped in for `featureTestPath`, it must fail the test item.
    public static let failingFeatureTest = """
        import Testing
        @testable import Habits

        @MainActor
        struct HabitsFeatureTests {
            @Test func addsAHabit() {
                let feature = HabitsFeature(repository: InMemoryHabitRepository())
                feature.add(name: "Read")
                #expect(feature.habits.count == 2)
            }
        }
        """

    public static let files: [String: String] = [
        projectPath: """
            // !$*UTF8*$!
            { objects = { 1 = { isa = XCBuildConfiguration; buildSettings = { SWIFT_VERSION = 5.0; }; }; }; }
            """,
        appPath: """
            import SwiftUI

            @main
            struct HabitsApp: App {
                var body: some Scene {
                    WindowGroup { HabitListView(viewModel: HabitListViewModel(feature: AppModel.shared.habitsFeature)) }
                }
            }
            """,
        listViewPath: """
            import SwiftUI

            struct HabitListView: View {
                @State var viewModel: HabitListViewModel

                var body: some View {
                    List(viewModel.names, id: \\.self) { Text($0) }
                }
            }
            """,
        palettePath: """
            import SwiftUI

            enum ThemeColor {
                case calm, bright

                var color: Color { self == .calm ? .blue : .orange }
            }
            """,
        listViewModelPath: """
            import Foundation
            import Observation

            @MainActor
            @Observable
            final class HabitListViewModel {
                private let feature: HabitsFeature

                init(feature: HabitsFeature) {
                    self.feature = feature
                }

                var names: [String] { feature.habits.map(\\.name) }

                func addHabitTapped(name: String) {
                    feature.add(name: name)
                }
            }
            """,
        badgeViewModelPath: """
            import Foundation
            import Observation

            @MainActor
            @Observable
            final class StreakBadgeViewModel {
                var streak: Int

                init(streak: Int) {
                    self.streak = streak
                }

                var tint: ThemeColor { streak > 6 ? .bright : .calm }
            }
            """,
        appModelPath: """
            import Foundation

            @MainActor
            final class AppModel {
                static let shared = AppModel.live()

                let habitsFeature: HabitsFeature
                let purchasesFeature: PurchasesFeature

                init(habitsFeature: HabitsFeature, purchasesFeature: PurchasesFeature) {
                    self.habitsFeature = habitsFeature
                    self.purchasesFeature = purchasesFeature
                }

                static func live() -> AppModel {
                    AppModel(
                        habitsFeature: HabitsFeature(repository: RemoteHabitRepository()),
                        purchasesFeature: PurchasesFeature(repository: StoreKitPurchaseRepository()))
                }
            }
            """,
        featurePath: """
            import Foundation
            import Observation

            @MainActor
            @Observable
            final class HabitsFeature {
                private let repository: any HabitRepository
                private(set) var habits: [Habit] = []

                init(repository: any HabitRepository) {
                    self.repository = repository
                }

                func add(name: String) {
                    habits.append(Habit(name: name))
                }

                func load() async throws {
                    habits = try await repository.loadHabits()
                }
            }
            """,
        habitPath: """
            import Foundation

            struct Habit: Identifiable, Equatable, Sendable {
                var id = UUID()
                var name: String
            }
            """,
        purchasesFeaturePath: """
            import Foundation
            import Observation

            @MainActor
            @Observable
            final class PurchasesFeature {
                private let repository: any PurchaseRepository
                private(set) var isPremium = false

                init(repository: any PurchaseRepository) {
                    self.repository = repository
                }

                func refresh() async {
                    isPremium = await repository.ownsPremium()
                }
            }
            """,
        habitRepositoryPath: """
            import Foundation

            protocol HabitRepository: Sendable {
                func loadHabits() async throws -> [Habit]
            }
            """,
        remoteRepositoryPath: """
            import Foundation

            struct RemoteHabitRepository: HabitRepository {
                var url = URL(string: "https://example.com/habits")!

                func loadHabits() async throws -> [Habit] {
                    let request = URLRequest(url: url)
                    let (data, _) = try await URLSession.shared.data(for: request)
                    return String(decoding: data, as: UTF8.self).split(separator: "\\n").map { Habit(name: String($0)) }
                }
            }
            """,
        purchaseRepositoryPath: """
            protocol PurchaseRepository: Sendable {
                func ownsPremium() async -> Bool
            }
            """,
        storeKitRepositoryPath: """
            import StoreKit

            struct StoreKitPurchaseRepository: PurchaseRepository {
                func ownsPremium() async -> Bool {
                    for await result in Transaction.currentEntitlements {
                        if case .verified = result { return true }
                    }
                    return false
                }
            }
            """,
        featureTestPath: """
            import Testing
            @testable import Habits

            @MainActor
            struct HabitsFeatureTests {
                @Test func addsAHabit() {
                    let feature = HabitsFeature(repository: InMemoryHabitRepository())
                    feature.add(name: "Read")
                    #expect(feature.habits.map(\\.name) == ["Read"])
                }

                @Test func loadsFromTheRepository() async throws {
                    let feature = HabitsFeature(repository: InMemoryHabitRepository(habits: [Habit(name: "Walk")]))
                    try await feature.load()
                    #expect(feature.habits.map(\\.name) == ["Walk"])
                }
            }
            """,
        listViewModelTestPath: """
            import XCTest
            @testable import Habits

            // A `@MainActor` XCTestCase class crashes corelibs XCTest on Linux; an isolated async method runs everywhere.
            final class HabitListViewModelTests: XCTestCase {
                @MainActor
                func testAddingShowsTheHabit() async {
                    let viewModel = HabitListViewModel(feature: HabitsFeature(repository: InMemoryHabitRepository()))
                    viewModel.addHabitTapped(name: "Stretch")
                    XCTAssertEqual(viewModel.names, ["Stretch"])
                }
            }
            """,
        badgeViewModelTestPath: """
            import XCTest
            @testable import Habits

            final class StreakBadgeViewModelTests: XCTestCase {
                @MainActor
                func testTintFollowsStreak() async {
                    XCTAssertEqual(StreakBadgeViewModel(streak: 9).tint, .bright)
                }
            }
            """,
        uiTestPath: """
            import XCTest

            final class HabitsUITests: XCTestCase {
                @MainActor
                func testLaunchShowsTheList() {
                    let app = XCUIApplication()
                    app.launch()
                    XCTAssertTrue(app.collectionViews.firstMatch.exists)
                }
            }
            """,
        testDoublePath: """
            import Foundation
            @testable import Habits

            struct InMemoryHabitRepository: HabitRepository {
                var habits: [Habit] = []

                func loadHabits() async throws -> [Habit] { habits }
            }
            """,
    ]

    // MARK: The AppModel that every ViewModel defaults from (added for the root-cause and `#if` tests)

    /// Two ViewModels whose initialisers default from `AppModel.shared`, as real CFA apps write them: with `files`, they
    /// are left out with the AppModel that `live()` ties to StoreKit.
    public static let premiumViewModelPath = "Habits/1 - View/Views/PremiumViewModel.swift"
    public static let todayViewModelPath = "Habits/1 - View/Views/TodayViewModel.swift"
    public static let unlockedRepositoryPath = "Habits/2 - AppModel/Networking & Data Storage/UnlockedPurchaseRepository.swift"
    public static let sharedDefaultViewModels: [String: String] = [
        premiumViewModelPath: """
            import Foundation
            import Observation

            @MainActor
            @Observable
            final class PremiumViewModel {
                private let feature: PurchasesFeature

                init(feature: PurchasesFeature = AppModel.shared.purchasesFeature) {
                    self.feature = feature
                }

                var showsUpgrade: Bool { !feature.isPremium }
            }
            """,
        todayViewModelPath: """
            import Foundation
            import Observation

            @MainActor
            @Observable
            final class TodayViewModel {
                private let feature: HabitsFeature

                init(feature: HabitsFeature = AppModel.shared.habitsFeature) {
                    self.feature = feature
                }

                var count: Int { feature.habits.count }
            }
            """,
    ]

    /// `appModelPath` with the Apple-only construction in `live()` guarded, and a Linux-compilable repository in `#else`
    /// (`unlockedRepository`, at `unlockedRepositoryPath`).
    public static let guardedAppModel = """
        import Foundation

        @MainActor
        final class AppModel {
            static let shared = AppModel.live()

            let habitsFeature: HabitsFeature
            let purchasesFeature: PurchasesFeature

            init(habitsFeature: HabitsFeature, purchasesFeature: PurchasesFeature) {
                self.habitsFeature = habitsFeature
                self.purchasesFeature = purchasesFeature
            }

            static func live() -> AppModel {
                #if canImport(StoreKit)
                let purchases = StoreKitPurchaseRepository()
                #else
                let purchases = UnlockedPurchaseRepository()
                #endif
                return AppModel(
                    habitsFeature: HabitsFeature(repository: RemoteHabitRepository()),
                    purchasesFeature: PurchasesFeature(repository: purchases))
            }
        }
        """
    public static let unlockedRepository = """
        /// Where StoreKit is missing, everything is unlocked.
        struct UnlockedPurchaseRepository: PurchaseRepository {
            func ownsPremium() async -> Bool { true }
        }
        """
}
