@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing

/// The tree snapshot: which files a warm analysis trusts without reading them, and when it reruns the rules.
struct TreeSnapshotTests {
    /// A stand-in for git's blob id: hex, as the store requires, and different for different bytes.
    private static let hash: ContentHash = { data in
        let bytes = [UInt8](data)
        return String(CacheEntry.checksum(bytes), radix: 16) + String(bytes.count, radix: 16) + "00000000"
    }

    private static func store(_ directory: String, seal: EntrySeal? = nil) -> FactsStore {
        FactsStore(directory: directory, identity: "cfa-gate test; build a; parser b" + (seal.map { "; sealed by \($0.keyID)" } ?? ""), seal: seal, limit: FactsStore.defaultLimit)
    }

    private func analyze(
        _ fixture: GitFixture, _ store: FactsStore, configuration: AnalysisConfiguration = AnalysisConfiguration()
    ) async -> AnalysisResult {
        await Analyzer.analyze(repositoryRoot: fixture.root, configuration: configuration, cache: FactsCache(store: store), contentHash: Self.hash)
    }

    private static func treeFiles(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).filter { $0.contains("trees/") }
            .map { "\(directory)/\($0)" }
    }

    /// Waits until the file system's clock is past every stamp of the fixture's files, so that none of them is
    /// racy by accident when the next analysis starts.
    private static func clockPast(_ fixture: GitFixture, _ paths: [String]) async throws {
        let latest = paths.compactMap { FileStamp.of(fixture.path($0)) }.map { max($0.modified, $0.changed) }.max()!
        while FileStamp.Timestamp.fileSystemNow() <= latest { try await Task.sleep(for: .milliseconds(1)) }
    }

    private static let app = ["App/A.swift": "struct A {}\n", "App/B.swift": "struct B { let a: A }\n", "App/C.swift": "struct C {}\n"]

    private func writeApp(_ fixture: GitFixture) async throws {
        for (path, source) in Self.app { try fixture.write(path, source) }
        try await Self.clockPast(fixture, Array(Self.app.keys))
    }

    @Test func anUnchangedTreeIsNeitherReadNorCheckedAgain() async throws {
        let fixture = try GitFixture()
        try await writeApp(fixture)
        let store = Self.store(fixture.path(".cache"))
        let cold = await analyze(fixture, store)
        #expect(cold.hashedFiles == 3)
        let warm = await analyze(fixture, store)
        #expect(warm.hashedFiles == 0)
        #expect(warm.statistics == AnalysisStatistics(parsed: 0, fromDisk: 3, fromMemory: 0, stored: 0))
        #expect(warm.findings == cold.findings && warm.suppressed == cold.suppressed)
        #expect((warm.fileCount, warm.lineCount) == (cold.fileCount, cold.lineCount))
        // The index, decoded from the snapshot when asked for, is the one the rules saw.
        #expect(warm.index.files == cold.index.files)
    }

    @Test func aSameSizeEditWithItsModificationTimePutBackIsSeen() async throws {
        let fixture = try GitFixture()
        try await writeApp(fixture)
        let store = Self.store(fixture.path(".cache"))
        _ = await analyze(fixture, store)
        let path = fixture.path("App/C.swift")
        let before = try #require(FileStamp.of(path))
        // One byte changed, the size kept, and the modification time put back as `touch -d` would.
        let handle = try #require(FileHandle(forWritingAtPath: path), "written in place: the same inode")
        try handle.write(contentsOf: Data("struct D {}\n".utf8))
        try handle.close()
        let modified = timespec(tv_sec: Int(before.modified.seconds), tv_nsec: Int(before.modified.nanoseconds))
        var times = [modified, modified]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let after = try #require(FileStamp.of(path))
        #expect(after.size == before.size && after.modified == before.modified && after.changed != before.changed)

        let edited = await analyze(fixture, store)
        #expect(edited.hashedFiles == 1)
        #expect(edited.statistics.parsed == 1)
        #expect(edited.index.file("App/C.swift")?.types.first?.name == "D")
    }

    @Test func aFileStampedAtOrAfterTheSnapshotIsHashedEveryTime() async throws {
        let fixture = try GitFixture()
        try await writeApp(fixture)
        // Stamped in the future: whenever the snapshot is taken, the file could change again unseen.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: fixture.path("App/A.swift"))
        try await Self.clockPast(fixture, ["App/B.swift", "App/C.swift"])
        let store = Self.store(fixture.path(".cache"))
        _ = await analyze(fixture, store)
        for _ in 0..<2 {
            let warm = await analyze(fixture, store)
            #expect(warm.hashedFiles == 1, "A.swift's stamp is unchanged, and still not trusted")
            #expect(warm.statistics.parsed == 0)
        }
    }

    @Test func aStampInTheSnapshotsClockTickIsRacy() {
        let tick = FileStamp.Timestamp(seconds: 1_700_000_000, nanoseconds: 4_000_000)
        func stamp(modified: FileStamp.Timestamp, changed: FileStamp.Timestamp) -> FileStamp {
            FileStamp(size: 12, modified: modified, changed: changed, inode: 7, device: 1, mode: 0o100644)
        }
        let earlier = FileStamp.Timestamp(seconds: 1_700_000_000, nanoseconds: 3_999_999)
        #expect(!stamp(modified: earlier, changed: earlier).isRacy(recordedAt: tick))
        #expect(stamp(modified: tick, changed: earlier).isRacy(recordedAt: tick))
        #expect(stamp(modified: earlier, changed: tick).isRacy(recordedAt: tick))
        let file = TreeSnapshot.File(
            path: "A.swift", contentPath: "/r/A.swift", stamp: stamp(modified: tick, changed: tick), contentKey: "abcdef0123", lineCount: 1)
        let snapshot = TreeSnapshot(
            root: "/r", scope: "", configuration: [], recordedAt: tick, files: [file], findings: [], suppressed: [])
        #expect(snapshot.unchanged("A.swift", contentPath: "/r/A.swift", stamp: file.stamp) == nil)
    }

    @Test func addedAndRemovedFilesAreNoticed() async throws {
        let fixture = try GitFixture()
        try await writeApp(fixture)
        let store = Self.store(fixture.path(".cache"))
        _ = await analyze(fixture, store)
        try fixture.write("App/D.swift", "struct D {}\n")
        let added = await analyze(fixture, store)
        #expect(added.index.files.map(\.path) == ["App/A.swift", "App/B.swift", "App/C.swift", "App/D.swift"])
        #expect(added.hashedFiles == 1)
        try fixture.remove("App/A.swift")
        let removed = await analyze(fixture, store)
        #expect(removed.index.files.map(\.path) == ["App/B.swift", "App/C.swift", "App/D.swift"])
    }

    @Test func anotherConfigurationRunsTheRulesAgain() async throws {
        let fixture = try GitFixture()
        try await writeApp(fixture)
        let store = Self.store(fixture.path(".cache"))
        let cold = await analyze(fixture, store)
        #expect(cold.findings.contains { $0.rule == AdoptionRule.id }, "three structs are no CFA app")
        var quiet = AnalysisConfiguration()
        quiet.rules[AdoptionRule.id] = .off
        let reconfigured = await analyze(fixture, store, configuration: quiet)
        #expect(!reconfigured.findings.contains { $0.rule == AdoptionRule.id })
        #expect(reconfigured.hashedFiles == 0)
    }

    @Test func aDamagedSnapshotIsIgnoredAndRewritten() async throws {
        let fixture = try GitFixture()
        try await writeApp(fixture)
        let directory = fixture.path(".cache")
        let store = Self.store(directory)
        let cold = await analyze(fixture, store)
        let tree = try #require(Self.treeFiles(directory).first)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: tree))
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: tree))

        let again = await analyze(fixture, store)
        #expect(again.hashedFiles == 3)
        #expect(again.findings == cold.findings)
        #expect(await analyze(fixture, store).hashedFiles == 0)
    }

    @Test func aSealedStoreReadsNoSnapshotItDidNotSeal() async throws {
        let fixture = try GitFixture()
        try await writeApp(fixture)
        let directory = fixture.path(".cache")
        let seal = EntrySeal(keyID: "k1", tagSize: 8) { bytes in Array(String(CacheEntry.checksum(Array(bytes), Array("secret".utf8)), radix: 16).utf8.prefix(8)) }
        let sealed = Self.store(directory, seal: seal)
        _ = await analyze(fixture, sealed)
        #expect(await analyze(fixture, sealed).hashedFiles == 0)
        // An unsealed snapshot planted where the sealed one is, as code that can write to `.git` could.
        let unsealed = Self.store(fixture.path(".other"))
        _ = await analyze(fixture, unsealed)
        let planted = try #require(Self.treeFiles(fixture.path(".other")).first)
        let target = try #require(Self.treeFiles(directory).first)
        try FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: planted, toPath: target)
        #expect(await analyze(fixture, sealed).hashedFiles == 3)
    }
}
