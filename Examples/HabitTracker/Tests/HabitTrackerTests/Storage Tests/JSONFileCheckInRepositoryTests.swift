import Foundation
import Testing
@testable import HabitTracker

struct JSONFileCheckInRepositoryTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "HabitTrackerTests-\(UUID().uuidString)")
    var fileURL: URL { folder.appending(path: "check-ins.json") }

    @Test func checkInsSurviveARestart() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let monday = CheckIn(habitID: UUID(), day: Day(year: 2024, month: 3, day: 11))
        let tuesday = CheckIn(habitID: monday.habitID, day: Day(year: 2024, month: 3, day: 12))
        let repository = JSONFileCheckInRepository(fileURL: fileURL)
        try await repository.addCheckIn(monday)
        try await repository.addCheckIn(monday)
        try await repository.addCheckIn(tuesday)
        try await repository.removeCheckIn(tuesday)

        let reopened = JSONFileCheckInRepository(fileURL: fileURL)
        #expect(try await reopened.fetchCheckIns() == [monday])
    }
}
