import Foundation
import Observation

/// Owns the habit list: its data, whether it is loading, and the last error.
@MainActor
@Observable
final class HabitsFeature {
    private(set) var habits: [Habit] = []
    private(set) var isLoading = false
    private(set) var lastError: HabitError?

    private let repository: any HabitRepository
    private let now: @MainActor () -> Date
    private let makeID: @MainActor () -> UUID
    private var loadTask: Task<Void, Never>?

    init(repository: any HabitRepository, now: @escaping @MainActor () -> Date, makeID: @escaping @MainActor () -> UUID) {
        self.repository = repository
        self.now = now
        self.makeID = makeID
    }

    var activeHabits: [Habit] { habits.filter { !$0.isArchived } }
    var archivedHabits: [Habit] { habits.filter(\.isArchived) }

    /// Loads the habits. Calling it while a load runs returns that load instead of starting another.
    @discardableResult
    func startLoading() -> Task<Void, Never> {
        if let loadTask { return loadTask }
        isLoading = true
        let task = Task {
            do {
                habits = try await repository.fetchHabits()
                lastError = nil
            } catch {
                lastError = .storageFailed(error.localizedDescription)
            }
            isLoading = false
            loadTask = nil
        }
        loadTask = task
        return task
    }

    /// Whether `name` would be accepted for a new habit right now.
    func isAcceptableName(_ name: String) -> Bool {
        (try? validatedName(name, renaming: nil)) != nil
    }

    func addHabit(named name: String) async throws(HabitError) -> Habit {
        await finishLoading()
        let validName = try record(validatedName(name, renaming: nil))
        let habit = Habit(id: makeID(), name: validName, isArchived: false, createdAt: now())
        try await store(habit)
        habits.append(habit)
        return habit
    }

    func renameHabit(id: UUID, to name: String) async throws(HabitError) -> Habit {
        await finishLoading()
        var habit = try record(existingHabit(id: id))
        habit.name = try record(validatedName(name, renaming: id))
        return try await replace(habit)
    }

    func setArchived(_ isArchived: Bool, habitID: UUID) async throws(HabitError) -> Habit {
        await finishLoading()
        var habit = try record(existingHabit(id: habitID))
        habit.isArchived = isArchived
        return try await replace(habit)
    }

    func deleteHabit(id: UUID) async throws(HabitError) {
        await finishLoading()
        _ = try record(existingHabit(id: id))
        do {
            try await repository.deleteHabit(id: id)
        } catch {
            throw fail(.storageFailed(error.localizedDescription))
        }
        habits.removeAll { $0.id == id }
        lastError = nil
    }

    func clearError() {
        lastError = nil
    }

    /// A change must not race a load: the load would overwrite the list with older contents.
    private func finishLoading() async {
        await loadTask?.value
    }

    private func replace(_ habit: Habit) async throws(HabitError) -> Habit {
        try await store(habit)
        if let index = habits.firstIndex(where: { $0.id == habit.id }) {
            habits[index] = habit
        }
        return habit
    }

    /// Saves first and only then lets the caller change `habits`, so memory never shows unsaved data.
    private func store(_ habit: Habit) async throws(HabitError) {
        do {
            try await repository.saveHabit(habit)
            lastError = nil
        } catch {
            throw fail(.storageFailed(error.localizedDescription))
        }
    }

    private func validatedName(_ name: String, renaming id: UUID?) throws(HabitError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyName }
        let taken = habits.contains { $0.id != id && $0.name.caseInsensitiveCompare(trimmed) == .orderedSame }
        guard !taken else { throw .duplicateName(trimmed) }
        return trimmed
    }

    private func existingHabit(id: UUID) throws(HabitError) -> Habit {
        guard let habit = habits.first(where: { $0.id == id }) else { throw .notFound }
        return habit
    }

    /// Runs a check and keeps its error as `lastError` for the screens to show.
    private func record<Value>(_ check: @autoclosure () throws(HabitError) -> Value) throws(HabitError) -> Value {
        do {
            return try check()
        } catch {
            lastError = error
            throw error
        }
    }

    private func fail(_ error: HabitError) -> HabitError {
        lastError = error
        return error
    }
}
