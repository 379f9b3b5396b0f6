import Foundation
import Testing
@testable import HabitTracker

struct JSONFileHabitRepositoryTests {
    let folder = FileManager.default.temporaryDirectory.appending(path: "HabitTrackerTests-\(UUID().uuidString)")
    var fileURL: URL { folder.appending(path: "nested/habits.json") }

    @Test func aMissingFileMeansNoHabits() async throws {
        #expect(try await JSONFileHabitRepository(fileURL: fileURL).fetchHabits().isEmpty)
    }

    @Test func habitsSurviveARestart() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        var read = makeHabit("Read")
        let walk = makeHabit("Walk")
        let repository = JSONFileHabitRepository(fileURL: fileURL)
        try await repository.saveHabit(read)
        try await repository.saveHabit(walk)
        read.name = "Read a book"
        try await repository.saveHabit(read)
        try await repository.deleteHabit(id: walk.id)

        let reopened = JSONFileHabitRepository(fileURL: fileURL)
        #expect(try await reopened.fetchHabits() == [read])
    }

    @Test func anUnreadableFileIsReportedAndKept() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: fileURL)
        let repository = JSONFileHabitRepository(fileURL: fileURL)

        await #expect(throws: (any Error).self) { try await repository.fetchHabits() }
        await #expect(throws: (any Error).self) { try await repository.saveHabit(makeHabit("Read")) }
        #expect(try Data(contentsOf: fileURL) == Data("not json".utf8))
    }
}
