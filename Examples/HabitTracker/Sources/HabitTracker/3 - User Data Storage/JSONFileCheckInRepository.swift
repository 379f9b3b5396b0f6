import Foundation

/// Keeps all check-ins in one JSON file. An actor, so file access is serialised and off the main actor.
actor JSONFileCheckInRepository: CheckInRepository {
    private let fileURL: URL
    /// The file's contents after the first read, so each change costs one write and no read.
    private var cache: [CheckIn]?

    init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// `check-ins.json` in the app's Application Support folder.
    static func inApplicationSupport() -> JSONFileCheckInRepository {
        let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return JSONFileCheckInRepository(fileURL: folder.appending(path: "HabitTracker/check-ins.json"))
    }

    func fetchCheckIns() throws -> [CheckIn] {
        try storedCheckIns()
    }

    func addCheckIn(_ checkIn: CheckIn) throws {
        let checkIns = try storedCheckIns()
        guard !checkIns.contains(checkIn) else { return }
        try write(checkIns + [checkIn])
    }

    func removeCheckIn(_ checkIn: CheckIn) throws {
        try write(storedCheckIns().filter { $0 != checkIn })
    }

    private func storedCheckIns() throws -> [CheckIn] {
        if let cache { return cache }
        // A missing file is a first launch; an unreadable one throws, so it is never overwritten.
        guard FileManager.default.fileExists(atPath: fileURL.path(percentEncoded: false)) else { return [] }
        let checkIns = try JSONDecoder().decode([CheckIn].self, from: Data(contentsOf: fileURL))
        cache = checkIns
        return checkIns
    }

    private func write(_ checkIns: [CheckIn]) throws {
        try FileManager.default.createDirectory(
            at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(checkIns).write(to: fileURL, options: .atomic)
        cache = checkIns
    }
}
