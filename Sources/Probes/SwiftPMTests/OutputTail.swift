#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads what another process writes, one complete line at a time, while it is still writing: from a file, or from
/// a named pipe cfa-gate created.
///
/// Test results are read from a pipe rather than a file because a file can be rewritten: a test that finds the
/// path of its own output could seek back and erase the line that records its failure before cfa-gate reads it.
/// What went into a pipe cannot be taken back, only added to, and additions that contradict the framework's own
/// lines are caught by the readers. A copy of everything read is kept as the log.
struct OutputTail {
    private enum Source {
        case file(path: String, offset: UInt64)
        case pipe(descriptor: Int32, fifo: String, copy: String)
    }

    private var source: Source
    private var partial = Data()
    private var copied = Data()

    static func file(_ path: String) -> OutputTail { OutputTail(source: .file(path: path, offset: 0)) }

    /// Creates the named pipe at `fifo` and opens its reading end without blocking, so a writer can open it at once;
    /// nil when the system refuses either.
    static func pipe(at fifo: String, copyingTo copy: String) -> OutputTail? {
        guard mkfifo(fifo, 0o600) == 0 else { return nil }
        let descriptor = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            unlink(fifo)
            return nil
        }
        return OutputTail(source: .pipe(descriptor: descriptor, fifo: fifo, copy: copy))
    }

    /// The lines completed since the last call. A trailing line without its newline waits for the next call; when
    /// `final` says the writer is gone it is returned too, unless `keepingPartialLine` is false (a record cut off
    /// by a crash is incomplete, not a record).
    mutating func readLines(final: Bool = false, keepingPartialLine: Bool = true) -> [Substring] {
        partial.append(readAvailable())
        var lines: [Substring] = []
        if let lastNewline = partial.lastIndex(of: UInt8(ascii: "\n")) {
            lines = String(decoding: partial[partial.startIndex..<lastNewline], as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false)
            partial = Data(partial[partial.index(after: lastNewline)...])
        }
        if final {
            if keepingPartialLine, !partial.isEmpty { lines.append(Substring(String(decoding: partial, as: UTF8.self))) }
            partial = Data()
        }
        return lines
    }

    /// For a pipe: writes the copy of everything read, closes the reading end and removes the pipe.
    mutating func close() {
        guard case .pipe(let descriptor, let fifo, let copy) = source else { return }
        _ = FileManager.default.createFile(atPath: copy, contents: copied)
        closeDescriptor(descriptor)
        unlink(fifo)
        source = .file(path: copy, offset: UInt64(copied.count))
    }

    private mutating func readAvailable() -> Data {
        switch source {
        case .file(let path, let offset):
            guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
            defer { try? handle.close() }
            guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.readToEnd() else { return Data() }
            source = .file(path: path, offset: offset + UInt64(data.count))
            return data
        case .pipe(let descriptor, _, _):
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                // 0: no writer (yet, or any more); -1 with EAGAIN: nothing to read now.
                guard count > 0 else { break }
                data.append(contentsOf: buffer[0..<count])
            }
            copied.append(data)
            return data
        }
    }
}


private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #elseif canImport(Darwin)
    _ = Darwin.close(descriptor)
    #endif
}
