import Foundation

/// The last analysis of one folder of a working tree, kept with the facts entries, like git's index: each
/// file's stamp (`FileStamp`) and content key, and the analysis's findings; the facts stay in their entries.
///
/// On the next `analyze` a file whose stamp is unchanged and was not racy is taken as unchanged without being
/// read or hashed; when every file is, and the configuration is the same, the recorded findings are the
/// answer and no rule runs. Otherwise every unchanged file's facts are read from its entry, by the key
/// recorded. Kept small (no facts in it), so that recording it after a one-file change costs little. It is
/// written like an entry (checksummed, or sealed with the store's seal), so a damaged or foreign one is ignored.
struct TreeSnapshot: Sendable {
    struct File: Sendable {
        /// Repository-relative.
        var path: String
        /// The absolute path whose bytes were read: a linked file's target.
        var contentPath: String
        var stamp: FileStamp
        var contentKey: String
        var lineCount: Int
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
        }
    }

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
                path: path, contentPath: contentPath, stamp: stamp, contentKey: try reader.string(), lineCount: try reader.int())
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

/// The facts of a snapshot's files, read from their entries into an index only when someone asks for it: a warm
/// `analyze` that prints findings never needs them.
struct StoredFacts: Sendable {
    var files: [TreeSnapshot.File]
    var store: FactsStore
    var configuration: AnalysisConfiguration

    /// Every file's facts, from the entry of its recorded content key. An entry evicted since (or damaged) is made
    /// again from the file as it is now, and only when its bytes still have that key; otherwise the file is left out.
    func index(contentHash: ContentHash) -> CodebaseIndex {
        let facts = files.compactMap { file -> FileFacts? in
            var facts = store.load(file.contentKey)
            if facts == nil, let data = FileManager.default.contents(atPath: file.contentPath), contentHash(data) == file.contentKey,
                let text = String(validating: data, as: UTF8.self)
            {
                facts = FactExtractor.facts(path: file.path, source: text)
            }
            facts?.path = file.path
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
