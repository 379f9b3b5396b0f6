/// Item 12: calls go right — Feature → repository → outside world. A repository or storage type that
/// names a Feature, a ViewModel or AppModel reaches back up and makes the layers a cycle.
public struct RepositoryNoFeatureRule: Rule {
    public static let id = "CFA-REPO-NO-FEATURE"
    public let descriptor = RuleDescriptor(
        id: id, item: 12,
        summary: "Repositories and storage types never name a Feature, a ViewModel or AppModel",
        help: "Reported: a repository protocol, a repository implementation, or any other type declared under a storage folder (`User Data Storage`, `Networking & Data Storage`, `Storage`), that names a Feature, a ViewModel or `AppModel` — in a conformance, property, parameter or code — once per line and name. Test doubles are not checked. Fix: speak domain language only (`fetchHabits() -> [Habit]`); let the Feature call the repository and keep the result.")

    public init() {}

    public func check(_ index: CodebaseIndex) -> [Finding] {
        let features = Set(index.entries(with: .feature).filter { FeatureByConvention.isFeature($0, in: index) }.map(\.name))
        let viewModels = index.viewModelNames
        let storageFolders = index.configuration.folders.storage
        var findings: [Finding] = []
        for entry in index.allEntries where entry.role != .test {
            let isStorage = RepositoryByConvention.isRepository(entry, in: index) || FolderName.path(entry.file, containsAnyOf: storageFolders)
            guard isStorage else { continue }
            let uses = ForbiddenNames.uses(in: entry) { referenced in
                TypeText.names(in: referenced).compactMap { name in
                    if name == "AppModel" { return "AppModel" }
                    if features.contains(name) { return "the Feature \(name)" }
                    if viewModels.contains(name) { return "the ViewModel \(name)" }
                    return nil
                }
            }
            for use in uses {
                findings.append(descriptor.finding(use.file, use.location, "\(entry.name) names \(use.what); storage speaks domain language only — return domain values and let the Feature keep them"))
            }
        }
        return findings
    }
}
