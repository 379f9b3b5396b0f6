/// The outside world's storage and network APIs that CFA keeps behind a repository: a Feature reaches them
/// through a repository protocol, and a ViewModel's initializer never opens them.
enum SystemStorage {
    static let types = ["UserDefaults", "FileManager", "URLSession", "ModelContext"]

    /// The API a referenced name starts from: `UserDefaults.standard.set` → `UserDefaults`; `modelContext` →
    /// `ModelContext` (SwiftData's environment value and the usual property name).
    static func api(named name: String) -> String? {
        let first = name.prefix { $0 != "." }
        if let type = types.first(where: { $0 == first }) { return type }
        return first == "modelContext" ? "ModelContext" : nil
    }

    /// The API a type annotation names: `UserDefaults`, `any ModelContext`, `FileManager?`.
    static func api(inTypeText typeText: String?) -> String? {
        guard let typeText else { return nil }
        return TypeText.names(in: typeText).lazy.compactMap { name in types.first { $0 == name } }.first
    }
}
