/// Which screen a ViewModel belongs to, decided once so that CFA-VIEWMODEL-DEDICATED and
/// CFA-VIEWMODEL-ADJACENT agree on it.
enum ViewModelOwnership {
    /// The screen that owns `viewModel`: its namesake (`OrdersView` for `OrdersViewModel`) when that view
    /// holds it or nobody does; otherwise the one screen that holds it. Nil when several screens hold it and
    /// none is its namesake — then no screen can claim it.
    static func owner(of viewModel: CodebaseIndex.Entry, in index: CodebaseIndex) -> CodebaseIndex.Entry? {
        let holders = screens(holding: viewModel.name, in: index)
        let namesake = namesakeView(of: viewModel.name, in: index)
        if let namesake, holders.contains(where: { $0.name == namesake.name }) { return namesake }
        if holders.count == 1 { return holders[0] }
        return holders.isEmpty ? namesake : nil
    }

    /// Screens (and the root view) with a stored property that holds `viewModelName`, preview code left out.
    static func screens(holding viewModelName: String, in index: CodebaseIndex) -> [CodebaseIndex.Entry] {
        index.views(holdingPropertyOf: viewModelName).filter { entry in
            entry.storedProperties.contains { holds($0, viewModel: viewModelName) }
        }
    }

    /// A property holds a ViewModel when its annotation names it (`OrdersViewModel`, `OrdersViewModel?`,
    /// `State<OrdersViewModel>`) or its initial value creates one.
    static func holds(_ property: PropertyFact, viewModel name: String) -> Bool {
        if let typeText = property.typeText, TypeText.names(in: typeText).contains(name) { return true }
        return property.initializer?.call.map { constructs($0, viewModel: name) } ?? false
    }

    /// `OrdersViewModel(…)` or `OrdersViewModel.init(…)`.
    static func constructs(_ call: CallShape, viewModel name: String) -> Bool {
        (call.name == name && call.base == nil) || (call.name == "init" && call.base == name)
    }

    /// The ViewModels among `names` that a property holds, in the order its text names them.
    static func viewModels(heldBy property: PropertyFact, among names: Set<String>) -> [String] {
        var held = property.typeText.map { TypeText.names(in: $0).filter(names.contains) } ?? []
        if let call = property.initializer?.call, let created = viewModel(createdBy: call, among: names), !held.contains(created) {
            held.append(created)
        }
        return held
    }

    /// The ViewModel among `names` that a call creates, if it creates one.
    static func viewModel(createdBy call: CallShape, among names: Set<String>) -> String? {
        if call.base == nil, names.contains(call.name) { return call.name }
        if call.name == "init", let base = call.base, names.contains(base) { return base }
        return nil
    }

    /// `OrdersView` for `OrdersViewModel`, `Settings` for `SettingsViewModel`, when such a view exists.
    private static func namesakeView(of viewModelName: String, in index: CodebaseIndex) -> CodebaseIndex.Entry? {
        let candidates = [String(viewModelName.dropLast("Model".count)), String(viewModelName.dropLast("ViewModel".count))]
        return candidates.lazy
            .filter { CodebaseIndex.viewModelName(forView: $0) == viewModelName }
            .compactMap { index.entry(named: $0) }
            .first { index.isView($0) && !$0.declaration.isPreviewOnly }
    }
}
