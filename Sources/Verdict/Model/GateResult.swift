/// Overall outcome of a gate run, derived from its item results.
public enum GateResult: String, Codable, Sendable {
    case passed, failed, error

    /// Folds item statuses into one result, most severe first:
    /// any `error` -> `.error`; else any `failed` -> `.failed`;
    /// else any `skipped` when `allowSkipped` is false -> `.failed`; else `.passed`.
    /// Manual items never fail the gate, so an all-manual run passes.
    /// An empty item list is `.error`: a gate that checked nothing must not pass,
    /// and it signals a broken checklist rather than a failing repository.
    public init(items: [ItemResult], allowSkipped: Bool) {
        let statuses = Set(items.map(\.status))
        if items.isEmpty || statuses.contains(.error) {
            self = .error
        } else if statuses.contains(.failed) {
            self = .failed
        } else if statuses.contains(.skipped) && !allowSkipped {
            self = .failed
        } else {
            self = .passed
        }
    }
}
