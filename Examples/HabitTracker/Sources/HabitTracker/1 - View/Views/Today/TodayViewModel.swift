import Foundation
import Observation

/// Presentation of today's checklist: one row per active habit with its check mark and streak.
@MainActor
@Observable
final class TodayViewModel {
    struct Row: Identifiable, Equatable {
        let id: UUID
        let name: String
        let isCheckedInToday: Bool
        let streak: Int
    }

    /// The check-in change in flight; a second tap gets it back instead of toggling twice.
    private var toggleTask: Task<Void, Never>?

    private let habitsFeature: HabitsFeature
    private let checkInsFeature: CheckInsFeature

    init(
        habitsFeature: HabitsFeature = AppModel.shared.habitsFeature,
        checkInsFeature: CheckInsFeature = AppModel.shared.checkInsFeature
    ) {
        self.habitsFeature = habitsFeature
        self.checkInsFeature = checkInsFeature
    }

    var rows: [Row] {
        habitsFeature.activeHabits.map { habit in
            Row(
                id: habit.id,
                name: habit.name,
                isCheckedInToday: checkInsFeature.isCheckedInToday(habitID: habit.id),
                streak: checkInsFeature.streak(for: habit.id))
        }
    }

    var isLoading: Bool { habitsFeature.isLoading || checkInsFeature.isLoading }
    var errorMessage: String? {
        checkInsFeature.lastError?.description ?? habitsFeature.lastError?.description
    }

    /// Checks the habit in for today, or takes back today's check-in.
    @discardableResult
    func toggleCheckIn(habitID: UUID) -> Task<Void, Never> {
        if let toggleTask { return toggleTask }
        let task = Task { [checkInsFeature] in
            // A failure needs no handling here: the Feature keeps the error and `errorMessage` shows it.
            if checkInsFeature.isCheckedInToday(habitID: habitID) {
                try? await checkInsFeature.undoCheckIn(habitID: habitID)
            } else {
                _ = try? await checkInsFeature.checkIn(habitID: habitID)
            }
            toggleTask = nil
        }
        toggleTask = task
        return task
    }

    /// Reloads both lists; joins a load that is already running rather than starting another.
    func refresh() async {
        // Both start before either is awaited, so they run side by side.
        let habitsLoad = habitsFeature.startLoading()
        let checkInsLoad = checkInsFeature.startLoading()
        await habitsLoad.value
        await checkInsLoad.value
    }

    func dismissError() {
        checkInsFeature.clearError()
        habitsFeature.clearError()
    }
}
