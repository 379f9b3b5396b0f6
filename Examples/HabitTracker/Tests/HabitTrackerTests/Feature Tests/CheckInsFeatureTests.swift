import Foundation
import Testing
@testable import HabitTracker

@MainActor
struct CheckInsFeatureTests {
    let repository = InMemoryCheckInRepository()
    let clock = TestClock()
    let feature: CheckInsFeature
    let habitID = UUID()

    init() {
        feature = CheckInsFeature(repository: repository, calendar: TestClock.calendar, now: { [clock] in clock.now })
    }

    @Test func checkingInRecordsTodayAndPersists() async throws {
        let checkIn = try await feature.checkIn(habitID: habitID)
        #expect(checkIn == CheckIn(habitID: habitID, day: clock.today))
        #expect(feature.isCheckedInToday(habitID: habitID))
        #expect(await repository.checkIns == [checkIn])
    }

    @Test func checkingInTwiceOnOneDayIsRefused() async throws {
        _ = try await feature.checkIn(habitID: habitID)
        await #expect(throws: CheckInError.alreadyCheckedIn) { try await feature.checkIn(habitID: habitID) }
        #expect(feature.lastError == .alreadyCheckedIn)
        #expect(await repository.checkIns.count == 1)
    }

    @Test func undoingRemovesOnlyTodaysCheckIn() async throws {
        await #expect(throws: CheckInError.notCheckedIn) { try await feature.undoCheckIn(habitID: habitID) }
        _ = try await feature.checkIn(habitID: habitID)
        try await feature.undoCheckIn(habitID: habitID)
        #expect(!feature.isCheckedInToday(habitID: habitID))
        #expect(await repository.checkIns.isEmpty)
    }

    @Test func streaksCountConsecutiveDaysAndSurviveUntilTheDayEnds() async throws {
        for _ in 0..<3 {
            _ = try await feature.checkIn(habitID: habitID)
            clock.advance(days: 1)
        }
        #expect(feature.streak(for: habitID) == 3, "not done yet today: yesterday's streak still counts")
        _ = try await feature.checkIn(habitID: habitID)
        #expect(feature.streak(for: habitID) == 4)

        clock.advance(days: 2)
        #expect(feature.streak(for: habitID) == 0, "a missed day breaks the streak")
        #expect(feature.streak(for: UUID()) == 0)
    }

    @Test func repositoryFailureLeavesCheckInsUnchanged() async {
        await repository.setFailure(TestFailure())
        await #expect(throws: CheckInError.storageFailed("the disk is full")) {
            try await feature.checkIn(habitID: habitID)
        }
        #expect(!feature.isCheckedInToday(habitID: habitID))
        #expect(feature.lastError == .storageFailed("the disk is full"))
    }

    @Test func overlappingLoadsShareOneFetch() async {
        let first = feature.startLoading()
        #expect(first == feature.startLoading())
        await first.value
        #expect(await repository.fetchCount == 1)
        #expect(!feature.isLoading)
    }
}
