#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte searches with `memchr`/`memcmp` for the per-line fast paths: every line a flooding test prints goes through
/// them, so they must cost next to nothing for a line that does not matter.
extension Substring {
    /// Whether `needle` (ASCII) occurs in this text.
    func containsBytes(_ needle: StaticString) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { haystack in
            ByteSearch.contains(UnsafeRawBufferPointer(haystack), UnsafeRawBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
        }
        return found ?? String(self).utf8.withContiguousStorageIfAvailable { haystack in
            ByteSearch.contains(UnsafeRawBufferPointer(haystack), UnsafeRawBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
        } ?? false
    }
}

enum ByteSearch {
    static func contains(_ haystack: UnsafeRawBufferPointer, _ needle: UnsafeRawBufferPointer) -> Bool {
        guard !needle.isEmpty else { return true }
        guard let base = haystack.baseAddress, let pattern = needle.baseAddress, haystack.count >= needle.count else { return false }
        let last = haystack.count - needle.count
        var start = 0
        while start <= last {
            guard let hit = memchr(base + start, Int32(needle[0]), last - start + 1) else { return false }
            let index = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + index, pattern, needle.count) == 0 { return true }
            start = index + 1
        }
        return false
    }

    /// The offset of the first `byte` in `bytes`, or nil.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let hit = memchr(base, Int32(byte), bytes.count) else { return nil }
        return base.distance(to: UnsafeRawPointer(hit))
    }
}
