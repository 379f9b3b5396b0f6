/// Which expressions in one type's code stand for a Feature: a stored property or initializer parameter typed as
/// one (`ordersFeature`, `feature`), `AppModel.shared.ordersFeature`, or `appModel.ordersFeature` through a stored
/// AppModel. Asked by the rules about who writes a Feature's state and what a ViewModel's initializer calls.
struct FeatureReferences {
    /// Names in the type that hold a Feature, with the Feature's type name.
    private var holders: [String: String] = [:]
    /// Names in the type that hold the AppModel (`appModel`).
    private var appModelHolders: Set<String> = []
    /// AppModel's Feature properties, with their Feature's type name.
    private var appModelFeatures: [String: String] = [:]

    init(_ entry: CodebaseIndex.Entry, in index: CodebaseIndex) {
        for property in index.appModel?.storedProperties ?? [] {
            if let feature = FeatureByConvention.featureName(inTypeText: property.typeText ?? property.initializer?.call?.name, index) {
                appModelFeatures[property.name] = feature
            }
        }
        for property in entry.storedProperties {
            if let feature = FeatureByConvention.featureName(inTypeText: property.typeText, index) {
                holders[property.name] = feature
            } else if property.typeText == "AppModel" || property.initializer?.text == "AppModel.shared" {
                appModelHolders.insert(property.name)
            } else if let text = property.initializer?.text, let feature = resolve(text), feature.member == nil {
                holders[property.name] = feature.feature
            }
        }
        for parameter in entry.functions.filter({ $0.name == "init" }).flatMap(\.parameters) {
            if let feature = FeatureByConvention.featureName(inTypeText: parameter.typeText, index) { holders[parameter.name] = feature }
        }
    }

    /// The Feature an expression reaches and the member right after it: `feature.items[0]` → (`OrdersFeature`, `items`),
    /// `AppModel.shared.ordersFeature` → (`OrdersFeature`, nil). Nil when the expression starts from no Feature.
    func resolve(_ text: String) -> (feature: String, member: String?)? {
        var names = Self.chain(text)
        if names.first == "self" { names.removeFirst() }
        guard let first = names.first else { return nil }
        func member(after position: Int) -> String? { position + 1 < names.count ? names[position + 1] : nil }
        if let feature = holders[first] { return (feature, member(after: 0)) }
        if names.count >= 3, first == "AppModel", names[1] == "shared", let feature = appModelFeatures[names[2]] {
            return (feature, member(after: 2))
        }
        if names.count >= 2, appModelHolders.contains(first), let feature = appModelFeatures[names[1]] { return (feature, member(after: 1)) }
        return nil
    }

    /// The leading chain of names of an expression: `feature?.items[0].name` → feature, items. Stops at the first
    /// subscript, call or operator.
    static func chain(_ text: String) -> [String] {
        var names: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else if character == "." {
                if current.isEmpty { break }
                names.append(current)
                current = ""
            } else if character == "?" || character == "!" {
                continue
            } else {
                break
            }
        }
        if !current.isEmpty { names.append(current) }
        return names
    }
}
