/// Whether a type is a repository even where the index gave it another role: the index makes every type
/// stored on AppModel a Feature, and a repository wrongly stored there is still a repository.
enum RepositoryByConvention {
    static func isRepository(_ entry: CodebaseIndex.Entry, in index: CodebaseIndex) -> Bool {
        if entry.role == .repositoryProtocol || entry.role == .repositoryImplementation { return true }
        if entry.role == .test { return false }
        let protocols = Set(index.entries(with: .repositoryProtocol).map(\.name))
        return entry.declaration.hasAttribute("ModelActor")
            || entry.inheritedTypes.contains { protocols.contains(TypeText.singleName($0) ?? "") }
            || (FolderName.path(entry.file, containsAnyOf: index.configuration.folders.storage)
                && entry.declaration.kind != .struct && entry.declaration.kind != .enum)
    }

    /// A type named like or declared as a repository: `HabitRepository`, `JSONFileHabitRepository`.
    static func isRepository(named name: String, in index: CodebaseIndex) -> Bool {
        if let entry = index.entry(named: name) { return isRepository(entry, in: index) }
        return name.hasSuffix("Repository")
    }
}
