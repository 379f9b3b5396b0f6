/// Where a type's own code names something a rule forbids there — a Feature in storage, a repository in a
/// View, `UserDefaults` in a View — once per line and name, previews aside.
enum ForbiddenNames {
    struct Use {
        var file: String
        var location: SourceLocation
        /// How the finding names what was used: "the Feature OrdersFeature", "UserDefaults".
        var what: String
    }

    /// `classify` turns one referenced name (`AppModel.shared.ordersFeature`) into what it names that is forbidden.
    static func uses(in entry: CodebaseIndex.Entry, classify: (String) -> [String]) -> [Use] {
        var uses: [Use] = []
        for part in entry.parts {
            var seen: Set<String> = []
            for reference in part.facts.scope.references where !reference.inPreview {
                for what in classify(reference.name) where seen.insert("\(reference.location.line) \(what)").inserted {
                    uses.append(Use(file: part.file, location: reference.location, what: what))
                }
            }
        }
        return uses
    }
}
