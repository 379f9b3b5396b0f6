import Foundation

/// Why a change to the habit list was refused or failed.
enum HabitError: Error, CustomStringConvertible, Equatable, Sendable {
    case emptyName
    case duplicateName(String)
    case notFound
    case storageFailed(String)

    var description: String {
        switch self {
        case .emptyName: "A habit needs a name."
        case .duplicateName(let name): "You already have a habit called “\(name)”. Choose another name."
        case .notFound: "That habit no longer exists. Pull to refresh."
        case .storageFailed(let reason): "Your habits could not be saved or read: \(reason)"
        }
    }
}
