/// Item 10: SwiftData is an implementation detail of one `@ModelActor` repository. Its `ModelContext`
/// is not `Sendable` and its `@Model` records are bound to that context, so neither may reach the main-actor
/// layers: the repository maps records to domain values in its own isolation.
struct RepositoryModelActorRule: Rule {
    static let id = "CFA-REPO-MODELACTOR"
    let descriptor = RuleDescriptor(
        id: id, item: 10,
        summary: "SwiftData storage lives in a @ModelActor; @Model records never leave it",
        help: """
            Reported: a type other than a View that stores a `ModelContext`, creates one (`ModelContext(container)`) or uses \
            `container.mainContext` without being `@ModelActor` (Views using a ModelContext are CFA-VIEW-DECLARATIVE findings); \
            and a `@Model` type named in the signature (property type, parameter, result) of a Feature, ViewModel, View, AppModel \
            or repository protocol. Preview and test code is not checked. Fix: move storage into `@ModelActor actor \
            SwiftDataHabitRepository: HabitRepository` and map `HabitRecord` to the `Habit` domain value inside it.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// Types above the repository boundary, and the boundary itself: none may mention a `@Model` record.
    private static let recordFreeRoles: Set<Role> = [.feature, .viewModel, .rootView, .screen, .componentView, .appModel, .repositoryProtocol]

    func check(_ index: CodebaseIndex) -> [Finding] {
        let records = Set(
            index.allEntries.filter { ($0.declaration.hasAttribute("Model") || $0.declaration.hasAttribute("SwiftData.Model")) && $0.role != .test }
                .map(\.name))
        var findings: [Finding] = []
        for entry in index.allEntries where entry.role != .test {
            let isModelActor = entry.parts.contains { $0.facts.hasAttribute("ModelActor") || $0.facts.hasAttribute("SwiftData.ModelActor") }
            if !index.isView(entry) && !isModelActor {
                findings += contextUses(in: entry)
            }
            if Self.recordFreeRoles.contains(entry.role) {
                findings += recordsInSignature(of: entry, records: records)
            }
        }
        return findings
    }

    /// A stored context is the root problem and is reported alone; otherwise each creation of a context
    /// and each use of `mainContext` is.
    private func contextUses(in entry: CodebaseIndex.Entry) -> [Finding] {
        let fix = "move SwiftData access into a `@ModelActor` repository actor"
        let parts = entry.parts.filter { !$0.facts.isPreviewOnly }
        let stored = parts.flatMap { part in
            part.facts.properties.filter { property in
                property.isStored && Self.holdsContext(property)
                    && !part.facts.scope.isDebugOnly(member: property.name, line: property.location.line)
            }.map { property in
                descriptor.finding(
                    part.file, property.location, "\(entry.name).\(property.name) stores a ModelContext but \(entry.name) is not `@ModelActor`; \(fix)")
            }
        }
        guard stored.isEmpty else { return stored }
        var findings: [Finding] = []
        for part in parts {
            for call in part.facts.scope.calls where !call.inPreview && call.shape.name == "ModelContext" && call.shape.base == nil {
                findings.append(descriptor.finding(part.file, call.location, "\(entry.name) creates a ModelContext but is not `@ModelActor`; \(fix)"))
            }
            var mainContextLines: Set<Int> = []
            for reference in part.facts.scope.references where !reference.inPreview && reference.name.hasSuffix(".mainContext") {
                guard mainContextLines.insert(reference.location.line).inserted else { continue }
                findings.append(descriptor.finding(
                    part.file, reference.location, "\(entry.name) uses the container's mainContext but is not `@ModelActor`; \(fix)"))
            }
        }
        return findings
    }

    private static func holdsContext(_ property: PropertyFact) -> Bool {
        if let typeText = property.typeText { return TypeText.names(in: typeText).contains("ModelContext") }
        return property.initializer?.call?.name == "ModelContext"
    }

    private func recordsInSignature(of entry: CodebaseIndex.Entry, records: Set<String>) -> [Finding] {
        guard !records.isEmpty else { return [] }
        func record(in typeText: String?) -> String? { TypeText.names(in: typeText ?? "").first(where: records.contains) }
        let fix = "map it to a domain value inside the @ModelActor repository"
        var findings: [Finding] = []
        for part in entry.parts where !part.facts.isPreviewOnly {
            for property in part.facts.properties where !part.facts.scope.isDebugOnly(member: property.name, line: property.location.line) {
                let named = record(in: property.typeText) ?? (property.typeText == nil ? property.initializer?.call.flatMap { record(in: $0.name) } : nil)
                guard let named else { continue }
                findings.append(descriptor.finding(
                    part.file, property.location, "\(entry.name).\(property.name) is a @Model \(named) outside its @ModelActor; \(fix)"))
            }
            for function in part.facts.functions {
                for parameter in function.parameters {
                    guard let named = record(in: parameter.typeText),
                        !part.facts.scope.isDebugOnly(member: function.name, line: parameter.location.line)
                    else { continue }
                    findings.append(descriptor.finding(
                        part.file, parameter.location,
                        "\(entry.name).\(function.name) takes a @Model \(named) (`\(parameter.name)`) outside its @ModelActor; \(fix)"))
                }
                if let named = record(in: function.returnType),
                    part.facts.scope.references(in: function.name).contains(where: { TypeText.names(in: $0.name).contains(named) && !$0.inPreview })
                {
                    findings.append(descriptor.finding(
                        part.file, function.location, "\(entry.name).\(function.name) returns a @Model \(named) outside its @ModelActor; \(fix)"))
                }
            }
        }
        return findings
    }
}

extension RepositoryModelActorRule {
    static let reference = """
        SwiftData is an implementation detail of a `@ModelActor` repository: its `ModelContext` is not `Sendable` and \
        its `@Model` records are bound to that context, so neither reaches the main-actor layers. **Reported:** a \
        type that is neither a View nor `@ModelActor` and that stores a `ModelContext` (annotation or `= \
        ModelContext(…)`, at the property; such a type is reported for the property alone), or otherwise creates one \
        (`ModelContext(container)`) or uses `container.mainContext` (at the use, once per line); a `@Model` type \
        named in the signature of a Feature, ViewModel, View, AppModel or repository protocol — a property's type \
        (including `@Query private var records: [HabitRecord]`), a parameter, or a method result. **Not reported:** \
        anything inside a `@ModelActor` type (it may create scratch contexts and use records freely); repository \
        implementations' own signatures; Views using a ModelContext (`@Environment(\\.modelContext)`, `ModelContext` \
        in a View) — that is CFA-VIEW-DECLARATIVE's finding, so one mistake gives one finding; test files, \
        `#Preview`, `PreviewProvider` and `#if DEBUG` code and members. Decisions where the catalogue is silent: \
        creating a context or using `mainContext` outside a `@ModelActor` counts as storage outside it, like storing \
        one; AppModel and repository protocols are record-free as well, since a protocol returning `@Model` records \
        hands them out of the actor. **Fix:** `@ModelActor actor SwiftDataHabitRepository: HabitRepository` that \
        fetches `HabitRecord`s with its own `modelContext` and returns `Habit` domain values.
        """

    /// The SwiftData record both examples store.
    private static let orderRecord = RuleExample.File(
        "App/3 - User Data Storage/OrderRecord.swift",
        """
        import Foundation
        import SwiftData

        @Model
        final class OrderRecord {
            var id: UUID
            var name: String

            init(id: UUID, name: String) {
                self.id = id
                self.name = name
            }
        }
        """)

    static let examples: [RuleExample] = [
        // A class holding a ModelContext, and a @Model record leaking into a Feature.
        RuleExample(
            orderRecord,
            RuleExample.File(
                "App/3 - User Data Storage/SwiftDataOrdersRepository.swift",
                """
                import SwiftData

                final class SwiftDataOrdersRepository {
                    private let ↓context: ModelContext

                    init(context: ModelContext) {
                        self.context = context
                    }
                }
                """),
            RuleExample.File(
                "App/2 - AppModel/Features/OrdersFeature+Records.swift",
                """
                extension OrdersFeature {
                    func adopt(↓_ records: [OrderRecord]) {}
                }
                """)),
        // The context stays inside a @ModelActor, which hands out domain values.
        RuleExample(
            orderRecord,
            RuleExample.File(
                "App/3 - User Data Storage/SwiftDataOrdersRepository.swift",
                """
                import SwiftData

                @ModelActor
                actor SwiftDataOrdersRepository: OrdersRepository {
                    func fetchOrders() async throws -> [Order] {
                        try modelContext.fetch(FetchDescriptor<OrderRecord>()).map { Order(id: $0.id, name: $0.name) }
                    }

                    func save(_ order: Order) async throws {
                        modelContext.insert(OrderRecord(id: order.id, name: order.name))
                        try modelContext.save()
                    }
                }
                """)),
    ]
}
