import Foundation

/// A habit the user wants to practise every day.
struct Habit: Identifiable, Hashable, Codable, Sendable {
    let id: UUID
    var name: String
    var isArchived: Bool
    let createdAt: Date
}
