import Foundation
import Observation

/// Presentation state of the habit list: the drafts being typed and which habit is being renamed.
@MainActor
@Observable
final class HabitListViewModel {
    var draftHabitName = ""
    var draftRenameName = ""
    private(set) var editingHabitID: UUID?
    /// The change in flight. One change at a time: a second tap gets the running change back,
    /// so a double tap never saves twice.
    private var changeTask: Task<Void, Never>?

    private let habitsFeature: HabitsFeature

    init(habitsFeature: HabitsFeature = AppModel.shared.habitsFeature) {
        self.habitsFeature = habitsFeature
    }

    var activeHabits: [Habit] { habitsFeature.activeHabits }
    var archivedHabits: [Habit] { habitsFeature.archivedHabits }
    var isLoading: Bool { habitsFeature.isLoading }
    var isSaving: Bool { changeTask != nil }
    var canAddHabit: Bool { !isSaving && habitsFeature.isAcceptableName(draftHabitName) }
    var errorMessage: String? { habitsFeature.lastError?.description }

    /// Adds the drafted habit. The draft is cleared only once the habit is saved, and only if
    /// the user has not typed something new meanwhile.
    @discardableResult
    func addHabit() -> Task<Void, Never> {
        let name = draftHabitName
        return performChange { [habitsFeature] in
            _ = try await habitsFeature.addHabit(named: name)
            if self.draftHabitName == name { self.draftHabitName = "" }
        }
    }

    func beginRenaming(habitID: UUID) {
        editingHabitID = habitID
        draftRenameName = habitsFeature.habits.first { $0.id == habitID }?.name ?? ""
    }

    func cancelRenaming() {
        editingHabitID = nil
        draftRenameName = ""
    }

    /// Renames the habit being edited; on failure the edit stays open with the typed name.
    /// Returns nil when no habit is being edited.
    @discardableResult
    func renameHabit() -> Task<Void, Never>? {
        guard let habitID = editingHabitID else { return nil }
        let name = draftRenameName
        return performChange { [habitsFeature] in
            _ = try await habitsFeature.renameHabit(id: habitID, to: name)
            self.cancelRenaming()
        }
    }

    @discardableResult
    func setArchived(_ isArchived: Bool, habitID: UUID) -> Task<Void, Never> {
        performChange { [habitsFeature] in
            _ = try await habitsFeature.setArchived(isArchived, habitID: habitID)
        }
    }

    @discardableResult
    func deleteHabit(id: UUID) -> Task<Void, Never> {
        performChange { [habitsFeature] in
            try await habitsFeature.deleteHabit(id: id)
        }
    }

    func dismissError() {
        habitsFeature.clearError()
    }

    /// Runs `change` unless another change is running, in which case that one is returned.
    /// A failed change needs no handling here: the Feature keeps the error, `errorMessage` shows it,
    /// and the drafts stay as typed.
    private func performChange(_ change: @escaping @MainActor () async throws -> Void) -> Task<Void, Never> {
        if let changeTask { return changeTask }
        let task = Task {
            try? await change()
            changeTask = nil
        }
        changeTask = task
        return task
    }
}
