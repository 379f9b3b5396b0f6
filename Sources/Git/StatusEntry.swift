/// One reason the work tree is not clean at HEAD.
///
/// A file changed both in the index and in the work tree yields two entries,
/// one per area.
public struct StatusEntry: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Path relative to the work tree root, `/`-separated. For a rename, the new path.
    public var path: String
    var change: Change
    var area: Area

    /// Which comparison found the change.
    enum Area: String, Sendable {
        /// Index differs from HEAD.
        case staged
        /// Work tree differs from the index.
        case unstaged
        /// File is neither tracked nor ignored.
        case untracked
    }

    enum Change: String, Sendable {
        case added, modified, deleted, renamed, typeChanged, untracked
        /// An unresolved merge conflict in the index.
        case conflicted
    }

    init(path: String, change: Change, area: Area) {
        self.path = path
        self.change = change
        self.area = area
    }

    /// e.g. "modified (unstaged): Sources/App/File.swift", "untracked: notes.txt"
    public var description: String {
        "\(state): \(path)"
    }

    /// The change without the path, for places that show the path beside it: "modified (unstaged)", "untracked".
    public var state: String {
        area == .untracked && change == .untracked ? "untracked" : "\(change.readableName) (\(area.rawValue))"
    }
}

extension StatusEntry.Change {
    /// Words for messages; raw values stay identifier-like for machine output.
    var readableName: String {
        self == .typeChanged ? "type changed" : rawValue
    }
}
