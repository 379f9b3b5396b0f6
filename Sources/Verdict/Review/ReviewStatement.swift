import Foundation

/// A person's signed sign-off on the manual items of one exact verdict: an in-toto Statement whose subjects are
/// the verdict file (by the sha256 of its bytes) and the commit it judged, so it cannot be moved to another
/// verdict, not even one of the same commit.
public struct ReviewStatement: Codable, Sendable, Equatable {
    static let predicateType = "https://cfa-gate.dev/review/v1"
    /// The subject digest naming the verdict file.
    static let verdictDigestName = "sha256"

    var type: String
    public var subject: [Statement.Subject]
    var predicateType: String
    public var predicate: ReviewPredicate

    public init(verdictName: String, verdictSHA256: String, repositoryName: String, commit: String, predicate: ReviewPredicate) {
        type = Statement.type
        subject = [
            Statement.Subject(name: verdictName, digest: [Self.verdictDigestName: verdictSHA256]),
            Statement.Subject(name: repositoryName, digest: ["gitCommit": commit]),
        ]
        predicateType = Self.predicateType
        self.predicate = predicate
    }

    /// The sha256 of the verdict file the review signs off on; nil when no subject names one.
    public var verdictSHA256: String? { subject.lazy.compactMap { $0.digest[Self.verdictDigestName] }.first }
    public var commit: String? { subject.lazy.compactMap { $0.digest["gitCommit"] }.first }

    enum CodingKeys: String, CodingKey {
        case type = "_type"
        case subject, predicateType, predicate
    }
}

/// What the reviewer decided, item by item, and when.
public struct ReviewPredicate: Codable, Sendable, Equatable {
    public struct Reviewer: Codable, Sendable, Equatable {
        /// Hex SHA-256 of the reviewer's SubjectPublicKeyInfo DER, as a verdict's `signer.keyID`.
        public var keyID: String
        /// Base64 of that DER: what `gate/reviewers` lists. Shown for reference; `verify` trusts only the policy's key.
        public var publicKey: String

        public init(keyID: String, publicKey: String) {
            self.keyID = keyID
            self.publicKey = publicKey
        }
    }

    public var tool: ToolInfo
    public var reviewer: Reviewer
    /// Manual item numbers the reviewer approves.
    public var approved: [Int]
    /// Manual item numbers the reviewer rejects; one rejection by a listed reviewer fails `verify --require-reviews`.
    public var rejected: [Int]
    public var note: String?
    public var reviewedAt: Date

    public init(tool: ToolInfo, reviewer: Reviewer, approved: [Int], rejected: [Int], note: String?, reviewedAt: Date) {
        self.tool = tool
        self.reviewer = reviewer
        self.approved = approved
        self.rejected = rejected
        self.note = note
        self.reviewedAt = reviewedAt
    }
}

extension DSSE {
    public static func sign(review: ReviewStatement, with key: SigningKey) throws(KeyError) -> Envelope {
        try signStatement(review, with: key)
    }

    /// The review only if a signature by `key` verifies and the payload is a cfa-gate review.
    public static func openReview(_ envelope: Envelope, trusting key: PublicKey) throws(VerificationError) -> ReviewStatement {
        try decodeReview(verifiedPayload(envelope, trusting: key))
    }

    /// The review with no signature checked: for showing who claims to have reviewed, never for counting it.
    public static func unverifiedReview(in envelope: Envelope) throws(VerificationError) -> ReviewStatement {
        guard envelope.payloadType == payloadType else { throw .wrongPayloadType(envelope.payloadType) }
        guard let payload = decodeBase64(envelope.payload) else { throw .statementMalformed(reason: "payload is not base64") }
        return try decodeReview(payload)
    }

    /// The key ids an envelope's signatures claim.
    public static func signerKeyIDs(of envelope: Envelope) -> [String] {
        envelope.signatures.map(\.keyid)
    }

    private static func decodeReview(_ payload: Data) throws(VerificationError) -> ReviewStatement {
        let review: ReviewStatement
        do {
            review = try VerdictCoding.decoder().decode(ReviewStatement.self, from: payload)
        } catch let error as DecodingError {
            throw .statementMalformed(reason: error.briefReason)
        } catch {
            throw .statementMalformed(reason: "\(error)")
        }
        guard review.type == Statement.type, review.predicateType == ReviewStatement.predicateType else {
            throw .statementMalformed(
                reason: "predicateType is '\(review.predicateType)', expected '\(ReviewStatement.predicateType)'")
        }
        return review
    }
}
