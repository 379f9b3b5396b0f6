import Foundation

/// Reads a file that another process is still appending to, one complete line at a time.
struct FileTail {
    let path: String
    private var offset: UInt64 = 0
    private var partial = Data()

    init(path: String) {
        self.path = path
    }

    /// The lines completed since the last call; a trailing line without its newline waits for the next call,
    /// unless `final` says the writer is gone.
    mutating func readLines(final: Bool = false, keepingPartialLine: Bool = true) -> [Substring] {
        if let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            if (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd(), !data.isEmpty {
                offset += UInt64(data.count)
                partial.append(data)
            }
        }
        guard let lastNewline = partial.lastIndex(of: UInt8(ascii: "\n")) else {
            return final && keepingPartialLine ? flush() : []
        }
        let complete = partial[partial.startIndex..<lastNewline]
        let text = String(decoding: complete, as: UTF8.self)
        partial = Data(partial[partial.index(after: lastNewline)...])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return final && keepingPartialLine ? lines + flush() : lines
    }

    private mutating func flush() -> [Substring] {
        defer { partial = Data() }
        return partial.isEmpty ? [] : [Substring(String(decoding: partial, as: UTF8.self))]
    }
}
