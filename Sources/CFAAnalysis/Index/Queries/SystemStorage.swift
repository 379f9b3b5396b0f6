/// The outside world's storage and network APIs that CFA keeps behind a repository: a Feature reaches them
/// through a repository protocol, and a ViewModel's initializer never opens them.
enum SystemStorage {
    static let types: Set<String> = ["UserDefaults", "FileManager", "URLSession", "ModelContext"]

    /// The API a referenced name is: `UserDefaults` → `UserDefaults`; `modelContext` → `ModelContext` (SwiftData's
    /// environment value and the usual property name). Rules ask it of every reference in a type, so it looks at
    /// whole names only: the facts record the first name of a chain (`UserDefaults` in `UserDefaults.standard.set`)
    /// as a reference of its own.
    static func api(named name: String) -> String? {
        if types.contains(name) { return name }
        return name == "modelContext" ? "ModelContext" : nil
    }

    /// The API a chain starts from: `UserDefaults.standard` → `UserDefaults`.
    static func api(startingChain chain: String) -> String? {
        api(named: String(chain.prefix { $0 != "." }))
    }

    /// The API a type annotation names: `UserDefaults`, `any ModelContext`, `FileManager?`.
    static func api(inTypeText typeText: String?) -> String? {
        guard let typeText else { return nil }
        return TypeText.names(in: typeText).first(where: types.contains)
    }
}
