#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Sandbox

/// Reads what another process writes, one complete line at a time, while it is still writing: from a file, or from
/// a pipe cfa-gate created (`ChildPipe`).
///
/// Test results are read from a pipe rather than a file because a file can be rewritten: a test that finds the
/// path of its own output could seek back and erase the line that records its failure before cfa-gate reads it.
/// What went into a pipe cannot be taken back, only added to, and additions that contradict the framework's own
/// lines are caught by the readers. A copy of everything read goes to the log file as it is read (whose digest the
/// joined log computes as it takes the file in): memory holds one read's worth of output and one line of at most
/// `maximumLineLength` bytes, however much the process writes.
struct OutputTail {
    private enum Source {
        case file(path: String, offset: UInt64)
        /// `copy`: the log file the pipe's bytes are copied into, when there is one.
        case pipe(descriptor: Int32, copy: Int32?)
    }

    /// One call reads at most this much; the rest waits in the pipe (its writer blocks) or the file for the next call.
    static let readBudget = 16 << 20
    static let chunkSize = 64 << 10

    private var source: Source
    private var splitter: LineSplitter
    /// Whether the last read found nothing more to read now (end of file, or an empty pipe).
    private(set) var drained = false
    /// Bytes read so far, from the pipe or the file.
    private(set) var bytesRead = 0
    /// Past this many bytes a final read stops: a writer that escaped being killed cannot keep the gate reading.
    var limit = Int(ProbeContext.defaultOutputLimit)

    private init(source: Source, maximumLineLength: Int) {
        self.source = source
        splitter = LineSplitter(maximumLength: maximumLineLength)
    }

    static func file(_ path: String, maximumLineLength: Int = LogFile.maximumLineLength) -> OutputTail {
        OutputTail(source: .file(path: path, offset: 0), maximumLineLength: maximumLineLength)
    }

    /// A pipe for a child to write into, its read end open without blocking, and the log file `copy` (none when nil);
    /// with the write end to give the child. The copy goes after what the file already holds. Nil when the system
    /// refuses either.
    static func pipe(copyingTo copy: String?, maximumLineLength: Int = LogFile.maximumLineLength) -> (tail: OutputTail, writeEnd: Int32)? {
        guard let pipe = ChildPipe() else { return nil }
        _ = fcntl(pipe.readEnd, F_SETFL, fcntl(pipe.readEnd, F_GETFL) | O_NONBLOCK)
        #if os(Linux)
        // F_SETPIPE_SZ (1031): a 1 MiB pipe instead of 64 KiB lets a fast writer run on between the gate's reads.
        _ = fcntl(pipe.readEnd, 1031, Int32(1 << 20))
        #endif
        let copyDescriptor = copy.map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644) }
        if let copyDescriptor, copyDescriptor < 0 {
            closeDescriptor(pipe.readEnd)
            closeDescriptor(pipe.writeEnd)
            return nil
        }
        let tail = OutputTail(source: .pipe(descriptor: pipe.readEnd, copy: copyDescriptor), maximumLineLength: maximumLineLength)
        return (tail, pipe.writeEnd)
    }

    /// The lines completed since the last call (at most `readBudget` bytes' worth). A trailing line without its
    /// newline waits for the next call; when `final` says the writer is gone and nothing is left to read it is
    /// returned too, unless `keepingPartialLine` is false (a record cut off by a crash is incomplete, not a record).
    mutating func readLines(final: Bool = false, keepingPartialLine: Bool = true) -> [Substring] {
        var lines: [Substring] = []
        read(final: final, keepingPartialLine: keepingPartialLine) { lines.append($0.text) }
        return lines
    }

    /// As `readLines`, each line to `each` with whether it was longer than the line limit (and cut there).
    mutating func read(final: Bool = false, keepingPartialLine: Bool = true, each: (LineSplitter.Line) -> Void) {
        var splitter = self.splitter
        // A final read takes everything left (up to the limit); a live one one budget's worth, so the caller can
        // look at the clock and the watchdog between reads.
        var total = bytesRead
        repeat {
            drained = readAvailable { chunk in
                total += chunk.count
                splitter.feed(chunk, each)
            }
        } while final && !drained && total <= limit
        bytesRead = total
        if final { splitter.finish(keepingPartialLine: keepingPartialLine, each) }
        self.splitter = splitter
    }

    /// For a pipe: closes the reading end and the log file.
    mutating func close() {
        guard case .pipe(let descriptor, let copy) = source else { return }
        if let copy { closeDescriptor(copy) }
        closeDescriptor(descriptor)
        source = .file(path: "/dev/null", offset: 0)
    }

    /// Feeds up to `readBudget` bytes to `body`; true when it stopped because there was nothing more to read.
    private mutating func readAvailable(_ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 1)
        defer { buffer.deallocate() }
        var budget = Self.readBudget
        switch source {
        case .file(let path, let offset):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return true }
            defer { closeDescriptor(descriptor) }
            var position = offset
            defer { source = .file(path: path, offset: position) }
            while budget > 0 {
                let count = pread(descriptor, buffer.baseAddress, min(Self.chunkSize, budget), off_t(position))
                guard count > 0 else { return true }
                position += UInt64(count)
                budget -= count
                body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            }
            return false
        case .pipe(let descriptor, let copy):
            while budget > 0 {
                let count = readDescriptor(descriptor, buffer.baseAddress, min(Self.chunkSize, budget))
                // 0: no writer (yet, or any more); -1 with EAGAIN: nothing to read now.
                guard count > 0 else { return true }
                budget -= count
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                if let copy { LogFile.writeAll(chunk, to: copy) }
                body(chunk)
            }
            return false
        }
    }
}
