import Foundation
import Testing
@testable import HabitTracker

@MainActor
struct HabitsFeatureTests {
    let repository = InMemoryHabitRepository()
    let clock = TestClock()
    let feature: HabitsFeature

    init() {
        feature = HabitsFeature(repository: repository, now: { [clock] in clock.now }, makeID: { UUID() })
    }

    @Test func loadingReadsTheRepository() async {
        let stored = [makeHabit("Read"), makeHabit("Stretch", isArchived: true)]
        await repository.setHabits(stored)
        let load = feature.startLoading()
        #expect(feature.isLoading)
        await load.value
        #expect(feature.habits == stored)
        #expect(feature.activeHabits.map(\.name) == ["Read"])
        #expect(feature.archivedHabits.map(\.name) == ["Stretch"])
        #expect(!feature.isLoading)
    }

    @Test func overlappingLoadsShareOneFetch() async {
        let first = feature.startLoading()
        let second = feature.startLoading()
        #expect(first == second)
        await second.value
        #expect(await repository.fetchCount == 1)

        await feature.startLoading().value
        #expect(await repository.fetchCount == 2, "a finished load must not block the next one")
    }

    @Test func failedLoadKeepsTheError() async {
        await repository.setFailure(TestFailure())
        await feature.startLoading().value
        #expect(feature.lastError == .storageFailed("the disk is full"))
        #expect(!feature.isLoading)
    }

    @Test func addingTrimsSavesAndStampsTheHabit() async throws {
        let habit = try await feature.addHabit(named: "  Read 10 pages \n")
        #expect(habit.name == "Read 10 pages")
        #expect(habit.createdAt == clock.now)
        #expect(feature.habits == [habit])
        #expect(await repository.habits == [habit])
        #expect(feature.lastError == nil)
    }

    @Test(arguments: [("   ", HabitError.emptyName), ("read", .duplicateName("read"))])
    func invalidNamesAreRejected(name: String, expected: HabitError) async throws {
        _ = try await feature.addHabit(named: "Read")
        await #expect(throws: expected) { try await feature.addHabit(named: name) }
        #expect(feature.lastError == expected)
        #expect(feature.habits.count == 1)
        #expect(!feature.isAcceptableName(name))
    }

    @Test func repositoryFailureLeavesTheListUnchanged() async {
        await repository.setFailure(TestFailure())
        await #expect(throws: HabitError.storageFailed("the disk is full")) {
            try await feature.addHabit(named: "Read")
        }
        #expect(feature.habits.isEmpty)
        #expect(feature.lastError == .storageFailed("the disk is full"))
    }

    @Test func changesWaitForARunningLoad() async {
        await repository.setHabits([makeHabit("Read")])
        feature.startLoading()
        // Checked against the loaded list, not the empty one from before the load finished.
        await #expect(throws: HabitError.duplicateName("read")) { try await feature.addHabit(named: "read") }
        #expect(feature.habits.map(\.name) == ["Read"])
    }

    @Test func renamingKeepsNamesUnique() async throws {
        let read = try await feature.addHabit(named: "Read")
        _ = try await feature.addHabit(named: "Walk")
        await #expect(throws: HabitError.duplicateName("walk")) { try await feature.renameHabit(id: read.id, to: "walk") }

        let renamed = try await feature.renameHabit(id: read.id, to: "READ")
        #expect(renamed.name == "READ", "a habit may change the case of its own name")
        #expect(await repository.habits.contains(renamed))
    }

    @Test func archivingAndDeleting() async throws {
        let read = try await feature.addHabit(named: "Read")
        _ = try await feature.setArchived(true, habitID: read.id)
        #expect(feature.activeHabits.isEmpty)
        #expect(feature.archivedHabits.map(\.id) == [read.id])

        try await feature.deleteHabit(id: read.id)
        #expect(feature.habits.isEmpty)
        #expect(await repository.habits.isEmpty)
        await #expect(throws: HabitError.notFound) { try await feature.deleteHabit(id: read.id) }
    }
}
