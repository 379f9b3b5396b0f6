/// Facts already extracted, by content key (a git blob id): in memory for this run — the `cfa` items parse
/// the working tree, and the inventory diff then reuses those facts for every final-commit file with the
/// same blob — and, with a `store`, on disk across runs.
public actor FactsCache {
    private var byKey: [String: FileFacts] = [:]
    /// Read (in parallel, outside the actor) before parsing; what is parsed is written back.
    nonisolated let store: FactsStore?

    public init(store: FactsStore? = nil) {
        self.store = store
    }

    func facts(for keys: [String]) -> [String: FileFacts] {
        var found: [String: FileFacts] = [:]
        for key in keys { found[key] = byKey[key] }
        return found
    }

    func store(_ facts: [String: FileFacts]) {
        byKey.merge(facts) { old, _ in old }
    }

    var count: Int { byKey.count }
}
