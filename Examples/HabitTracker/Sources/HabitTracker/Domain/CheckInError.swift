import Foundation

/// Why a check-in change was refused or failed.
enum CheckInError: Error, CustomStringConvertible, Equatable, Sendable {
    case alreadyCheckedIn
    case notCheckedIn
    case storageFailed(String)

    var description: String {
        switch self {
        case .alreadyCheckedIn: "This habit is already done today."
        case .notCheckedIn: "This habit has no check-in today to undo."
        case .storageFailed(let reason): "Your check-ins could not be saved or read: \(reason)"
        }
    }
}
