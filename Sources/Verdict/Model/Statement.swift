/// An in-toto Statement v1 whose subject is the judged git commit.
public struct Statement: Codable, Sendable, Equatable {
    static let type = "https://in-toto.io/Statement/v1"
    static let predicateType = "https://cfa-gate.dev/verdict/v1"

    /// What the statement is about, identified by digest.
    public struct Subject: Codable, Sendable, Equatable {
        public var name: String
        /// Algorithm name to hex digest, e.g. `["gitCommit": "<sha1>"]`.
        public var digest: [String: String]

        init(name: String, digest: [String: String]) {
            self.name = name
            self.digest = digest
        }
    }

    /// Serialized as `_type`, as the in-toto spec requires.
    var type: String
    public var subject: [Subject]
    var predicateType: String
    public var predicate: GatePredicate

    /// A cfa-gate statement about one commit of `repositoryName`.
    public init(repositoryName: String, commit: String, predicate: GatePredicate) {
        self.init(
            type: Statement.type,
            subject: [Subject(name: repositoryName, digest: ["gitCommit": commit])],
            predicateType: Statement.predicateType,
            predicate: predicate
        )
    }

    init(type: String, subject: [Subject], predicateType: String, predicate: GatePredicate) {
        self.type = type
        self.subject = subject
        self.predicateType = predicateType
        self.predicate = predicate
    }

    enum CodingKeys: String, CodingKey {
        case type = "_type"
        case subject, predicateType, predicate
    }
}
