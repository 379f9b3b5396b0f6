import Foundation

/// Where check-ins are kept, in the app's own words.
protocol CheckInRepository: Sendable {
    func fetchCheckIns() async throws -> [CheckIn]
    func addCheckIn(_ checkIn: CheckIn) async throws
    func removeCheckIn(_ checkIn: CheckIn) async throws
}
