#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Sandbox
import Verdict

/// A log on disk read the way the gate reads every log: in fixed-size chunks, never whole. One pass gives the
/// digest the verdict records, the size, a bounded excerpt, and every line (bounded in length) to a reader.
struct LogFile {
    static let chunkSize = 1 << 20
    /// Longer console lines are cut here (the excerpt clips them further); a compiler line is far shorter.
    static let maximumLineLength = 64 << 10

    struct Summary {
        var sha256: String
        var bytes: Int
        var excerpt: LogExcerpt
    }

    /// Reads `path` from `offset` to the end; a missing file reads as empty. `each` hears every line, cut at
    /// `maximumLineLength`.
    static func read(
        _ path: String, from offset: Int = 0, maximumLineLength: Int = maximumLineLength, each: (LineSplitter.Line) -> Void = { _ in }) -> Summary {
        let digest = RunningDigest()
        var excerpt = LogExcerpt()
        var splitter = LineSplitter(maximumLength: maximumLineLength)
        func handle(_ line: LineSplitter.Line) {
            excerpt.append(line.text)
            each(line)
        }
        forEachChunk(of: path, from: offset) { chunk in
            digest.update(chunk)
            splitter.feed(chunk, handle)
        }
        splitter.finish(keepingPartialLine: true, handle)
        return Summary(sha256: digest.hex(), bytes: digest.byteCount, excerpt: excerpt)
    }

    /// Calls `body` with each chunk of the file from `offset` on, in order, reusing one buffer.
    static func forEachChunk(of path: String, from offset: Int = 0, _ body: (UnsafeRawBufferPointer) -> Void) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        if offset > 0, lseek(descriptor, off_t(offset), SEEK_SET) < 0 { return }
        defer { _ = close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = readDescriptor(descriptor, buffer.baseAddress, chunkSize)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            body(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Appends the file at `path`, from `offset` on, to `destination` (an open descriptor) chunk by chunk, feeding `digest`.
    static func append(_ path: String, from offset: Int = 0, to destination: Int32, digest: RunningDigest) {
        forEachChunk(of: path, from: offset) { chunk in
            digest.update(chunk)
            writeAll(chunk, to: destination)
        }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// The size of the file at `path` now, or 0 when it cannot be read.
    static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }
}
