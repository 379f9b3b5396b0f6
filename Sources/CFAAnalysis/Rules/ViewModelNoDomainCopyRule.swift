/// Item 5: the Feature is the one owner of its domain data. A ViewModel that stores a copy shows stale
/// data as soon as the Feature changes; reading through a computed property keeps Observation's
/// dependency on the Feature, so the screen always shows the owner's current state.
struct ViewModelNoDomainCopyRule: Rule {
    static let id = "CFA-VIEWMODEL-NO-DOMAIN-COPY"
    let descriptor = RuleDescriptor(
        id: id, item: 5,
        summary: "ViewModels hold presentation state only and read Feature data through computed properties",
        help: """
            Reported: a stored property of a ViewModel whose type names a domain type (`Order`, `[Order]`, `Order?`, `[UUID: \
            Order]`) that a Feature also exposes through a non-private property, or whose initial value reads such a Feature \
            property (`= ordersFeature.orders`). Drafts and selections named `draft…`, `selected…` or `editing…` are allowed; \
            types no Feature exposes (a ViewModel's own `Row`) are not copies. Fix: `var orders: [Order] { ordersFeature.orders \
            }`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    /// Names of user input in progress: a copy the user is editing, not a mirror of the Feature.
    private static let allowedPrefixes = ["draft", "selected", "editing"]

    func check(_ index: CodebaseIndex) -> [Finding] {
        let exposed = ExposedDomain(index)
        var findings: [Finding] = []
        for viewModel in index.entries(with: .viewModel) {
            for part in viewModel.parts where !part.facts.isPreviewOnly {
                for property in part.facts.storedProperties where !Self.allowedPrefixes.contains(where: property.name.hasPrefix) {
                    guard let copy = exposed.copy(in: property) else { continue }
                    findings.append(descriptor.finding(
                        part.file, property.location,
                        "\(viewModel.name).\(property.name) stores \(copy.type), which \(copy.feature) owns and exposes; "
                            + "read it through a computed property (`var \(property.name): … { \(Self.featureVariable(copy.feature)).… }`), "
                            + "or name a draft or selection `draft…`/`selected…`/`editing…`"))
                }
            }
        }
        return findings
    }

    /// `OrdersFeature` → `ordersFeature`, the name the ViewModel conventionally gives it.
    private static func featureVariable(_ feature: String) -> String { feature.prefix(1).lowercased() + feature.dropFirst() }

    /// Domain types the Features expose, and the Feature properties that expose them.
    private struct ExposedDomain {
        /// Domain type → the first Feature exposing it.
        var ownerByType: [String: String] = [:]
        /// Feature property name → (domain type, Feature), for untyped copies like `= ordersFeature.orders`.
        var byProperty: [String: (type: String, feature: String)] = [:]
        let domainTypes: Set<String>

        init(_ index: CodebaseIndex) {
            domainTypes = Set(index.entries(with: .domain).map(\.name))
            for feature in index.entries(with: .feature) {
                for property in feature.properties where !property.isPrivate && !property.isStatic {
                    for type in domainNames(in: property.typeText ?? "") {
                        if ownerByType[type] == nil { ownerByType[type] = feature.name }
                        if byProperty[property.name] == nil { byProperty[property.name] = (type, feature.name) }
                    }
                }
            }
        }

        func copy(in property: PropertyFact) -> (type: String, feature: String)? {
            if let typeText = property.typeText {
                return domainNames(in: typeText).lazy.compactMap { type in ownerByType[type].map { (type, $0) } }.first
            }
            guard let initializer = property.initializer else { return nil }
            if let created = initializer.call?.name, let feature = ownerByType[created] { return (created, feature) }
            if initializer.call == nil, let last = Self.memberChain(initializer.text)?.last, let exposed = byProperty[String(last)] { return exposed }
            return nil
        }

        /// The domain types an annotation names. A `Task<…>` with generic arguments is Swift Concurrency's
        /// (`_Concurrency.Task<Void, Never>` in a project that declares its own `Task`), never the project's.
        func domainNames(in typeText: String) -> [String] {
            var names: [String] = []
            var current = ""
            for character in typeText + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    current.append(character)
                    continue
                }
                if !current.isEmpty, domainTypes.contains(current), !(current == "Task" && character == "<") {
                    names.append(current)
                }
                current = ""
            }
            return names
        }

        /// `ordersFeature.orders`, `AppModel.shared.ordersFeature.orders` → its components; nil for anything else.
        static func memberChain(_ text: String) -> [Substring]? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }) else {
                return nil
            }
            return parts
        }
    }
}

extension ViewModelNoDomainCopyRule {
    static let reference = """
        The Feature is the one owner of its domain data; a ViewModel that stores a copy shows stale data once the \
        Feature changes, while a computed property keeps Observation's link to the owner. **Reported:** a stored \
        property of a ViewModel whose type names a domain type (`Order`, `[Order]`, `Order?`, `[UUID: Order]`) that \
        some Feature exposes through a non-private property (stored or computed, `private(set)` included); an \
        unannotated property created as such a type (`= Order(…)`); and an unannotated property whose initial value \
        reads a Feature property exposing domain data (`= ordersFeature.orders`, `= \
        AppModel.shared.ordersFeature.orders`). **Not reported:** drafts and selections named `draft…`, `selected…` \
        or `editing…`; computed properties; domain types no Feature exposes (a ViewModel's own `Row`, a filter enum); \
        Feature data kept `private`; Swift's `Task<…>` handles even when the project declares its own `Task` type (a \
        `Task` written with generic arguments, e.g. `_Concurrency.Task<Void, Never>`, is never the project's). \
        Decision where the catalogue is silent: "exposes" means a Feature property, not a method's return type, so \
        keeping the result of an operation (`lastPlacedOrder: Order?`) is only reported when a Feature property also \
        exposes `Order`. **Fix:** read the data through a computed property, e.g. `var orders: [Order] { \
        ordersFeature.orders }`, or name user input in progress `draft…`/`selected…`/`editing…`.
        """

    static let examples: [RuleExample] = [
        // A copy of the Feature's orders goes stale as soon as the Feature changes.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel.swift",
            """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                private(set) var ↓orders: [Order] = []
                private let ordersFeature: OrdersFeature

                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                    self.ordersFeature = ordersFeature
                }

                func showLatest() {
                    orders = ordersFeature.orders
                }
            }
            """),
        // Read through a computed property; a selection and a draft are presentation state.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel.swift",
            """
            import Observation

            @MainActor @Observable
            final class OrdersViewModel {
                var selectedOrder: Order?
                var draftName = ""
                private let ordersFeature: OrdersFeature

                init(ordersFeature: OrdersFeature = AppModel.shared.ordersFeature) {
                    self.ordersFeature = ordersFeature
                }

                var orders: [Order] { ordersFeature.orders }
            }
            """),
        // A snapshot taken when the ViewModel is created.
        RuleExample(
            .compliant(
                CompliantApp.viewModelPath,
                replacing: ["    var draftName = \"\"": "    var draftName = \"\"\n    private var ↓snapshot = AppModel.shared.ordersFeature.orders"])),
    ]
}
