/// Outcome of a single checklist item.
public enum ItemStatus: String, Codable, Sendable, CaseIterable {
    case passed, failed, error, skipped
    /// Needs a human reviewer; recorded but never decides the gate.
    case manual
}
