#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Sandbox

/// The run path (`DT_RUNPATH`, else `DT_RPATH`) of an ELF64 little-endian file: the folders the dynamic loader searches
/// for the libraries the file needs, `$ORIGIN` standing for the file's own folder. Read from the file's program headers
/// and dynamic section, without running it or loading it.
enum ELFRunPath {
    /// The entries in order, `$ORIGIN` expanded; empty when the file has no run path; nil when it is not an ELF64
    /// little-endian file with a dynamic section that can be read.
    static func entries(of path: String) -> [String]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { closeDescriptor(descriptor) }
        /// `whole`: fewer bytes than `count` (the end of the file) are no answer.
        func bytes(at offset: UInt64, count: UInt64, whole: Bool = true) -> [UInt8]? {
            // A dynamic section or program header table is a few kilobytes; a larger one is no file the toolchain made.
            guard count <= 1 << 20 else { return nil }
            var buffer = [UInt8](repeating: 0, count: Int(count))
            let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Int(count), off_t(offset)) }
            guard read >= 0, !whole || read == Int(count) else { return nil }
            return Array(buffer.prefix(read))
        }
        func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        }
        guard let header = bytes(at: 0, count: 64), header.starts(with: [0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1 else {
            return nil
        }
        let tableOffset = integer(header, at: 0x20, size: 8)
        let entrySize = integer(header, at: 0x36, size: 2)
        let entryCount = integer(header, at: 0x38, size: 2)
        guard entrySize >= 56, let table = bytes(at: tableOffset, count: entrySize * entryCount) else { return nil }
        var loads: [(address: UInt64, offset: UInt64, size: UInt64)] = []
        var dynamic: (offset: UInt64, size: UInt64)?
        for index in 0..<Int(entryCount) {
            let base = index * Int(entrySize)
            // PT_LOAD (1) maps file offsets to addresses; PT_DYNAMIC (2) is the dynamic section.
            switch integer(table, at: base, size: 4) {
            case 1: loads.append((integer(table, at: base + 16, size: 8), integer(table, at: base + 8, size: 8), integer(table, at: base + 32, size: 8)))
            case 2: dynamic = (integer(table, at: base + 8, size: 8), integer(table, at: base + 32, size: 8))
            default: break
            }
        }
        guard let dynamic, let section = bytes(at: dynamic.offset, count: dynamic.size) else { return nil }
        var strings: UInt64?
        var runPath: UInt64?
        var runPathIsRunPath = false
        for base in stride(from: 0, to: section.count - 15, by: 16) {
            let (tag, value) = (integer(section, at: base, size: 8), integer(section, at: base + 8, size: 8))
            if tag == 0 { break }  // DT_NULL ends the section
            switch tag {
            case 5: strings = value  // DT_STRTAB, an address
            case 29: (runPath, runPathIsRunPath) = (value, true)  // DT_RUNPATH, which the loader prefers
            case 15 where !runPathIsRunPath: runPath = value  // DT_RPATH
            default: break
            }
        }
        guard let runPath else { return [] }
        guard let strings, let load = loads.first(where: { strings >= $0.address && strings < $0.address + $0.size }),
            let text = bytes(at: strings - load.address + load.offset + runPath, count: 4096, whole: false).map({ $0.prefix { $0 != 0 } })
        else { return nil }
        let origin = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return String(decoding: text, as: UTF8.self).split(separator: ":").map {
            $0.replacingOccurrences(of: "${ORIGIN}", with: origin).replacingOccurrences(of: "$ORIGIN", with: origin)
        }
    }
}
