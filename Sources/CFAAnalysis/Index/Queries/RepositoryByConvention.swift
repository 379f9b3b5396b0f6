/// Whether a type is a repository: the index's role, or, for a type the analysed files do not declare,
/// its name.
enum RepositoryByConvention {
    static func isRepository(_ entry: CodebaseIndex.Entry, in index: CodebaseIndex) -> Bool {
        entry.role == .repositoryProtocol || entry.role == .repositoryImplementation
    }

    /// A type named like or declared as a repository: `HabitRepository`, `JSONFileHabitRepository`.
    static func isRepository(named name: String, in index: CodebaseIndex) -> Bool {
        if let entry = index.entry(named: name) { return isRepository(entry, in: index) }
        return name.hasSuffix("Repository")
    }
}
