import Foundation

/// Proof that a habit was done on a given day. At most one per habit and day.
struct CheckIn: Hashable, Codable, Sendable {
    let habitID: UUID
    let day: Day
}
