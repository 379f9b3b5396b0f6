/// `run --shard I/N`: this run is shard I (1-based) of N.
struct ShardSpec: Sendable, Equatable, CustomStringConvertible {
    var index: Int
    var count: Int

    /// The largest matrix a merge accepts; more shards than this is almost certainly a typo.
    static let maximumCount = 256

    init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maximumCount, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `I/N`; nil for anything else (`0/2`, `3/2`, `1/0`, `2`, `a/b`).
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let index = Int(parts[0]), let count = Int(parts[1])
        else { return nil }
        self.init(index: index, count: count)
    }

    var description: String { "\(index)/\(count)" }
}
