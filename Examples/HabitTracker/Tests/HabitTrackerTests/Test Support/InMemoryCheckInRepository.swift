import Foundation
@testable import HabitTracker

/// A check-in store in memory that counts fetches and can be told to fail.
actor InMemoryCheckInRepository: CheckInRepository {
    private(set) var checkIns: [CheckIn] = []
    private(set) var fetchCount = 0
    private var failure: TestFailure?

    /// Every later call throws `failure`, or succeeds again when it is nil.
    func setFailure(_ failure: TestFailure?) {
        self.failure = failure
    }

    func fetchCheckIns() throws -> [CheckIn] {
        fetchCount += 1
        if let failure { throw failure }
        return checkIns
    }

    func addCheckIn(_ checkIn: CheckIn) throws {
        if let failure { throw failure }
        checkIns.append(checkIn)
    }

    func removeCheckIn(_ checkIn: CheckIn) throws {
        if let failure { throw failure }
        checkIns.removeAll { $0 == checkIn }
    }
}
