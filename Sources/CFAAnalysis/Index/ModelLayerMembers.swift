/// The CFA parts a file declares that belong to the model layer (the part of the app that imports only Foundation and
/// Observation, and so can build and be tested away from Apple's platforms), as the index decides them: for the model
/// build, which must say which Features and ViewModels it could compile and which rule a left-out one breaks.
public struct ModelLayerMember: Sendable, Equatable, Hashable {
    public enum Layer: String, Sendable, Equatable, Hashable, CaseIterable {
        case appModel, feature, viewModel, repository
    }

    /// The type's name.
    public var name: String
    public var layer: Layer

    public init(name: String, layer: Layer) {
        self.name = name
        self.layer = layer
    }
}

extension CodebaseIndex {
    /// Repository path → the model-layer types the file declares (extensions do not count), in source order.
    public static func modelLayerMembers(of files: [FileFacts], configuration: AnalysisConfiguration) -> [String: [ModelLayerMember]] {
        let index = CodebaseIndex(files: files, configuration: configuration)
        var members: [String: [ModelLayerMember]] = [:]
        for entry in index.allEntries where entry.declaration.kind != .extension && !index.isTestFile(entry.file) {
            let layer: ModelLayerMember.Layer
            switch entry.role {
            case .appModel: layer = .appModel
            case .feature: layer = .feature
            case .viewModel: layer = .viewModel
            case .repositoryProtocol, .repositoryImplementation: layer = .repository
            case .app, .rootView, .screen, .componentView, .domain, .test, .other: continue
            }
            members[entry.file, default: []].append(ModelLayerMember(name: entry.name, layer: layer))
        }
        return members
    }
}
