import Foundation

/// A calendar day, independent of time of day and time zone, so a check-in made at 23:59
/// stays on its day even after the user travels.
struct Day: Hashable, Comparable, Codable, Sendable {
    let year: Int
    let month: Int
    let day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(containing date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
    }

    /// The day before this one, or nil when the calendar cannot represent it.
    func previous(in calendar: Calendar) -> Day? {
        let parts = DateComponents(year: year, month: month, day: day)
        guard let start = calendar.date(from: parts),
              let before = calendar.date(byAdding: .day, value: -1, to: start) else { return nil }
        return Day(containing: before, in: calendar)
    }

    static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
