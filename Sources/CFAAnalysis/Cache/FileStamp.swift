#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What `stat` says about a file, as git's index keeps it: when all of it is unchanged and the file was last
/// changed well before the facts were recorded, the file's content is taken to be the content recorded, and
/// it is neither read nor hashed again.
struct FileStamp: Sendable, Equatable {
    var size: Int64
    var modified: Timestamp
    /// The inode change time: `touch -d` can put the modification time back, but not this.
    var changed: Timestamp
    var inode: UInt64
    var device: UInt64
    var mode: UInt32

    init(size: Int64, modified: Timestamp, changed: Timestamp, inode: UInt64, device: UInt64, mode: UInt32) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
        self.mode = mode
    }

    init(_ status: stat) {
        self.init(
            size: Int64(status.st_size), modified: Timestamp(status.st_mtim), changed: Timestamp(status.st_ctim),
            inode: UInt64(status.st_ino), device: UInt64(status.st_dev), mode: UInt32(status.st_mode))
    }

    /// The stamp of the file at `path` (links followed), or nil when it cannot be read.
    static func of(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStamp(status)
    }

    /// Whether the file may have changed again within the clock tick of `recordedAt`, so that its stamp would
    /// not show it (git's "racily clean" entries): such a file is hashed, whatever its stamp says.
    func isRacy(recordedAt: Timestamp) -> Bool {
        modified >= recordedAt || changed >= recordedAt
    }

    /// Seconds and nanoseconds since the epoch.
    struct Timestamp: Sendable, Equatable, Comparable {
        var seconds: Int64
        var nanoseconds: Int64

        init(seconds: Int64, nanoseconds: Int64) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        init(_ spec: timespec) {
            self.init(seconds: Int64(spec.tv_sec), nanoseconds: Int64(spec.tv_nsec))
        }

        static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
            (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
        }

        /// The clock file systems stamp files with: the kernel's coarse real-time clock, which lags the
        /// precise one by up to a tick. A file written after this is read carries a time at or after it; with
        /// the precise clock, a write in the same tick could carry an earlier time and pass as older.
        static func fileSystemNow() -> Timestamp {
            var spec = timespec()
            #if os(Linux)
            clock_gettime(CLOCK_REALTIME_COARSE, &spec)
            #else
            clock_gettime(CLOCK_REALTIME, &spec)
            #endif
            return Timestamp(spec)
        }
    }
}

/// A file's bytes and its stamp, read through one descriptor: the stamp is taken before the bytes, so a
/// change made while reading leaves a newer stamp than the one recorded.
enum StampedRead {
    static func contents(of path: String) -> (bytes: Data, stamp: FileStamp)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: max(Int(status.st_size) + 1, 4096))
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            data.append(contentsOf: chunk[..<got])
        }
        return (data, FileStamp(status))
    }
}
