/// A symbolic link among the sources that SwiftPM would follow but the gate cannot judge: what it points at is
/// outside the repository, is not there, or leads back into itself. SwiftPM compiles what a link points at, so such
/// a link is never skipped: it is a finding of its own, `cfa-gate.source-link`, that fails every `cfa` item (and the
/// inventory) like the adoption precondition. It is not a catalogue rule: no configuration turns it off, no
/// suppression comment can sit on it, and no baseline accepts it.
public enum SourceLink {
    public static let id = "cfa-gate.source-link"

    public enum Problem: Sendable, Equatable, Hashable {
        case outsideRepository
        case dangling
        case loop
    }

    /// The finding for the link at `path` (repository-relative), which says `target`.
    public static func finding(path: String, target: String, problem: Problem) -> Finding {
        let what = switch problem {
        case .outsideRepository: "points outside the repository"
        case .dangling: "points at nothing"
        case .loop: "leads back into itself"
        }
        return Finding(
            rule: id, item: nil, severity: .error, file: path, line: 1, column: 1,
            message: "symbolic link to \(target) \(what): SwiftPM follows links, so the gate must read what this one names, and cannot — "
                + "replace the link with the file itself, or point it at a file inside the repository")
    }
}
