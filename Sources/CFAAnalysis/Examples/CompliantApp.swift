/// A small app that keeps every promise of the catalogue; rule tests plant one violation in a copy of it
/// and check that exactly that is reported, and that the unchanged app is left alone. Every rule example
/// (`RuleExample`) is laid over it. It lives in the library, not in test support, because the examples are
/// library data that the rule reference generator and the example runner read; test support re-exports it.
public enum CompliantApp {
    public static let appModelPath = "App/2 - AppModel/AppModel.swift"
    public static let featurePath = "App/2 - AppModel/Features/OrdersFeature.swift"
    public static let repositoryPath = "App/3 - User Data Storage/OrdersRepository.swift"
    public static let repositoryImplementationPath = "App/3 - User Data Storage/JSONFileOrdersRepository.swift"
    static let domainPath = "App/Domain/Order.swift"
    public static let screenPath = "App/1 - View/Views/Orders/OrdersView.swift"
    public static let viewModelPath = "App/1 - View/Views/Orders/OrdersViewModel.swift"
    public static let rootPath = "App/1 - View/RootTabView.swift"
    public static let componentPath = "App/1 - View/Components/OrderRow.swift"
    public static let appPath = "App/OrdersApp.swift"
    public static let featureTestPath = "Tests/AppTests/Feature Tests/OrdersFeatureTests.swift"
    public static let viewModelTestPath = "Tests/AppTests/View Model Tests/OrdersViewModelTests.swift"
    public static let testDoublePath = "Tests/AppTests/Test Support/InMemoryOrdersRepository.swift"

    public static let files: [String: String] = [
        appModelPath: """
            import Observation

            @MainActor @Observable
            final class AppModel {
                static let shared = live()

                let ordersFeature: OrdersFeature
                private var hasLaunched = false

                init(ordersFeature: OrdersFeature) {
                    self.ordersFeature = ordersFeature
                }

                static func live() -> AppModel {
                    AppModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                }

                func applicationDidFinishLaunching() {
                    guard !hasLaunched else { return }
                    hasLaunched = true
                    ordersFeature.startLoading()
                }
            }
            """,
        featurePath: """
            import Foundation
            import Observation

            @MainActor @Observable
            final class OrdersFeature {
                private(set) var orders: [Order] = []
                private(set) var isLoading = false
                private(set) var lastError: String?
                private let repository: any OrdersRepository
                private var loadTask: Task<Void, Never>?

                init(repository: any OrdersRepository) {
                    self.repository = repository
                }

                @discardableResult
                func startLoading() -> Task<Void, Never> {
                    if let loadTask { return loadTask }
                    let task = Task { await load() }
                    loadTask = task
                    return task
                }

                func placeOrder(named name: String) async throws -> Order {
                    let order = Order(id: UUID(), name: name)
                    try await repository.save(order)
                    orders.append(order)
                    return order
                }

                private func load() async {
                    isLoading = true
                    defer { isLoading = false }
                    do {
                        orders = try await repository.fetchOrders()
                    } catch {
                        lastError = "\\(error)"
                    }
                }
            }
            """,
        repositoryPath: """
            protocol OrdersRepository: Sendable {
                func fetchOrders() async throws -> [Order]
                func save(_ order: Order) async throws
            }
            """,
        repositoryImplementationPath: """
            import Foundation

            actor JSONFileOrdersRepository: OrdersRepository {
                private let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("orders.json")

                func fetchOrders() async throws -> [Order] {
                    guard FileManager.default.fileExists(atPath: url.path) else { return [] }
                    return try JSONDecoder().decode([Order].self, from: Data(contentsOf: url))
                }

                func save(_ order: Order) async throws {
                    let orders = try await fetchOrders() + [order]
                    try JSONEncoder().encode(orders).write(to: url)
                }
            }
            """,
        domainPath: """
            import Foundation

            struct Order: Identifiable, Codable, Equatable, Sendable {
                let id: UUID
                var name: String
            }
            """,
        screenPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrdersView: View {
                @State private var viewModel = OrdersViewModel()

                var body: some View {
                    List(viewModel.orders) { order in
                        OrderRow(name: order.name)
                    }
                    .toolbar {
                        Button("Add") { viewModel.placeDraftOrder() }
                    }
                }
            }

            #Preview {
                OrdersView()
            }
            #endif
            """,
        viewModelPath: """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                var draftName = ""
                private(set) var placeTask: Task<Void, Never>?
                private let ordersFeature: OrdersFeature

                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                    self.ordersFeature = ordersFeature
                }

                var orders: [Order] { ordersFeature.orders }

                @discardableResult
                func placeDraftOrder() -> Task<Void, Never> {
                    if let placeTask { return placeTask }
                    let name = draftName
                    let task = Task {
                        _ = try? await ordersFeature.placeOrder(named: name)
                        placeTask = nil
                    }
                    placeTask = task
                    return task
                }
            }
            """,
        rootPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            struct RootTabView: View {
                var body: some View {
                    TabView {
                        OrdersView()
                            .tabItem { Label("Orders", systemImage: "list.bullet") }
                    }
                }
            }
            #endif
            """,
        componentPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrderRow: View {
                let name: String

                var body: some View {
                    Text(name)
                }
            }
            #endif
            """,
        appPath: """
            #if canImport(SwiftUI)
            import SwiftUI

            struct OrdersApp: App {
                init() {
                    AppModel.shared.applicationDidFinishLaunching()
                }

                var body: some Scene {
                    WindowGroup { RootTabView() }
                }
            }
            #endif
            """,
        featureTestPath: """
            import Testing
            @testable import App

            @MainActor
            struct OrdersFeatureTests {
                @Test func placingAnOrderKeepsIt() async throws {
                    let feature = OrdersFeature(repository: InMemoryOrdersRepository())
                    let order = try await feature.placeOrder(named: "Tea")
                    #expect(feature.orders == [order])
                }
            }
            """,
        viewModelTestPath: """
            import Testing
            @testable import App

            @MainActor
            struct OrdersViewModelTests {
                @Test func placingTheDraftUsesTheFeature() async {
                    let feature = OrdersFeature(repository: InMemoryOrdersRepository())
                    let viewModel = OrdersViewModel(ordersFeature: feature)
                    viewModel.draftName = "Tea"
                    await viewModel.placeDraftOrder().value
                    #expect(feature.orders.map(\\.name) == ["Tea"])
                }
            }
            """,
        testDoublePath: """
            @testable import App

            actor InMemoryOrdersRepository: OrdersRepository {
                private var stored: [Order] = []
                func fetchOrders() async throws -> [Order] { stored }
                func save(_ order: Order) async throws { stored.append(order) }
            }
            """,
    ]
}
