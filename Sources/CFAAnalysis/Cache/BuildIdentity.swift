import Foundation

/// What made the facts: this executable's build and the SwiftParser library it runs with. Part of every
/// cache key, so that facts extracted by another build — one whose extractor or facts layout may differ
/// though it reports the same version — are never read back.
enum BuildIdentity {
    /// The linker's build id of the running executable (`NT_GNU_BUILD_ID`, identical for identical builds),
    /// and the size and modification time of the loaded `libSwiftParser` (the toolchain's library carries no
    /// build id; a toolchain upgrade replaces the file). An executable its user may run but not read (installed with mode
    /// 711) is known by its own size and modification time, which need no read. "unknown" where the platform does not say.
    static let current: String = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let build = ExecutableNotes.buildID(ofExecutableAt: "/proc/self/exe") ?? fileStamp(executable).map { "file \($0)" } ?? "unknown"
        return "build \(build); parser \(parserLibrary() ?? "unknown")"
    }()

    /// `/proc/self/maps` names every mapped file; the parser library is one of them.
    private static func parserLibrary() -> String? {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
            let line = maps.split(separator: "\n").first(where: { $0.contains("libSwiftParser") }),
            let slash = line.firstIndex(of: "/")
        else { return nil }
        return fileStamp(String(line[slash...]))
    }

    /// A file's size and modification time (`size-seconds`); nil when it cannot be examined.
    private static func fileStamp(_ path: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(size)-\(Int(modified))"
    }
}

/// Reads the build-id note of a 64-bit little-endian ELF file from its program headers.
enum ExecutableNotes {
    static func buildID(ofExecutableAt path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func read(_ offset: Int, _ count: Int) -> [UInt8]? {
            guard (try? file.seek(toOffset: UInt64(offset))) != nil, let data = try? file.read(upToCount: count), data.count == count
            else { return nil }
            return [UInt8](data)
        }
        func integer(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> Int {
            (0..<size).reversed().reduce(0) { ($0 << 8) | Int(bytes[offset + $1]) }
        }
        // ELF64, little-endian: class 2 and data 1 in the identification bytes.
        guard let header = read(0, 64), header.starts(with: [0x7f, 0x45, 0x4c, 0x46]), header[4] == 2, header[5] == 1 else { return nil }
        let headersAt = integer(header, 32, 8), headerSize = integer(header, 54, 2), headerCount = integer(header, 56, 2)
        guard headerSize >= 56, headerCount < 256, let headers = read(headersAt, headerSize * headerCount) else { return nil }
        for index in 0..<headerCount where integer(headers, index * headerSize, 4) == 4 {  // PT_NOTE
            let base = index * headerSize
            let size = integer(headers, base + 32, 8)
            guard size < 1 << 16, let notes = read(integer(headers, base + 8, 8), size) else { continue }
            // Each note: name size, descriptor size, type (4 bytes each), then name and descriptor padded to 4.
            var offset = 0
            while offset + 12 <= notes.count {
                let nameSize = integer(notes, offset, 4), descriptorSize = integer(notes, offset + 4, 4)
                let type = integer(notes, offset + 8, 4)
                let descriptorAt = offset + 12 + ((nameSize + 3) & ~3)
                guard descriptorAt + descriptorSize <= notes.count else { break }
                if type == 3 {  // NT_GNU_BUILD_ID
                    return notes[descriptorAt..<(descriptorAt + descriptorSize)].map { byte in
                        (byte < 16 ? "0" : "") + String(byte, radix: 16)
                    }.joined()
                }
                offset = descriptorAt + ((descriptorSize + 3) & ~3)
            }
        }
        return nil
    }
}
