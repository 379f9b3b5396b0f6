/// What the gate keeps in memory of a log whatever its size: the first and the last `limit` non-blank lines, each
/// clipped to `OutputExcerpt.maximumLineLength`. The whole log is on disk, referenced by its digest.
struct LogExcerpt: Sendable, Equatable {
    static let defaultLimit = 200

    let limit: Int
    private(set) var head: [String] = []
    /// The last `limit` lines, oldest first once `ordered` rotates it.
    private var ring: [String] = []
    private var next = 0
    /// Non-blank lines seen.
    private(set) var lineCount = 0

    init(limit: Int = defaultLimit) {
        self.limit = limit
    }

    mutating func append(_ line: Substring) {
        guard line.contains(where: { !$0.isWhitespace }) else { return }
        let clipped = OutputExcerpt.clip(line)
        lineCount += 1
        if head.count < limit { head.append(clipped) }
        if ring.count < limit {
            ring.append(clipped)
        } else {
            ring[next] = clipped
            next = (next + 1) % limit
        }
    }

    /// The last `count` non-blank lines (at most `limit`).
    func tail(_ count: Int) -> [String] {
        Array((ring[next...] + ring[..<next]).suffix(count))
    }
}
