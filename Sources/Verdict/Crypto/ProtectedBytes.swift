#if canImport(Glibc)
import Glibc
#endif

/// A few secret bytes (a raw private key) in memory of their own: left out of core dumps, kept off swap where the
/// system allows, and overwritten before the memory is returned.
///
/// `@unchecked Sendable` because it owns C memory: the bytes are written once, inside `init`, and only read after that
/// until `deinit` wipes them, so sharing the reference across tasks is safe.
final class ProtectedBytes: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    private let mappedSize: Int
    let count: Int

    /// `fill` writes at most `capacity` bytes into the memory and returns how many it wrote (nil: failure, wiped).
    init?(capacity: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Int?) {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        mappedSize = max(page, (capacity + page - 1) / page * page)
        guard let memory = mmap(nil, mappedSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), memory != MAP_FAILED else {
            return nil
        }
        base = memory
        // 16: `MADV_DONTDUMP`. Locking may be refused (RLIMIT_MEMLOCK); the bytes are then only out of core dumps.
        _ = madvise(memory, mappedSize, 16)
        _ = mlock(memory, mappedSize)
        guard let written = fill(UnsafeMutableRawBufferPointer(start: memory, count: capacity)), written <= capacity else {
            count = 0
            return nil
        }
        count = written
    }

    deinit {
        // Through a volatile-like loop the optimizer may not drop: the memory is unmapped right after.
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        for index in 0..<mappedSize { withUnsafeMutablePointer(to: &bytes[index]) { $0.pointee = 0 } }
        _ = munlock(base, mappedSize)
        munmap(base, mappedSize)
    }

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws(KeyError) -> Result) throws(KeyError) -> Result {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }
}
