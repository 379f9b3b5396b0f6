import Foundation
@testable import HabitTracker

/// A clock the test moves by hand, on a fixed UTC calendar so days never depend on the machine.
@MainActor
final class TestClock {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// 10 March 2024, 12:00 UTC.
    private(set) var now = Date(timeIntervalSince1970: 1_710_072_000)

    var today: Day { Day(containing: now, in: Self.calendar) }

    func advance(days: Int) {
        now = Self.calendar.date(byAdding: .day, value: days, to: now) ?? now
    }
}
