import Foundation

/// The last analysis of one folder of a working tree, kept with the facts entries, like git's index: each
/// file's stamp (`FileStamp`) and content key, its facts, and the analysis's findings.
///
/// On the next `analyze` a file whose stamp is unchanged and was not racy is taken as unchanged without being
/// read or hashed; when every file is, and the configuration is the same, the recorded findings are the
/// answer and no rule runs. Otherwise the recorded facts serve every unchanged file, from this one file
/// rather than an entry each. The snapshot is written like an entry (checksummed, or sealed with the store's
/// seal), so a damaged or foreign one is ignored.
struct TreeSnapshot: Sendable {
    struct File: Sendable {
        /// Repository-relative.
        var path: String
        /// The absolute path whose bytes were read: a linked file's target.
        var contentPath: String
        var stamp: FileStamp
        var contentKey: String
        var lineCount: Int
        /// `FileFacts` in `FactsCodec`'s form.
        var facts: ArraySlice<UInt8>
    }

    /// The repository's real path and the folder analysed in it.
    var root: String
    var scope: String
    /// The configuration the findings were made under (see `fingerprint`).
    var configuration: [UInt8]
    /// The file system's clock before the first file was read: a file stamped at or after it may have
    /// changed after it was read without its stamp showing it.
    var recordedAt: FileStamp.Timestamp
    /// Sorted by path.
    var files: [File]
    var findings: [Finding]
    var suppressed: [SuppressedFinding]

    static func fingerprint(_ configuration: AnalysisConfiguration) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(configuration)).map(Array.init) ?? []
    }

    /// The recorded file for `path`, when its stamp still vouches for its content.
    func unchanged(_ path: String, contentPath: String, stamp: FileStamp) -> File? {
        guard let position = byPath[path] else { return nil }
        let file = files[position]
        guard file.contentPath == contentPath, file.stamp == stamp, !stamp.isRacy(recordedAt: recordedAt)
        else { return nil }
        return file
    }

    // MARK: Encoding

    private struct Judgement: Codable {
        var findings: [Finding]
        var suppressed: [SuppressedFinding]
    }

    func encode(into writer: inout FactsWriter) {
        // The facts are nearly all of it; reserved at once, the buffer is not regrown (and copied) as it fills.
        writer.reserve(files.reduce(4096) { $0 + $1.facts.count + $1.path.utf8.count + $1.contentPath.utf8.count + 96 })
        writer.string(root)
        writer.string(scope)
        writer.raw(configuration)
        writer.timestamp(recordedAt)
        writer.raw((try? JSONEncoder().encode(Judgement(findings: findings, suppressed: suppressed))).map(Array.init) ?? [])
        writer.array(files) { writer, file in
            writer.string(file.path)
            writer.string(file.contentPath)
            writer.int(Int(file.stamp.size))
            writer.timestamp(file.stamp.modified)
            writer.timestamp(file.stamp.changed)
            writer.int(Int(bitPattern: UInt(file.stamp.inode)))
            writer.int(Int(bitPattern: UInt(file.stamp.device)))
            writer.int(Int(file.stamp.mode))
            writer.string(file.contentKey)
            writer.int(file.lineCount)
            writer.raw(file.facts)
        }
    }

    /// The facts of each file stay slices of `bytes`: decoded only when needed.
    init(decoding bytes: ArraySlice<UInt8>) throws(FactsReader.Malformed) {
        var reader = FactsReader(bytes)
        root = try reader.string()
        scope = try reader.string()
        configuration = Array(try reader.raw())
        recordedAt = try reader.timestamp()
        guard let judgement = try? JSONDecoder().decode(Judgement.self, from: Data(try reader.raw())) else { throw .malformed }
        findings = judgement.findings
        suppressed = judgement.suppressed
        files = try reader.array { reader throws(FactsReader.Malformed) in
            let path = try reader.string()
            let contentPath = try reader.string()
            let size = Int64(try reader.int())
            let modified = try reader.timestamp()
            let changed = try reader.timestamp()
            let inode = UInt64(UInt(bitPattern: try reader.int()))
            let device = UInt64(UInt(bitPattern: try reader.int()))
            let mode = UInt32(truncatingIfNeeded: try reader.int())
            let stamp = FileStamp(size: size, modified: modified, changed: changed, inode: inode, device: device, mode: mode)
            return File(
                path: path, contentPath: contentPath, stamp: stamp, contentKey: try reader.string(), lineCount: try reader.int(),
                facts: try reader.raw())
        }
        guard reader.isAtEnd else { throw .malformed }
        byPath = Dictionary(files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    init(
        root: String, scope: String, configuration: [UInt8], recordedAt: FileStamp.Timestamp, files: [File], findings: [Finding],
        suppressed: [SuppressedFinding]
    ) {
        self.root = root
        self.scope = scope
        self.configuration = configuration
        self.recordedAt = recordedAt
        self.files = files
        self.findings = findings
        self.suppressed = suppressed
        byPath = Dictionary(files.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private var byPath: [String: Int]
}

/// The facts of a snapshot's files, decoded into an index only when someone asks for it: a warm `analyze`
/// that prints findings never needs them.
struct PackedFacts: Sendable {
    var files: [TreeSnapshot.File]
    var configuration: AnalysisConfiguration

    /// Every file's facts (a file whose recorded facts cannot be decoded is left out; the snapshot's
    /// checksum makes that a defect of this build, not of the disk).
    func index() -> CodebaseIndex {
        let facts = files.compactMap { file -> FileFacts? in
            guard var facts = try? FactsCodec.decode(file.facts) else { return nil }
            facts.path = file.path
            return facts
        }
        return CodebaseIndex(files: facts, configuration: configuration)
    }
}

extension FactsStore {
    /// Where the snapshot of `scope` in the repository at `root` is kept, among this identity's entries.
    private func treePath(root: String, scope: String) -> String {
        let name = String(CacheEntry.checksum(Array(root.utf8), Array(scope.utf8)), radix: 16)
        return "\(folder)/trees/\(name)"
    }

    private static func treeKey(root: String, scope: String) -> String { "tree \(root)\n\(scope)" }

    func loadTree(root: String, scope: String) -> TreeSnapshot? {
        let path = treePath(root: root, scope: scope)
        guard let (bytes, _) = Self.readEntry(path),
            let payload = CacheEntry.payload(of: bytes, identity: identity, key: Self.treeKey(root: root, scope: scope), seal: seal),
            let snapshot = try? TreeSnapshot(decoding: payload), snapshot.root == root, snapshot.scope == scope
        else { return nil }
        return snapshot
    }

    @discardableResult
    func saveTree(_ snapshot: TreeSnapshot) -> Bool {
        let key = Self.treeKey(root: snapshot.root, scope: snapshot.scope)
        return Self.publish(
            CacheEntry.bytes(identity: identity, key: key, seal: seal) { snapshot.encode(into: &$0) },
            at: treePath(root: snapshot.root, scope: snapshot.scope))
    }
}
