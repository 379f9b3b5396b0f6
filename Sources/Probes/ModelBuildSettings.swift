import Checklist

/// The checklist's model-build options: whether the model build may be used (`model-build`), and how much of the app it
/// must cover for the `build` and `test` items to pass (`model-build-requires`, `model-build-min-tests`).
public struct ModelBuildSettings: Sendable, Equatable {
    public var mode: ModelBuildMode
    /// The parts whose every declaring file must be compiled; empty sets no floor.
    public var requires: [ModelBuildPart]
    /// The least share of the declared tests, as a whole percent, that must run; nil sets no floor.
    public var minimumTestPercent: Int?

    public init(mode: ModelBuildMode = .automatic, requires: [ModelBuildPart] = [], minimumTestPercent: Int? = nil) {
        self.mode = mode
        self.requires = requires
        self.minimumTestPercent = minimumTestPercent
    }

    public init(_ options: ChecklistOptions) {
        self.init(
            mode: options.modelBuild ?? .automatic, requires: options.modelBuildRequires ?? [], minimumTestPercent: options.modelBuildMinTests)
    }
}
