/// Item 1: a ViewModel is used by exactly one screen. When anything else creates or keeps one — the App,
/// a parent view, AppModel, another ViewModel — its state outlives or escapes the screen it presents.
struct ViewModelDedicatedRule: Rule {
    static let id = "CFA-VIEWMODEL-DEDICATED"
    let descriptor = RuleDescriptor(
        id: id, item: 1,
        summary: "A ViewModel is created and stored only by its own screen",
        help: """
            Reported: a stored property holding a ViewModel (by annotation or initial value) in any type but the ViewModel's own \
            screen — another screen, a component, the App, AppModel, a Feature, another ViewModel, or the ViewModel itself \
            (`static let shared`); and a call creating the ViewModel anywhere but its own screen. The own screen is the namesake \
            view (`OrdersView` for `OrdersViewModel`) or else the one screen that holds it. Test files, `#Preview`, \
            `PreviewProvider` and `#if DEBUG` code are excepted. Fix: let the screen alone create it with `@State private var \
            viewModel = XViewModel()`, and pass plain values (not the ViewModel) to child views.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        let viewModels = index.entries(with: .viewModel).filter { !$0.declaration.isPreviewOnly }
        guard !viewModels.isEmpty else { return [] }
        let owners = Dictionary(viewModels.map { ($0.name, ViewModelOwnership.owner(of: $0, in: index)) }) { first, _ in first }
        let names = Set(viewModels.map(\.name))
        let screens = Set(index.entries(with: .screen).map(\.name))
        let handingCalls = Self.callsHandingInputs(index, screens: screens)
        var findings: [Finding] = []
        // One pass over the code; each property and call is compared with the ViewModel names.
        for file in index.files where !index.isTestFile(file.path) {
            for type in file.types where !type.isPreviewOnly {
                var storingMembers: Set<String> = []
                for property in type.properties where property.isStored {
                    for viewModel in ViewModelOwnership.viewModels(heldBy: property, among: names) {
                        let owner = owners[viewModel] ?? nil
                        guard !Self.isOwner(type, owner) else { continue }
                        storingMembers.insert(property.name)
                        let holders = ViewModelOwnership.screens(holding: viewModel, in: index)
                        // A screen handed another screen's ViewModel: the calls handing it over are places of this one defect.
                        let handed = screens.contains(type.name) && type.kind != .extension && property.initializer == nil
                            ? handingCalls[type.name]?[property.name] ?? [] : []
                        findings.append(descriptor.finding(
                            file.path, property.location, storedMessage(holder: type.name, viewModel: viewModel, owner: owner, holders: holders),
                            related: handed))
                    }
                }
                let handedOver = Self.viewModelsHandedToScreens(in: type.scope, screens: screens, viewModels: names)
                for call in type.scope.calls where !call.inPreview && !storingMembers.contains(call.member ?? "") {
                    guard let viewModel = ViewModelOwnership.viewModel(createdBy: call.shape, among: names) else { continue }
                    // `OrdersView(viewModel: OrdersViewModel())`: the call handing it over is CFA-VIEW-INIT-CLEAN's finding.
                    if handedOver.contains(viewModel) { continue }
                    let owner = owners[viewModel] ?? nil
                    guard !Self.isOwner(type, owner) else { continue }
                    findings.append(descriptor.finding(file.path, call.location, createdMessage(by: type.name, viewModel: viewModel, owner: owner)))
                }
            }
            for call in file.fileScope.calls where !call.inPreview {
                guard let viewModel = ViewModelOwnership.viewModel(createdBy: call.shape, among: names) else { continue }
                findings.append(descriptor.finding(
                    file.path, call.location, createdMessage(by: "Code outside any type", viewModel: viewModel, owner: owners[viewModel] ?? nil)))
            }
        }
        return findings
    }

    /// Calls creating a screen outside tests and previews, by screen and argument label: `UpcomingView(viewModel: …)`.
    private static func callsHandingInputs(_ index: CodebaseIndex, screens: Set<String>) -> [String: [String: [RelatedLocation]]] {
        var calls: [String: [String: [RelatedLocation]]] = [:]
        for file in index.files where !index.isTestFile(file.path) {
            let scopes = file.types.compactMap { $0.isPreviewOnly ? nil : $0.scope } + [file.fileScope]
            for call in scopes.lazy.flatMap(\.calls) where !call.inPreview {
                let shape = call.shape
                guard let screen = shape.name == "init" ? shape.base : (shape.base == nil ? shape.name : nil), screens.contains(screen) else { continue }
                for label in Set(shape.labels.compactMap { $0 }) {
                    calls[screen, default: [:]][label, default: []].append(RelatedLocation(file.path, call.location, "`\(screen)(\(label):)` hands it over"))
                }
            }
        }
        return calls
    }

    /// ViewModels created right in an argument of a call creating a screen, in this scope (`OrdersView(viewModel:
    /// OrdersViewModel())`): one defect with the screen being handed a ViewModel, reported by CFA-VIEW-INIT-CLEAN.
    private static func viewModelsHandedToScreens(in scope: ScopeFacts, screens: Set<String>, viewModels: Set<String>) -> Set<String> {
        var handed: Set<String> = []
        for call in scope.calls where !call.inPreview {
            let shape = call.shape
            guard let screen = shape.name == "init" ? shape.base : (shape.base == nil ? shape.name : nil), screens.contains(screen) else { continue }
            for argument in shape.arguments {
                if let first = TypeText.names(in: argument).first, viewModels.contains(first) { handed.insert(first) }
            }
        }
        return handed
    }

    /// The owner's own declaration or one of its extensions.
    private static func isOwner(_ type: TypeFacts, _ owner: CodebaseIndex.Entry?) -> Bool {
        guard let owner else { return false }
        return simpleName(type.name) == owner.name && (type.kind == .extension || type.enclosing == owner.declaration.enclosing)
    }

    private func storedMessage(holder: String, viewModel: String, owner: CodebaseIndex.Entry?, holders: [CodebaseIndex.Entry]) -> String {
        if let owner {
            return "\(holder) stores \(viewModel), which belongs to \(owner.name) alone; pass \(holder) plain values instead"
        }
        let others = holders.map(\.name).filter { $0 != holder }
        if others.isEmpty {
            return "\(holder) stores \(viewModel); a ViewModel is held only by its own screen, as `@State private var viewModel = \(viewModel)()`"
        }
        return "\(holder) stores \(viewModel), which \(others.joined(separator: ", ")) also store\(others.count == 1 ? "s" : ""); "
            + "give each screen its own ViewModel"
    }

    private func createdMessage(by creator: String, viewModel: String, owner: CodebaseIndex.Entry?) -> String {
        let creatorName = owner.map { "only \($0.name)" } ?? "only its own screen"
        return "\(creator) creates \(viewModel); \(creatorName) creates it, as `@State private var viewModel = \(viewModel)()`"
    }

    private static func simpleName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }
}

extension ViewModelDedicatedRule {
    static let reference = """
        A ViewModel belongs to exactly one screen: no other type keeps or creates one, so its state can neither \
        outlive nor escape the screen it presents. **Reported:** a stored property (instance or `static`) holding a \
        ViewModel — by annotation (`OrdersViewModel`, `OrdersViewModel?`, `[OrdersViewModel]`) or by initial value — \
        in any type but its own screen: another screen, a component (`@Bindable var viewModel: OrdersViewModel` in a \
        row), the App, AppModel, a Feature, another ViewModel, or the ViewModel itself (`static let shared = \
        OrdersViewModel()`); and every call creating a ViewModel (`OrdersViewModel(…)`, `OrdersViewModel.init(…)`) \
        outside its own screen, including free functions. A property that both stores and creates it is reported \
        once. When several screens hold the same ViewModel and none is its namesake, each is reported ("which \
        InboxView also stores"). **Not reported:** test files (as the index classifies them), `#Preview`, \
        `PreviewProvider` and `#if DEBUG` code; the own screen's properties, calls and extensions. The own screen is \
        decided as a reviewer would: the namesake view (`OrdersView`/`Orders` for `OrdersViewModel`) when it holds \
        the ViewModel or nobody does, otherwise the single screen that holds it (so `InboxView` with `@State private \
        var viewModel = MailboxViewModel()` owns `MailboxViewModel`). Passing the ViewModel as a function parameter \
        is not storing it and is left to CFA-VIEW-INIT-CLEAN for screen initialisers. **Fix:** let the screen alone \
        create it with `@State private var viewModel = XViewModel()`; hand child views plain values; in tests build \
        ViewModels with their own Features. **Owner:** a view handed another screen's ViewModel (`@Bindable var \
        viewModel: OrdersViewModel` in a row) is this rule's one finding: CFA-VIEW-INIT-CLEAN and CFA-VIEWMODEL-INLINE \
        do not report that property again, and the calls handing it over (`UpcomingView(viewModel: …)`) are listed as \
        related locations of this finding. A screen handed its own ViewModel is CFA-VIEW-INIT-CLEAN's, and so is a \
        ViewModel created right in the call that hands it to a screen (`OrdersView(viewModel: OrdersViewModel())`), \
        which is not reported here as a creation.
        """

    static let examples: [RuleExample] = [
        // A row keeps the screen's ViewModel.
        RuleExample(
            "App/1 - View/Components/OrderRow.swift",
            """
            import SwiftUI

            struct OrderRow: View {
                let name: String
                @Bindable var ↓viewModel: OrdersViewModel

                var body: some View {
                    Text(name)
                }
            }
            """),
        // A ViewModel that makes itself a singleton.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel+Shared.swift",
            """
            extension OrdersViewModel {
                static let ↓shared = OrdersViewModel()
            }
            """),
        // Preview code may build ViewModels with their own Features.
        RuleExample(
            "App/1 - View/Views/Orders/OrdersViewModel+Preview.swift",
            """
            #if DEBUG
            extension OrdersViewModel {
                static var preview: OrdersViewModel {
                    OrdersViewModel(ordersFeature: OrdersFeature(repository: JSONFileOrdersRepository()))
                }
            }
            #endif
            """),
    ]
}
