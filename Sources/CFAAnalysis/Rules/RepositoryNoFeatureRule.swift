/// Item 12: calls go right — Feature → repository → outside world. A repository or storage type that
/// names a Feature, a ViewModel or AppModel reaches back up and makes the layers a cycle.
struct RepositoryNoFeatureRule: Rule {
    static let id = "CFA-REPO-NO-FEATURE"
    let descriptor = RuleDescriptor(
        id: id, item: 12,
        summary: "Repositories and storage types never name a Feature, a ViewModel or AppModel",
        help: """
            Reported: a repository protocol, a repository implementation, or any other type declared under a storage folder \
            (`User Data Storage`, `Networking & Data Storage`, `Storage`), that names a Feature, a ViewModel or `AppModel` — in a \
            conformance, property, parameter or code — once per line and name. Test doubles are not checked. Fix: speak domain \
            language only (`fetchHabits() -> [Habit]`); let the Feature call the repository and keep the result.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let features = Set(index.entries(with: .feature).filter { FeatureByConvention.isFeature($0, in: index) }.map(\.name))
        let viewModels = index.viewModelNames
        let storageFolders = index.configuration.folders.storage
        var findings: [Finding] = []
        for entry in index.allEntries where entry.role != .test {
            let isStorage = RepositoryByConvention.isRepository(entry, in: index) || FolderName.path(entry.file, containsAnyOf: storageFolders)
            guard isStorage else { continue }
            let uses = ForbiddenNames.uses(in: entry) { referenced in
                TypeText.names(in: referenced).compactMap { name in
                    if name == "AppModel" { return "AppModel" }
                    if features.contains(name) { return "the Feature \(name)" }
                    if viewModels.contains(name) { return "the ViewModel \(name)" }
                    return nil
                }
            }
            for use in uses {
                findings.append(descriptor.finding(
                    use.file, use.location,
                    "\(entry.name) names \(use.what); storage speaks domain language only — return domain values and let the Feature keep them"))
            }
        }
        return findings
    }
}

extension RepositoryNoFeatureRule {
    static let reference = """
        Calls go right — Feature → repository → outside world; a repository or storage type that names a Feature, a \
        ViewModel or AppModel reaches back up. **Reported:** a repository protocol or implementation (by role, or by \
        convention: conforms to a repository protocol, is `@ModelActor`, or is a class/actor in a storage folder — so \
        a repository wrongly stored on AppModel is still checked), and any other type declared under a storage folder \
        (`User Data Storage`, `Networking & Data Storage`, `Storage`), that names a Feature, a ViewModel or \
        `AppModel` anywhere — conformance, property, parameter, result, code; once per line and name. **Not \
        reported:** test doubles, even in a test folder named like a storage folder; domain types outside storage \
        folders; presentation managers (`ThemeManager` is not a Feature); `#if DEBUG` and preview code. **Fix:** \
        speak domain language only (`fetchHabits() -> [Habit]`); let the Feature call the repository and keep the \
        result.
        """

    static let examples: [RuleExample] = [
        // Storage reaching up into the Feature it serves.
        RuleExample(
            "App/3 - User Data Storage/JSONFileOrdersRepository.swift",
            """
            import Foundation

            actor JSONFileOrdersRepository: OrdersRepository {
                func fetchOrders() async throws -> [Order] {
                    await ↓AppModel.shared.ordersFeature.orders
                }

                func save(_ order: Order) async throws {}
            }
            """),
        // A repository speaks in domain values.
        RuleExample(
            "App/3 - User Data Storage/OrdersRepository.swift",
            """
            protocol OrdersRepository: Sendable {
                func fetchOrders() async throws -> [Order]
                func save(_ order: Order) async throws
                func order(withName name: String) async throws -> Order?
            }
            """),
    ]
}
