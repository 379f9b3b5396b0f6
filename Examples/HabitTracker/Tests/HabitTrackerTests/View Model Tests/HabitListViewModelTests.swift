import Foundation
import Testing
@testable import HabitTracker

@MainActor
struct HabitListViewModelTests {
    let repository = InMemoryHabitRepository()
    let habitsFeature: HabitsFeature
    let viewModel: HabitListViewModel

    init() {
        habitsFeature = HabitsFeature(repository: repository, now: { Date(timeIntervalSince1970: 0) }, makeID: { UUID() })
        viewModel = HabitListViewModel(habitsFeature: habitsFeature)
    }

    @Test func addingAHabitClearsTheDraft() async {
        viewModel.draftHabitName = "Read"
        #expect(viewModel.canAddHabit)
        await viewModel.addHabit().value
        #expect(viewModel.activeHabits.map(\.name) == ["Read"])
        #expect(viewModel.draftHabitName.isEmpty)
        #expect(viewModel.errorMessage == nil)
    }

    @Test func typingDuringASaveIsKept() async {
        viewModel.draftHabitName = "Read"
        let adding = viewModel.addHabit()
        viewModel.draftHabitName = "Walk"
        await adding.value
        #expect(viewModel.draftHabitName == "Walk")
    }

    @Test func anInvalidNameKeepsTheDraftAndExplains() async {
        viewModel.draftHabitName = "   "
        #expect(!viewModel.canAddHabit)
        await viewModel.addHabit().value
        #expect(viewModel.draftHabitName == "   ")
        #expect(viewModel.errorMessage == HabitError.emptyName.description)
    }

    @Test func aStorageFailureKeepsTheDraft() async {
        await repository.setFailure(TestFailure())
        viewModel.draftHabitName = "Read"
        await viewModel.addHabit().value
        #expect(viewModel.draftHabitName == "Read")
        #expect(viewModel.activeHabits.isEmpty)
        #expect(viewModel.errorMessage == HabitError.storageFailed("the disk is full").description)

        viewModel.dismissError()
        #expect(viewModel.errorMessage == nil)
    }

    @Test func aDoubleTapSavesOnce() async {
        viewModel.draftHabitName = "Read"
        let first = viewModel.addHabit()
        let second = viewModel.addHabit()
        #expect(first == second)
        #expect(viewModel.isSaving)
        await second.value
        #expect(!viewModel.isSaving)
        #expect(await repository.habits.count == 1)
        #expect(viewModel.errorMessage == nil, "the second tap must not try to add a duplicate")
    }

    @Test func renamingKeepsTheEditOpenUntilItSucceeds() async throws {
        viewModel.draftHabitName = "Read"
        await viewModel.addHabit().value
        let habitID = try #require(viewModel.activeHabits.first?.id)

        viewModel.beginRenaming(habitID: habitID)
        #expect(viewModel.draftRenameName == "Read")
        await repository.setFailure(TestFailure())
        viewModel.draftRenameName = "Read a book"
        await viewModel.renameHabit()?.value
        #expect(viewModel.editingHabitID == habitID)
        #expect(viewModel.draftRenameName == "Read a book")

        await repository.setFailure(nil)
        await viewModel.renameHabit()?.value
        #expect(viewModel.editingHabitID == nil)
        #expect(viewModel.activeHabits.map(\.name) == ["Read a book"])
    }

    @Test func archivingAndDeletingGoThroughTheFeature() async throws {
        viewModel.draftHabitName = "Read"
        await viewModel.addHabit().value
        let habitID = try #require(viewModel.activeHabits.first?.id)

        await viewModel.setArchived(true, habitID: habitID).value
        #expect(viewModel.archivedHabits.map(\.id) == [habitID])
        await viewModel.deleteHabit(id: habitID).value
        #expect(viewModel.archivedHabits.isEmpty)
        #expect(await repository.habits.isEmpty)
    }
}
