/// Facts already extracted in this run, by content key (a git blob id): the `cfa` items parse the working
/// tree, and the inventory diff then reuses those facts for every final-commit file with the same blob.
public actor FactsCache {
    private var byKey: [String: FileFacts] = [:]

    public init() {}

    func facts(for keys: [String]) -> [String: FileFacts] {
        byKey.filter { keys.contains($0.key) }
    }

    func store(_ facts: [String: FileFacts]) {
        byKey.merge(facts) { old, _ in old }
    }

    public var count: Int { byKey.count }
}
