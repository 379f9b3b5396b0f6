import CFAAnalysis

/// The rule a model-layer file breaks by importing a UI framework: why the file is left out, said as the checklist says
/// it, so the fix is the rule's and not the model build's.
public struct BrokenRule: Sendable, Equatable, CustomStringConvertible {
    /// The model-layer type the file declares.
    public var member: ModelLayerMember
    public var ruleID: String
    /// The shipped checklist's item the rule is bound to, when it is.
    public var item: Int?

    /// Feature, AppModel and repository files import no SwiftUI: the shipped checklist's item 13.
    static let featureNoSwiftUI = (id: "CFA-FEATURE-NO-SWIFTUI", item: 13)
    /// ViewModels import no SwiftUI (reported as a warning, bound to no item of its own; UIKit and AppKit it leaves alone).
    static let viewModelNoSwiftUI = "CFA-VIEWMODEL-NO-SWIFTUI"
    static let uiFrameworks: Set<String> = ["SwiftUI", "UIKit", "AppKit"]

    /// The rule a file declaring `members` breaks by importing `module`; nil for a module that is no UI framework, or a file
    /// of no model-layer type. The AppModel first, then Features, repositories and ViewModels, each in source order.
    init?(importing module: String, in members: [ModelLayerMember]) {
        guard Self.uiFrameworks.contains(module) else { return nil }
        let order: [ModelLayerMember.Layer] = [.appModel, .feature, .repository, .viewModel]
        guard let member = order.lazy.compactMap({ layer in members.first { $0.layer == layer } }).first else { return nil }
        self.member = member
        switch member.layer {
        case .appModel, .feature, .repository: (ruleID, item) = Self.featureNoSwiftUI
        case .viewModel:
            // That rule reports SwiftUI only: a ViewModel importing UIKit (for haptics, say) breaks no rule it could name.
            guard module == "SwiftUI" else { return nil }
            (ruleID, item) = (Self.viewModelNoSwiftUI, nil)
        }
    }

    /// "HabitsFeature is a Feature: CFA-FEATURE-NO-SWIFTUI (item 13)".
    public var description: String {
        let role = switch member.layer {
        case .appModel: "the AppModel"
        case .feature: "a Feature"
        case .repository: "a repository"
        case .viewModel: "a ViewModel"
        }
        return "\(member.name) is \(role): \(ruleID)" + (item.map { " (item \($0))" } ?? "")
    }
}
