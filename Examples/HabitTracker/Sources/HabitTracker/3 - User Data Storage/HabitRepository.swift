import Foundation

/// Where habits are kept, in the app's own words.
protocol HabitRepository: Sendable {
    func fetchHabits() async throws -> [Habit]
    /// Inserts the habit, or replaces the stored one with the same id.
    func saveHabit(_ habit: Habit) async throws
    func deleteHabit(id: UUID) async throws
}
