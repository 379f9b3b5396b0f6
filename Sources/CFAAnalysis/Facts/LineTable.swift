/// Lines and columns of UTF-8 offsets in one file's text, as SwiftSyntax's `SourceLocationConverter` gives them
/// (1-based; a line ends at `\n`, `\r\n` or a lone `\r`; the column counts UTF-8 bytes), built from the bytes in one
/// pass. The converter builds its table by walking every token of the tree, which costs a sizeable share of a
/// parse; the analyser asks for a location only where it records a fact.
struct LineTable: Sendable {
    /// The UTF-8 offset at which each line starts; the first is 0.
    private let starts: [Int]

    init(_ source: String) {
        var starts = [0]
        var previous: UInt8 = 0
        var offset = 0
        for byte in source.utf8 {
            offset += 1
            if byte == UInt8(ascii: "\n") {
                // The second half of `\r\n` only moves the start the carriage return already recorded.
                if previous == UInt8(ascii: "\r") { starts[starts.count - 1] = offset } else { starts.append(offset) }
            } else if byte == UInt8(ascii: "\r") {
                starts.append(offset)
            }
            previous = byte
        }
        self.starts = starts
    }

    /// The line and column of the byte at `utf8Offset`.
    func location(of utf8Offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= utf8Offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, utf8Offset - starts[low] + 1)
    }
}
