import Foundation

/// One manual item of a verdict with the sign-offs found for it: what `show`, `verify` and the reports list
/// ("approved by …", "rejected by …", or awaiting).
public struct ManualItemReviews: Sendable, Equatable {
    public var item: ManualItem
    public var approvals: [ReviewMark]
    public var rejections: [ReviewMark]

    public init(item: ManualItem, approvals: [ReviewMark] = [], rejections: [ReviewMark] = []) {
        self.item = item
        self.approvals = approvals
        self.rejections = rejections
    }

    /// Every manual item of the verdict, with no sign-off yet.
    public static func awaiting(_ predicate: GatePredicate) -> [ManualItemReviews] {
        predicate.awaitingReview.map { ManualItemReviews(item: $0) }
    }
}

/// One reviewer's decision on one item.
public struct ReviewMark: Sendable, Equatable {
    /// The name `gate/reviewers` gives the key, else `key 1a2b3c4d5e6f…`.
    public var reviewer: String
    public var keyID: String
    public var note: String?
    public var reviewedAt: Date

    public init(reviewer: String, keyID: String, note: String?, reviewedAt: Date) {
        self.reviewer = reviewer
        self.keyID = keyID
        self.note = note
        self.reviewedAt = reviewedAt
    }
}
