import Foundation
@testable import HabitTracker

/// Builds habits for tests with readable defaults.
func makeHabit(_ name: String, isArchived: Bool = false) -> Habit {
    Habit(id: UUID(), name: name, isArchived: isArchived, createdAt: Date(timeIntervalSince1970: 0))
}
