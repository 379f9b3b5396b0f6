/// A Swift file the gate refuses to parse because it passes one of the documented `SourceLimits`. SwiftPM would
/// compile it (or try to), so the gate cannot pass it unread: like `SourceLink`, it is a finding of its own,
/// `cfa-gate.source-unreadable`, that fails every `cfa` item and the inventory. It is not a catalogue rule: no
/// configuration turns it off, no suppression comment can sit on it, and no baseline accepts it.
public enum SourceUnreadable {
    public static let id = "cfa-gate.source-unreadable"

    /// The finding for the file at `path` (repository-relative).
    public static func finding(path: String, refusal: SourceRefusal) -> Finding {
        let what = switch refusal.limit {
        case .size:
            "\(refusal.measured) bytes, more than the \(SourceLimits.maximumBytes) the analyser reads — "
                + "split the file, or move generated data into a resource"
        case .depth:
            "expressions nest deeper than \(SourceLimits.maximumDepth) levels (brackets, chained members, calls, "
                + "`?`/`!`, operators, `else if`) — split the chain into named steps"
        case .brackets:
            "square brackets nest in square brackets (through parentheses) more than SwiftParser can look ahead through in "
                + "bounded time (a budget of \(SourceLimits.maximumBracketLookahead) for the file; each level doubles the cost) — "
                + "name the inner types with typealiases, or break the literal up"
        }
        return Finding(rule: id, item: nil, severity: .error, file: path, line: refusal.line, column: 1, message: "not analysed: \(what)")
    }
}

/// What the analyser refuses to parse, so that no source file can crash it (a parser or visitor recursing once per
/// nesting level runs out of stack) or stall it (time and memory grow with size). Checked by `DepthScan` before the
/// parse, and the depth again on the syntax tree before it is walked.
public enum SourceLimits {
    /// Bytes of one file. The largest hand-written Swift files are well under a megabyte; past this a file is data.
    public static let maximumBytes = 2 << 20
    /// Nesting levels of one file, as `DepthScan` counts them (an upper bound of the syntax tree's depth): a
    /// 10,000-member chain is analysed, a 30,000-member chain or a 10,000-step `else if` chain is refused.
    public static let maximumDepth = 20_000
    /// Depth of the syntax tree itself, checked after the parse and before any recursive walk: a bracket or a step is a
    /// few tree levels, so this is a multiple of `maximumDepth` that the scan's count of a file within it stays under.
    static let maximumTreeDepth = 4 * maximumDepth
    /// Look-ahead budget for square brackets nested in square brackets: each `[` that is the third or deeper in a run
    /// of `[` and `(` that could still be a type costs 2^(depth−1). `[[[String]]]` costs 4; a run 17 deep is refused
    /// by itself. SwiftParser's look-ahead at such a run doubles with each level.
    public static let maximumBracketLookahead = 1 << 16
}

/// Why a file was not analysed, and the line where the limit was passed.
public struct SourceRefusal: Sendable, Codable, Hashable {
    public enum Limit: String, Sendable, Codable, Hashable {
        case size, depth, brackets
    }

    var limit: Limit
    var line: Int
    /// For `size`, the file's bytes; for `depth`, the limit passed.
    var measured: Int
}
