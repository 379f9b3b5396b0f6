import Foundation
@testable import HabitTracker

/// A habit store in memory that counts fetches and can be told to fail.
actor InMemoryHabitRepository: HabitRepository {
    private(set) var habits: [Habit] = []
    private(set) var fetchCount = 0
    private var failure: TestFailure?

    func setHabits(_ habits: [Habit]) {
        self.habits = habits
    }

    /// Every later call throws `failure`, or succeeds again when it is nil.
    func setFailure(_ failure: TestFailure?) {
        self.failure = failure
    }

    func fetchHabits() throws -> [Habit] {
        fetchCount += 1
        if let failure { throw failure }
        return habits
    }

    func saveHabit(_ habit: Habit) throws {
        if let failure { throw failure }
        habits.removeAll { $0.id == habit.id }
        habits.append(habit)
    }

    func deleteHabit(id: UUID) throws {
        if let failure { throw failure }
        habits.removeAll { $0.id == id }
    }
}
