/// What a name chain starting at `AppModel` reaches, and whether it sits where a ViewModel takes its Features: several
/// rules word their findings by it and leave a ViewModel's `init(feature: … = AppModel.shared.x)` alone.
enum AppModelReads {
    /// `AppModel.shared.ordersFeature…` reads a Feature through the composition root; `AppModel`, `AppModel.shared` and
    /// `AppModel.live()` are the root itself.
    static func describe(_ chain: String) -> String {
        let members = FeatureReferences.chain(chain)
        return members.count > 2 && members[0] == "AppModel" && members[1] == "shared"
            ? featureRead : appModel
    }

    /// What one line names, with `the AppModel` left out where the line reads a Feature through it: the parser lists
    /// `AppModel` and `AppModel.shared.ordersFeature` as two names of one expression.
    static func collapse(_ uses: [String]) -> [String] {
        uses.contains(featureRead) ? uses.filter { $0 != appModel } : uses
    }

    static let featureRead = "a Feature read from `AppModel.shared`"
    static let appModel = "the AppModel"

    /// `init(feature: OrdersFeature = AppModel.shared.ordersFeature)` in a ViewModel: Reference 13's way for a ViewModel
    /// to get its Features, never a finding — neither the default nor the parameter's type. The use is in the signature of
    /// the nearest initialiser before it, and the parameter it belongs to (the last one starting before it) defaults to
    /// exactly `AppModel.shared.<member>`.
    static func isInFeatureDefaultedParameter(_ reference: ReferenceFact, of type: TypeFacts) -> Bool {
        guard reference.member == "init", SignatureUses.isInSignature(reference.location, member: "init", of: type),
            let initializer = type.initializers.filter({ $0.location < reference.location }).max(by: { $0.location < $1.location }),
            let parameter = initializer.parameters.filter({ $0.location <= reference.location }).max(by: { $0.location < $1.location }),
            let value = parameter.defaultValue
        else { return false }
        let members = FeatureReferences.chain(value)
        return members.count == 3 && members[0] == "AppModel" && members[1] == "shared"
            && value.filter { !$0.isWhitespace } == members.joined(separator: ".")
    }
}
