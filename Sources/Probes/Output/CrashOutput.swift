/// What a crash left in a test process's output, found line by line as the output streams past: the runtime's one-line
/// reason (`Module/File.swift:12: Fatal error: Index out of range`) and the lines from the first crash marker on,
/// rather than the register dump the backtracer ends with. Holds at most `excerptLength` lines.
struct CrashOutput {
    static let reasons = [": Fatal error", ": Precondition failed", ": Assertion failed"]
    static let markers = ["Fatal error", "*** Program crashed", "*** Signal", "Precondition failed", "Assertion failed"]
    static let excerptLength = 20
    static let fallbackLength = 25

    private(set) var crashLine: String?
    private var fromMarker: [String]?

    mutating func consume(_ line: Substring) {
        if crashLine == nil, Self.reasons.contains(where: { line.contains($0) }) { crashLine = OutputExcerpt.clip(String(line)) }
        if fromMarker == nil, Self.markers.contains(where: { line.contains($0) }) { fromMarker = [] }
        if var collected = fromMarker, collected.count < Self.excerptLength, line.contains(where: { !$0.isWhitespace }) {
            collected.append(OutputExcerpt.clip(String(line)))
            fromMarker = collected
        }
    }

    /// The lines from the first marker on; without a marker, the log's last lines.
    func excerpt(otherwise tail: LogExcerpt) -> [String] {
        fromMarker ?? tail.tail(Self.fallbackLength)
    }

    /// Scans a whole log on disk, chunk by chunk.
    static func scan(_ path: String, from offset: Int = 0) -> (crashLine: String?, excerpt: [String]) {
        var crash = CrashOutput()
        let summary = LogFile.read(path, from: offset) { crash.consume($0.text) }
        return (crash.crashLine, crash.excerpt(otherwise: summary.excerpt))
    }
}
