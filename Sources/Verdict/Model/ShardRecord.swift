/// What a shard verdict records about its place in the matrix (`run --shard I/N`).
public struct ShardRecord: Codable, Sendable, Equatable {
    /// 1-based.
    public var index: Int
    public var count: Int
    /// The digest of the whole plan: every expected test and the shard it went to (see `ShardPlan.sha256`).
    public var planSHA256: String
    /// `timings` or `hash`: how the plan was balanced.
    public var balance: String
    /// The tests the plan gave this shard, sorted. Together, the shards' shares rebuild the plan.
    public var tests: [String]

    public init(index: Int, count: Int, planSHA256: String, balance: String, tests: [String]) {
        self.index = index
        self.count = count
        self.planSHA256 = planSHA256
        self.balance = balance
        self.tests = tests
    }
}

/// One shard verdict a merged verdict was made from.
public struct MergedShardRecord: Codable, Sendable, Equatable {
    public var index: Int
    /// SHA-256 of the shard's verdict file as it was read.
    public var verdictSHA256: String
    /// The key that signed it.
    public var keyID: String
    public var result: GateResult
    /// How many tests it ran (its share of the plan).
    public var tests: Int

    public init(index: Int, verdictSHA256: String, keyID: String, result: GateResult, tests: Int) {
        self.index = index
        self.verdictSHA256 = verdictSHA256
        self.keyID = keyID
        self.result = result
        self.tests = tests
    }
}
