/// An older CFA app as teams really have them: Features named `…Manager` under a Features folder, several
/// screens sharing one folder, and a root view called `RootView`. It keeps every promise except the
/// naming of item 7, which such an app turns off in `.cfa-gate.json` until it renames its managers.
public enum LegacyCFAApp {
    public static let configuration = """
        {
          "rootView": "RootView",
          "rules": { "CFA-FEATURE-NAMING": "off" }
        }
        """

    public static let files: [String: String] = [
        "Sources/Shop/2 - AppModel/AppModel.swift": """
            import Observation

            @MainActor @Observable
            final class AppModel {
                static let shared = live()

                let cartManager: CartManager
                let profileManager: ProfileManager
                private var didLaunch = false

                init(cartManager: CartManager, profileManager: ProfileManager) {
                    self.cartManager = cartManager
                    self.profileManager = profileManager
                }

                static func live() -> AppModel {
                    AppModel(
                        cartManager: CartManager(repository: DiskCartRepository()),
                        profileManager: ProfileManager(repository: DiskProfileRepository()))
                }

                func applicationDidFinishLaunching() {
                    guard !didLaunch else { return }
                    didLaunch = true
                    cartManager.startLoading()
                    profileManager.startLoading()
                }
            }
            """,
        "Sources/Shop/2 - AppModel/Features/CartManager.swift": """
            import Observation

            @MainActor @Observable
            final class CartManager {
                private(set) var items: [CartItem] = []
                private let repository: any CartRepository
                private var loadTask: Task<Void, Never>?

                init(repository: any CartRepository) {
                    self.repository = repository
                }

                @discardableResult
                func startLoading() -> Task<Void, Never> {
                    if let loadTask { return loadTask }
                    let task = Task { items = (try? await repository.fetchItems()) ?? [] }
                    loadTask = task
                    return task
                }

                func add(_ item: CartItem) async throws {
                    try await repository.save(items + [item])
                    items.append(item)
                }
            }
            """,
        "Sources/Shop/2 - AppModel/Features/ProfileManager.swift": """
            import Observation

            @MainActor @Observable
            final class ProfileManager {
                private(set) var profile: Profile?
                private let repository: any ProfileRepository
                private var loadTask: Task<Void, Never>?

                init(repository: any ProfileRepository) {
                    self.repository = repository
                }

                @discardableResult
                func startLoading() -> Task<Void, Never> {
                    if let loadTask { return loadTask }
                    let task = Task { profile = try? await repository.fetchProfile() }
                    loadTask = task
                    return task
                }

                func rename(to name: String) async throws {
                    let renamed = Profile(name: name)
                    try await repository.save(renamed)
                    profile = renamed
                }
            }
            """,
        "Sources/Shop/Networking & Data Storage/CartRepository.swift": """
            protocol CartRepository: Sendable {
                func fetchItems() async throws -> [CartItem]
                func save(_ items: [CartItem]) async throws
            }
            """,
        "Sources/Shop/Networking & Data Storage/ProfileRepository.swift": """
            protocol ProfileRepository: Sendable {
                func fetchProfile() async throws -> Profile
                func save(_ profile: Profile) async throws
            }
            """,
        "Sources/Shop/Networking & Data Storage/DiskRepositories.swift": """
            import Foundation

            actor DiskCartRepository: CartRepository {
                private var stored: [CartItem] = []
                func fetchItems() async throws -> [CartItem] { stored }
                func save(_ items: [CartItem]) async throws { stored = items }
            }

            actor DiskProfileRepository: ProfileRepository {
                private var stored = Profile(name: "")
                func fetchProfile() async throws -> Profile { stored }
                func save(_ profile: Profile) async throws { stored = profile }
            }
            """,
        "Sources/Shop/Domain/Models.swift": """
            struct CartItem: Equatable, Sendable {
                var title: String
            }

            struct Profile: Equatable, Sendable {
                var name: String
            }
            """,
        "Sources/Shop/1 - View/RootView.swift": """
            #if canImport(SwiftUI)
            import SwiftUI

            struct RootView: View {
                var body: some View {
                    TabView {
                        CartView()
                        ProfileView()
                        SettingsView()
                    }
                }
            }
            #endif
            """,
        "Sources/Shop/1 - View/Views/Cart/CartView.swift": """
            #if canImport(SwiftUI)
            import SwiftUI

            struct CartView: View {
                @State private var viewModel = CartViewModel()

                var body: some View {
                    List(viewModel.items, id: \\.title) { item in Text(item.title) }
                }
            }
            #endif
            """,
        "Sources/Shop/1 - View/Views/Cart/CartViewModel.swift": """
            import Observation

            @MainActor @Observable
            final class CartViewModel {
                private let cartManager: CartManager

                init(cartManager: CartManager = AppModel.shared.cartManager) {
                    self.cartManager = cartManager
                }

                var items: [CartItem] { cartManager.items }
            }
            """,
        "Sources/Shop/1 - View/Views/Account/ProfileView.swift": """
            #if canImport(SwiftUI)
            import SwiftUI

            struct ProfileView: View {
                @State private var viewModel = ProfileViewModel()

                var body: some View {
                    TextField("Name", text: $viewModel.draftName)
                        .onSubmit { viewModel.saveDraftName() }
                }
            }
            #endif
            """,
        "Sources/Shop/1 - View/Views/Account/ProfileViewModel.swift": """
            import Observation

            @MainActor @Observable
            final class ProfileViewModel {
                var draftName = ""
                private(set) var saveTask: Task<Void, Never>?
                private let profileManager: ProfileManager

                init(profileManager: ProfileManager = AppModel.shared.profileManager) {
                    self.profileManager = profileManager
                }

                @discardableResult
                func saveDraftName() -> Task<Void, Never> {
                    if let saveTask { return saveTask }
                    let name = draftName
                    let task = Task {
                        try? await profileManager.rename(to: name)
                        saveTask = nil
                    }
                    saveTask = task
                    return task
                }
            }
            """,
        "Sources/Shop/1 - View/Views/Account/SettingsView.swift": """
            #if canImport(SwiftUI)
            import SwiftUI

            struct SettingsView: View {
                @State private var viewModel = SettingsViewModel()

                var body: some View {
                    Text(viewModel.greeting)
                }
            }
            #endif
            """,
        "Sources/Shop/1 - View/Views/Account/SettingsViewModel.swift": """
            import Observation

            @MainActor @Observable
            final class SettingsViewModel {
                private let profileManager: ProfileManager

                init(profileManager: ProfileManager = AppModel.shared.profileManager) {
                    self.profileManager = profileManager
                }

                var greeting: String { "Hello, \\(profileManager.profile?.name ?? "guest")" }
            }
            """,
        "Tests/ShopTests/Feature Tests/CartManagerTests.swift": """
            import Testing
            @testable import Shop

            @MainActor
            struct CartManagerTests {
                @Test func addingKeepsTheItem() async throws {
                    let manager = CartManager(repository: DiskCartRepository())
                    try await manager.add(CartItem(title: "Tea"))
                    #expect(manager.items == [CartItem(title: "Tea")])
                }
            }
            """,
        "Tests/ShopTests/Feature Tests/ProfileManagerTests.swift": """
            import Testing
            @testable import Shop

            @MainActor
            struct ProfileManagerTests {
                @Test func renameKeepsTheName() async throws {
                    let manager = ProfileManager(repository: DiskProfileRepository())
                    try await manager.rename(to: "Ada")
                    #expect(manager.profile?.name == "Ada")
                }
            }
            """,
        "Tests/ShopTests/View Model Tests/CartViewModelTests.swift": """
            import Testing
            @testable import Shop

            @MainActor
            struct CartViewModelTests {
                @Test func showsTheManagersItems() {
                    let viewModel = CartViewModel(cartManager: CartManager(repository: DiskCartRepository()))
                    #expect(viewModel.items.isEmpty)
                }
            }
            """,
        "Tests/ShopTests/View Model Tests/ProfileViewModelTests.swift": """
            import Testing
            @testable import Shop

            @MainActor
            struct ProfileViewModelTests {
                @Test func savingTheDraftRenames() async {
                    let manager = ProfileManager(repository: DiskProfileRepository())
                    let viewModel = ProfileViewModel(profileManager: manager)
                    viewModel.draftName = "Ada"
                    await viewModel.saveDraftName().value
                    #expect(manager.profile?.name == "Ada")
                }
            }
            """,
        "Tests/ShopTests/View Model Tests/SettingsViewModelTests.swift": """
            import Testing
            @testable import Shop

            @MainActor
            struct SettingsViewModelTests {
                @Test func greetsAGuest() {
                    let viewModel = SettingsViewModel(profileManager: ProfileManager(repository: DiskProfileRepository()))
                    #expect(viewModel.greeting == "Hello, guest")
                }
            }
            """,
    ]
}
