import Foundation

/// The error the repository doubles throw when told to fail.
struct TestFailure: Error, LocalizedError, Equatable {
    var errorDescription: String? { "the disk is full" }
}
