#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The facts of files kept across runs in `<git dir>/cfa-gate/cache/`, one entry per content key (a git
/// blob id), so an unchanged file is never parsed twice — not by the next `analyze`, nor by the next gate.
///
/// One file per entry rather than one pack: two gates on one clone then never write the same file at the
/// same time except with the same bytes, an entry is published by one `rename` (readers see all of it or
/// nothing), a one-file change writes one small file, and eviction is an `unlink`. The cost is an `open` per
/// file on a warm run, which measured well under the decoding time.
///
/// Entries are grouped by `Identity` (tool version, executable build, parser library), so facts made by
/// another build are never looked at; the header repeats the identity and the key and carries a checksum,
/// so a corrupt, truncated or misplaced entry is ignored (and rewritten after the file is parsed again).
/// Nothing is fsynced: a lost entry only costs a parse.
public struct FactsStore: Sendable {
    /// About three versions of a 4,000-file app; least recently used entries go first past it.
    public static let defaultLimit = 256 << 20

    let directory: String
    let identity: String
    let seal: EntrySeal?
    let limit: Int
    /// Where this identity's entries are.
    let folder: String

    /// With a `seal`, entries are authenticated with its key and only entries sealed with it are read.
    public init(directory: String, toolVersion: String, seal: EntrySeal? = nil, limit: Int = FactsStore.defaultLimit) {
        let sealed = seal.map { "; sealed by \($0.keyID)" } ?? ""
        self.init(directory: directory, identity: "cfa-gate \(toolVersion); \(BuildIdentity.current)\(sealed)", seal: seal, limit: limit)
    }

    init(directory: String, identity: String, seal: EntrySeal? = nil, limit: Int) {
        self.directory = directory
        self.identity = identity
        self.seal = seal
        self.limit = limit
        folder = "\(directory)/\(String(CacheEntry.checksum(Array(identity.utf8)), radix: 16))"
    }

    /// `<git dir>/cfa-gate/cache`, beside the verdicts, so CI can keep it with its usual cache step.
    public static func directory(gitDirectory: String) -> String { "\(gitDirectory)/cfa-gate/cache" }

    // MARK: Entries

    /// The facts stored under `key` by this identity, or nil when there are none or they cannot be trusted.
    func load(_ key: String) -> FileFacts? {
        guard let path = path(for: key), let (bytes, modified) = Self.readEntry(path) else { return nil }
        guard let payload = CacheEntry.payload(of: bytes, identity: identity, key: key, seal: seal),
            let facts = try? FactsCodec.decode(payload)
        else { return nil }
        // Least recently used is judged by modification time; refreshed at most hourly, not on every read.
        if Date().timeIntervalSince1970 - modified > Self.touchInterval { utimes(path, nil) }
        return facts
    }

    /// Publishes the facts under `key` (a temporary file renamed into place). False when it could not be written.
    @discardableResult
    func save(_ facts: FileFacts, key: String) -> Bool {
        guard let path = path(for: key) else { return false }
        return Self.publish(CacheEntry.bytes(identity: identity, key: key, payload: FactsCodec.encode(facts), seal: seal), at: path)
    }

    /// Keys are git blob ids; anything else (which could name a path) is not stored.
    private func path(for key: String) -> String? {
        let utf8 = key.utf8
        guard utf8.count >= 8, utf8.count <= 128, utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return "\(folder)/\(key.prefix(2))/\(key.dropFirst(2))"
    }

    static let touchInterval: Double = 3600

    // MARK: Size

    /// Removes least recently used entries (every identity's) until the cache is under three quarters of its
    /// limit, when it is over the limit; and temporary files a killed writer left behind.
    /// Returns how many entries went.
    @discardableResult
    func evict(now: Date = Date()) -> Int {
        var entries: [(path: String, size: Int, modified: Double)] = []
        Self.walk(directory) { path, status in
            let modified = Double(status.st_mtim.tv_sec)
            if path.contains(".tmp-") {
                if now.timeIntervalSince1970 - modified > Self.touchInterval { unlink(path) }
                return
            }
            entries.append((path, Int(status.st_size), modified))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > limit else { return 0 }
        var removed = 0
        for entry in entries.sorted(by: { $0.modified < $1.modified }) where total > limit / 4 * 3 {
            // Another gate may have removed it already; either way it no longer counts.
            unlink(entry.path)
            total -= entry.size
            removed += 1
        }
        return removed
    }

    /// Bytes the entries take, every identity's.
    public static func size(of directory: String) -> (entries: Int, bytes: Int) {
        var count = 0, bytes = 0
        walk(directory) { path, status in
            guard !path.contains(".tmp-") else { return }
            // A tree snapshot is no file's entry, though its bytes count.
            if !path.contains("/trees/") { count += 1 }
            bytes += Int(status.st_size)
        }
        return (count, bytes)
    }

    /// Empties the cache (`cfa-gate cache clear`). Returns how many entries there were.
    public static func clear(directory: String) throws -> Int {
        let count = size(of: directory).entries
        guard FileManager.default.fileExists(atPath: directory) else { return 0 }
        try FileManager.default.removeItem(atPath: directory)
        return count
    }

    // MARK: Files

    static func readEntry(_ path: String) -> (bytes: [UInt8], modified: Double)? {
        // Not blocking and only a regular file: a FIFO or device planted in the cache must not hang the gate.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0, status.st_size < 1 << 30 else { return nil }
        let size = Int(status.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var offset = 0
            while offset < size {
                let got = read(descriptor, buffer.baseAddress! + offset, size - offset)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                offset += got
            }
            complete = offset == size
            count = offset
        }
        return complete ? (bytes, Double(status.st_mtim.tv_sec)) : nil
    }

    /// Writes a uniquely named temporary file beside the entry and renames it over the entry: a concurrent
    /// reader sees the old entry, nothing, or the whole new one.
    static func publish(_ bytes: [UInt8], at path: String) -> Bool {
        let temporary = "\(path).tmp-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0 && errno == ENOENT {
            makeDirectories((path as NSString).deletingLastPathComponent)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return false }
        var written = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 && errno == EINTR { continue }
                guard result > 0 else { break }
                written += result
            }
        }
        let closed = close(descriptor) == 0
        guard written == bytes.count, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    private static func makeDirectories(_ path: String) {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Every regular file below `directory`, with its status; symbolic links are not followed.
    private static func walk(_ directory: String, _ visit: (String, stat) -> Void) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != ".." else { continue }
            let path = "\(directory)/\(name)"
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: walk(path, visit)
            case S_IFREG: visit(path, status)
            default: continue
            }
        }
    }
}
