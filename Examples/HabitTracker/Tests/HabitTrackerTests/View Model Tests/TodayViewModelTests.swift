import Foundation
import Testing
@testable import HabitTracker

@MainActor
struct TodayViewModelTests {
    let habitRepository = InMemoryHabitRepository()
    let checkInRepository = InMemoryCheckInRepository()
    let clock = TestClock()
    let habitsFeature: HabitsFeature
    let checkInsFeature: CheckInsFeature
    let viewModel: TodayViewModel

    init() {
        habitsFeature = HabitsFeature(repository: habitRepository, now: { [clock] in clock.now }, makeID: { UUID() })
        checkInsFeature = CheckInsFeature(
            repository: checkInRepository, calendar: TestClock.calendar, now: { [clock] in clock.now })
        viewModel = TodayViewModel(habitsFeature: habitsFeature, checkInsFeature: checkInsFeature)
    }

    @Test func rowsListActiveHabitsWithTheirProgress() async throws {
        let read = makeHabit("Read")
        await habitRepository.setHabits([read, makeHabit("Old", isArchived: true)])
        await viewModel.refresh()
        #expect(viewModel.rows == [TodayViewModel.Row(id: read.id, name: "Read", isCheckedInToday: false, streak: 0)])

        await viewModel.toggleCheckIn(habitID: read.id).value
        #expect(viewModel.rows.first?.isCheckedInToday == true)
        #expect(viewModel.rows.first?.streak == 1)
    }

    @Test func togglingTwiceUndoesTheCheckIn() async {
        let habitID = UUID()
        await viewModel.toggleCheckIn(habitID: habitID).value
        await viewModel.toggleCheckIn(habitID: habitID).value
        #expect(!checkInsFeature.isCheckedInToday(habitID: habitID))
        #expect(await checkInRepository.checkIns.isEmpty)
    }

    @Test func aDoubleTapTogglesOnce() async {
        let habitID = UUID()
        let first = viewModel.toggleCheckIn(habitID: habitID)
        #expect(first == viewModel.toggleCheckIn(habitID: habitID))
        await first.value
        #expect(checkInsFeature.isCheckedInToday(habitID: habitID))
    }

    @Test func aStorageFailureIsShownAndNothingIsChecked() async {
        let habitID = UUID()
        await checkInRepository.setFailure(TestFailure())
        await viewModel.toggleCheckIn(habitID: habitID).value
        #expect(!checkInsFeature.isCheckedInToday(habitID: habitID))
        #expect(viewModel.errorMessage == CheckInError.storageFailed("the disk is full").description)

        viewModel.dismissError()
        #expect(viewModel.errorMessage == nil)
    }

    @Test func refreshJoinsARunningLoad() async {
        habitsFeature.startLoading()
        checkInsFeature.startLoading()
        #expect(viewModel.isLoading)
        await viewModel.refresh()
        #expect(!viewModel.isLoading)
        #expect(await habitRepository.fetchCount == 1)
        #expect(await checkInRepository.fetchCount == 1)
    }
}
