#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe whose read end the gate keeps and whose write end a child process gets (`ChildOutput`).
///
/// Unnamed, unlike a FIFO in the logs folder: no other process can open it by a path and write into a test's
/// results, and nothing is created on disk for it. Both ends close on exec, so no other child inherits one; the
/// child gets its end as one of its standard descriptors, which the spawn clears of that flag.
package struct ChildPipe {
    package let readEnd: Int32
    package let writeEnd: Int32

    /// Nil when the system refuses a pipe (out of descriptors).
    package init?() {
        var ends: [Int32] = [-1, -1]
        #if os(Linux)
        if let pipe2 = pipeWithFlags {
            guard pipe2(&ends, O_CLOEXEC) == 0 else { return nil }
        } else {
            guard pipe(&ends) == 0 else { return nil }
            ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        }
        #else
        guard pipe(&ends) == 0 else { return nil }
        ends.forEach { _ = fcntl($0, F_SETFD, FD_CLOEXEC) }
        #endif
        readEnd = ends[0]
        writeEnd = ends[1]
    }
}

#if os(Linux)
/// glibc's `pipe2`, behind `_GNU_SOURCE` in its header: both ends close-on-exec from the start, so a child started
/// by another thread in between cannot inherit them.
private typealias PipeWithFlags = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
private let pipeWithFlags = CLibrary.function("pipe2", as: PipeWithFlags.self)
#endif
