/// What a type is in a CFA app. Decided once, in the index, so every rule agrees.
enum Role: String, Sendable, Codable, CaseIterable {
    case appModel
    /// The `App` type and its application delegate: the only views/types allowed to name `AppModel`.
    case app
    case rootView
    case screen
    case componentView
    case viewModel
    case feature
    case repositoryProtocol
    case repositoryImplementation
    case domain
    case test
    case other
}
