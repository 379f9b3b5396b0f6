/// What a screen is handed through its memberwise initializer, decided once so that one `let viewModel:
/// OrdersViewModel` on a screen is one finding, not three: CFA-VIEW-INIT-CLEAN reports such an input (a ViewModel,
/// the AppModel, a Feature, a repository) — except another screen's ViewModel, which CFA-VIEWMODEL-DEDICATED reports
/// ("belongs to OrdersView alone") — and CFA-VIEWMODEL-INLINE leaves a handed-in ViewModel to those two.
enum ScreenInputs {
    /// Property wrappers SwiftUI fills itself: such a property is never an initializer argument.
    static let filledBySwiftUI: Set<String> = [
        "Environment", "EnvironmentObject", "Query", "FocusState", "Namespace", "AppStorage", "SceneStorage", "GestureState"
    ]

    /// Without an explicit initializer in the declaration itself, the stored properties with no initial value that
    /// SwiftUI does not fill: the memberwise initializer's parameters.
    static func memberwiseInputs(of screen: CodebaseIndex.Entry) -> [PropertyFact] {
        guard screen.declaration.initializers.isEmpty else { return [] }
        return screen.declaration.storedProperties.filter { property in
            property.initializer == nil && !property.attributes.contains { filledBySwiftUI.contains($0.name) }
        }
    }

    /// A ViewModel property the screen's caller hands in, which CFA-VIEW-INIT-CLEAN or CFA-VIEWMODEL-DEDICATED reports.
    static func isHandedInViewModel(_ property: PropertyFact, of screen: CodebaseIndex.Entry, viewModels: Set<String>) -> Bool {
        guard screen.role == .screen, !screen.declaration.isPreviewOnly, let typeText = property.typeText,
            TypeText.names(in: typeText).contains(where: viewModels.contains)
        else { return false }
        return memberwiseInputs(of: screen).contains { $0.name == property.name && $0.location == property.location }
    }

    /// Initializer parameters of a screen whose type names a ViewModel (`init(viewModel: OrdersViewModel)`).
    static func viewModelParameters(of screen: CodebaseIndex.Entry, viewModels: Set<String>) -> [ParameterFact] {
        guard screen.role == .screen, !screen.declaration.isPreviewOnly else { return [] }
        return screen.parts.filter { !$0.facts.isPreviewOnly }.flatMap(\.facts.initializers).flatMap(\.parameters).filter { parameter in
            TypeText.names(in: parameter.typeText).contains(where: viewModels.contains)
        }
    }

    /// `_viewModel = State(initialValue: viewModel)`: an assignment whose value uses one of the parameters.
    static func stores(_ assignment: AssignmentFact, anyOf parameters: [ParameterFact]) -> Bool {
        guard !parameters.isEmpty else { return false }
        let names = Set(TypeText.names(in: assignment.value))
        return parameters.contains { names.contains($0.name) }
    }

    /// Whether a property holds a ViewModel whose own screen is another one (or that no screen can claim): then
    /// CFA-VIEWMODEL-DEDICATED reports the property, as it decides (`ViewModelOwnership.owner`).
    static func holdsAnotherScreensViewModel(_ property: PropertyFact, of screen: CodebaseIndex.Entry, viewModels: Set<String>,
                                             in index: CodebaseIndex) -> Bool {
        ViewModelOwnership.viewModels(heldBy: property, among: viewModels).contains { name in
            guard let viewModel = index.entries(with: .viewModel).first(where: { $0.name == name && !$0.declaration.isPreviewOnly }) else { return false }
            return ViewModelOwnership.owner(of: viewModel, in: index)?.name != screen.name
        }
    }
}
