/// Cuts bytes into lines as they arrive, holding at most one line of `maximumLength` bytes: a line longer than that
/// is handed on cut at the limit and marked `overlong`, and the rest of it is dropped as it streams past, so a
/// process that writes a gigabyte without a newline costs `maximumLength` bytes of memory, not a gigabyte.
struct LineSplitter {
    struct Line {
        /// The line without its `\n` (a `\r` before it is kept: readers that care trim it), decoded as UTF-8 with
        /// invalid bytes replaced.
        var text: Substring
        /// The line was longer than `maximumLength`; `text` holds its first `maximumLength` bytes.
        var overlong: Bool
        /// For an overlong line, its last `endLength` bytes (where a record's closing fields are).
        var end: Substring?

        init(text: Substring, overlong: Bool, end: Substring? = nil) {
            self.text = text
            self.overlong = overlong
            self.end = end
        }
    }

    static let endLength = 4096

    let maximumLength: Int
    private var partial: [UInt8] = []
    private var overlong = false
    /// The last `endLength` bytes of an overlong line, kept as the rest of it streams past.
    private var end: [UInt8] = []

    init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// Whether a line is waiting for its newline.
    var hasPartialLine: Bool { !partial.isEmpty || overlong }

    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Line) -> Void) {
        let newline = UInt8(ascii: "\n")
        var start = 0
        while start < bytes.count {
            let rest = UnsafeRawBufferPointer(rebasing: bytes[start...])
            let newlineIndex = ByteSearch.firstIndex(of: newline, in: rest).map { start + $0 }
            let segment = UnsafeRawBufferPointer(rebasing: bytes[start..<(newlineIndex ?? bytes.count)])
            if !overlong {
                let room = maximumLength - partial.count
                partial.append(contentsOf: segment.prefix(room))
                if segment.count > room {
                    overlong = true
                    keepEnd(UnsafeRawBufferPointer(rebasing: segment[room...]))
                }
            } else {
                keepEnd(segment)
            }
            guard let newlineIndex else { return }
            emitLine(emit)
            start = newlineIndex + 1
        }
    }

    /// The writer is gone: the line still waiting for its newline is handed on when `keepingPartialLine` (a record cut
    /// off by a crash is incomplete, not a record, so the event stream's reader drops it).
    mutating func finish(keepingPartialLine: Bool, _ emit: (Line) -> Void) {
        if keepingPartialLine, hasPartialLine { emitLine(emit) }
        partial.removeAll(keepingCapacity: false)
        end.removeAll(keepingCapacity: false)
        overlong = false
    }

    private mutating func keepEnd(_ bytes: UnsafeRawBufferPointer) {
        end.append(contentsOf: bytes.suffix(Self.endLength))
        if end.count > Self.endLength { end.removeFirst(end.count - Self.endLength) }
    }

    private mutating func emitLine(_ emit: (Line) -> Void) {
        let text = Substring(String(decoding: partial, as: UTF8.self))
        emit(Line(text: text, overlong: overlong, end: overlong ? Substring(String(decoding: end, as: UTF8.self)) : nil))
        partial.removeAll(keepingCapacity: partial.count <= 64 << 10)
        end.removeAll(keepingCapacity: true)
        overlong = false
    }
}
