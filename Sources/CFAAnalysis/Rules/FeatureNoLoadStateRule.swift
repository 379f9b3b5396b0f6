/// Item 8: a Feature keeps its data, its loading flag and its last error as separate properties, and its
/// operations return domain values or throw. An all-in-one load-state enum (`idle/loading/loaded/failed`)
/// makes every reader switch over it and loses the data on the first failure.
struct FeatureNoLoadStateRule: Rule {
    static let id = "CFA-FEATURE-NO-LOADSTATE"
    let descriptor = RuleDescriptor(
        id: id, item: 8,
        summary: "Features hold data, loading and error separately; operations return domain values or throw",
        help: """
            Reported: an enum owned by a Feature (nested in it, or the type of one of its properties or method results) that is \
            named `*LoadState`/`*LoadingState` or has both a data-carrying case and an error-carrying case (`loaded([Habit])` + \
            `failed(Error)`); and a Feature property or method result of type `Result`. Enums that conform to `Error` are errors, \
            not load states. Fix: keep `private(set) var habits: [Habit]`, `private(set) var isLoading: Bool` and `private(set) \
            var lastError: HabitError?` in the Feature, and make operations `async throws(HabitError) -> Habit`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let features = index.entries(with: .feature).filter { FeatureByConvention.isFeature($0, in: index) }
        let errorTypes = Set(index.allEntries.filter(Self.conformsToError).map(\.name))
        var findings: [Finding] = []
        for candidate in index.allEntries where candidate.declaration.kind == .enum && !index.isTestFile(candidate.file) {
            guard !candidate.declaration.isPreviewOnly, !Self.conformsToError(candidate),
                let owner = Self.owner(of: candidate, among: features)
            else { continue }
            let cases = candidate.parts.flatMap(\.facts.enumCases)
            if Self.isNamedLoadState(candidate.name) {
                findings.append(descriptor.finding(
                    candidate.file, candidate.location,
                    "\(candidate.name) is a load-state enum owned by \(owner); "
                        + "keep the data, `isLoading` and `lastError` as separate properties of \(owner) and let operations throw"))
            } else if let data = cases.first(where: { !$0.associatedTypes.isEmpty && !Self.carriesError($0, errorTypes: errorTypes) }),
                let error = cases.first(where: { Self.carriesError($0, errorTypes: errorTypes) })
            {
                findings.append(descriptor.finding(
                    candidate.file, candidate.location,
                    "\(candidate.name) (owned by \(owner)) mixes data (`\(data.name)`) and error (`\(error.name)`) in one enum; "
                        + "keep the data, `isLoading` and `lastError` as separate properties of \(owner) and let operations return the value or throw"))
            }
        }
        findings += features.flatMap(resultUses)
        return findings
    }

    /// `Result` is the library's data-or-error enum: stored on a Feature it is a load state, returned it
    /// replaces `throws`.
    private func resultUses(in feature: CodebaseIndex.Entry) -> [Finding] {
        feature.parts.flatMap { part -> [Finding] in
            let properties = part.facts.properties.filter { Self.namesResult($0.typeText) }.map { property in
                descriptor.finding(
                    part.file, property.location,
                    "\(feature.name).\(property.name) stores a Result; keep the value and `lastError` as separate properties")
            }
            let methods = part.facts.functions.filter { Self.namesResult($0.returnType) }.map { function in
                descriptor.finding(
                    part.file, function.location,
                    "\(feature.name).\(function.name) returns a Result; "
                        + "return the domain value and throw a typed error instead (`async throws(XError) -> Value`)")
            }
            return properties + methods
        }
    }

    private static func namesResult(_ typeText: String?) -> Bool {
        guard let typeText else { return false }
        let names = TypeText.names(in: typeText)
        return names.first == "Result" || (names.first == "Swift" && names.dropFirst().first == "Result")
    }

    static func isNamedLoadState(_ name: String) -> Bool { name.hasSuffix("LoadState") || name.hasSuffix("LoadingState") }

    /// The Feature an enum belongs to: the one it is nested in, or the first whose properties or method
    /// results name it.
    private static func owner(of candidate: CodebaseIndex.Entry, among features: [CodebaseIndex.Entry]) -> String? {
        if let enclosing = candidate.declaration.enclosing.last(where: { name in features.contains { $0.name == name } }) {
            return enclosing
        }
        let name = candidate.name
        return features.first { feature in
            feature.properties.contains { TypeText.names(in: $0.typeText ?? "").contains(name) }
                || feature.functions.contains { TypeText.names(in: $0.returnType ?? "").contains(name) }
        }?.name
    }

    private static func conformsToError(_ entry: CodebaseIndex.Entry) -> Bool {
        ["Error", "LocalizedError", "CustomNSError"].contains { entry.inherits($0) }
    }

    /// A case carrying an error value (`failed(any Error)`, `failed(HabitError)`), or a failure case that
    /// carries its message (`failed(String)`).
    private static func carriesError(_ enumCase: EnumCaseFact, errorTypes: Set<String>) -> Bool {
        guard !enumCase.associatedTypes.isEmpty else { return false }
        let name = enumCase.name.lowercased()
        if name.contains("error") || name.contains("fail") { return true }
        return enumCase.associatedTypes.contains { typeText in
            TypeText.names(in: typeText).contains { $0.hasSuffix("Error") || errorTypes.contains($0) }
        }
    }
}

extension FeatureNoLoadStateRule {
    static let reference = """
        A Feature keeps its data, its loading flag and its last error as separate properties, and its operations \
        return domain values or throw; an all-in-one load-state enum makes every reader switch over it and drops the \
        data on the first failure. **Reported:** an enum owned by a Feature — nested in it (or in one of its \
        extensions), or named in the type of one of its properties or in a method's result — that is named \
        `*LoadState`/`*LoadingState` (including plain `LoadState`), or that has a data-carrying case and a separate \
        error-carrying case; reported once, at the enum's declaration. A case carries an error when one of its \
        associated types is `Error`/`any Error`, ends in `Error` (`HabitError`, `URLError`) or is a project type \
        conforming to `Error`, or when the case is a failure case carrying something (`failed(String)`, \
        `error(message:)` — name contains "fail" or "error"). Also reported: a Feature property or method result of \
        type `Result<…>` (the library's data-or-error enum), at the property or method. **Not reported:** enums \
        conforming to `Error`, `LocalizedError` or `CustomNSError` (directly or in an extension) — a typed domain \
        error such as `enum HabitError: Error { case rejected(Habit); case storageFailed(String) }` kept as \
        `lastError` is exactly what item 8 asks for; enums without an error-carrying case (`enum Filter { case all, \
        named(String) }`); load-state enums owned by a ViewModel (presentation state is item 5's concern, the \
        catalogue limits this rule to Features); test files and `#if DEBUG`/preview code. A `ThemeManager` stored on \
        AppModel is not a Feature here either. **Fix:** keep `private(set) var habits: [Habit]`, `private(set) var \
        isLoading = false` and `private(set) var lastError: HabitError?` in the Feature, and write operations as \
        `func addHabit(named:) async throws(HabitError) -> Habit`.
        """

    static let examples: [RuleExample] = [
        // One enum for loading, data and failure.
        RuleExample(
            "App/2 - AppModel/Features/OrdersFeature.swift",
            """
            import Observation

            ↓enum OrdersLoadState {
                case idle
                case loading
                case loaded([Order])
                case failed(any Error)
            }

            @MainActor @Observable
            final class OrdersFeature {
                private(set) var state: OrdersLoadState = .idle
                private let repository: any OrdersRepository

                init(repository: any OrdersRepository) {
                    self.repository = repository
                }

                func refresh() async {
                    state = .loading
                    do {
                        state = .loaded(try await repository.fetchOrders())
                    } catch {
                        state = .failed(error)
                    }
                }
            }
            """),
        // Operations return domain values or throw; a domain enum with a value is not a load state.
        RuleExample(
            RuleExample.File(
                "App/Domain/Delivery.swift",
                """
                import Foundation

                enum Delivery: Sendable, Equatable {
                    case pending
                    case delivered(Date)
                }
                """),
            RuleExample.File(
                "App/2 - AppModel/Features/OrdersFeature.swift",
                """
                import Observation

                @MainActor @Observable
                final class OrdersFeature {
                    private(set) var orders: [Order] = []
                    private(set) var delivery = Delivery.pending
                    private let repository: any OrdersRepository

                    init(repository: any OrdersRepository) {
                        self.repository = repository
                    }

                    func refresh() async throws -> [Order] {
                        orders = try await repository.fetchOrders()
                        return orders
                    }
                }
                """)),
    ]
}
