/// Why a review could not be signed or the reviews of a verdict could not be counted.
public enum ReviewFailure: Error, Equatable, CustomStringConvertible {
    /// Something the user must fix first: an option, a key, a verdict that is not a pass, a malformed `gate/reviewers` (exit 2).
    case setup(String)
    /// The verdict or a review is corrupt or tampered with (exit 4).
    case rejected(String)
    /// The review could not be written (exit 3).
    case unwritable(String)

    public var description: String {
        switch self {
        case .setup(let message), .rejected(let message), .unwritable(let message): message
        }
    }
}
