import Foundation
import Observation

/// Owns the daily check-ins and the streaks they add up to.
@MainActor
@Observable
final class CheckInsFeature {
    private(set) var checkIns: Set<CheckIn> = []
    private(set) var isLoading = false
    private(set) var lastError: CheckInError?

    private let repository: any CheckInRepository
    private let calendar: Calendar
    private let now: @MainActor () -> Date
    private var loadTask: Task<Void, Never>?

    init(repository: any CheckInRepository, calendar: Calendar, now: @escaping @MainActor () -> Date) {
        self.repository = repository
        self.calendar = calendar
        self.now = now
    }

    var today: Day { Day(containing: now(), in: calendar) }

    /// Loads the check-ins. Calling it while a load runs returns that load instead of starting another.
    @discardableResult
    func startLoading() -> Task<Void, Never> {
        if let loadTask { return loadTask }
        isLoading = true
        let task = Task {
            do {
                checkIns = Set(try await repository.fetchCheckIns())
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

    func isCheckedInToday(habitID: UUID) -> Bool {
        checkIns.contains(CheckIn(habitID: habitID, day: today))
    }

    /// Consecutive days with a check-in, ending today. A streak stays alive until today is over,
    /// so a habit done yesterday but not yet today still shows yesterday's streak.
    func streak(for habitID: UUID) -> Int {
        var day: Day? = isCheckedInToday(habitID: habitID) ? today : today.previous(in: calendar)
        var count = 0
        while let current = day, checkIns.contains(CheckIn(habitID: habitID, day: current)) {
            count += 1
            day = current.previous(in: calendar)
        }
        return count
    }

    func checkIn(habitID: UUID) async throws(CheckInError) -> CheckIn {
        await finishLoading()
        let checkIn = CheckIn(habitID: habitID, day: today)
        guard !checkIns.contains(checkIn) else { throw fail(.alreadyCheckedIn) }
        do {
            try await repository.addCheckIn(checkIn)
        } catch {
            throw fail(.storageFailed(error.localizedDescription))
        }
        checkIns.insert(checkIn)
        lastError = nil
        return checkIn
    }

    func undoCheckIn(habitID: UUID) async throws(CheckInError) {
        await finishLoading()
        let checkIn = CheckIn(habitID: habitID, day: today)
        guard checkIns.contains(checkIn) else { throw fail(.notCheckedIn) }
        do {
            try await repository.removeCheckIn(checkIn)
        } catch {
            throw fail(.storageFailed(error.localizedDescription))
        }
        checkIns.remove(checkIn)
        lastError = nil
    }

    func clearError() {
        lastError = nil
    }

    /// A change must not race a load: the load would overwrite the set with older contents.
    private func finishLoading() async {
        await loadTask?.value
    }

    /// Keeps the error as `lastError` for the screens to show, and hands it back to throw.
    private func fail(_ error: CheckInError) -> CheckInError {
        lastError = error
        return error
    }
}
