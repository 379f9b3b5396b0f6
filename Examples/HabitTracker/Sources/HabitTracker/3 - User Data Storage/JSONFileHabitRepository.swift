import Foundation

/// Keeps all habits in one JSON file. An actor, so file access is serialised and off the main actor.
actor JSONFileHabitRepository: HabitRepository {
    private let fileURL: URL
    /// The file's contents after the first read, so each change costs one write and no read.
    private var cache: [Habit]?

    init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// `habits.json` in the app's Application Support folder.
    static func inApplicationSupport() -> JSONFileHabitRepository {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return JSONFileHabitRepository(fileURL: folder.appending(path: "HabitTracker/habits.json"))
    }

    func fetchHabits() throws -> [Habit] {
        try storedHabits()
    }

    func saveHabit(_ habit: Habit) throws {
        var habits = try storedHabits()
        if let index = habits.firstIndex(where: { $0.id == habit.id }) {
            habits[index] = habit
        } else {
            habits.append(habit)
        }
        try write(habits)
    }

    func deleteHabit(id: UUID) throws {
        try write(storedHabits().filter { $0.id != id })
    }

    private func storedHabits() throws -> [Habit] {
        if let cache { return cache }
        // A missing file is a first launch; an unreadable one throws, so it is never overwritten.
        guard FileManager.default.fileExists(atPath: fileURL.path(percentEncoded: false)) else { return [] }
        let habits = try JSONDecoder().decode([Habit].self, from: Data(contentsOf: fileURL))
        cache = habits
        return habits
    }

    private func write(_ habits: [Habit]) throws {
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(habits).write(to: fileURL, options: .atomic)
        cache = habits
    }
}
