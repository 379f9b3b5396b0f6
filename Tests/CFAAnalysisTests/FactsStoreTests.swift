@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing

/// The on-disk facts cache: what it trusts, what it ignores, and what an analysis reads from it.
struct FactsStoreTests {
    /// Facts with every kind of fact and both present and absent optionals.
    private static let richSource = """
        import SwiftUI
        // cfa-gate:ignore CFA-NO-GCD-LOCKS -- a reason
        @MainActor @Observable final class OrdersFeature: Sendable {
            private(set) var orders: [Order] = []
            nonisolated(unsafe) static var shared: OrdersFeature?
            let repository: any OrderRepository
            init(repository: any OrderRepository = JSONOrderRepository()) { self.repository = repository }
            func load(limit: Int = 3) async throws -> [Order] {
                if orders.isEmpty { orders = try await repository.load().filter { $0.count > limit } }
                let task = Task { await refresh() }
                return orders
            }
            enum State { case idle, loaded([Order]), failed(Error) }
        }
        struct OrdersView: View {
            @State private var viewModel = OrdersViewModel()
            var body: some View { Text("é ✓ \\(viewModel.title)").onTap(perform: { viewModel.tapped() }) }
        }
        #Preview { OrdersView() }
        """

    private static func facts(_ source: String = richSource, path: String = "Sources/App/Orders.swift") -> FileFacts {
        FactExtractor.facts(path: path, source: source)
    }

    /// A stand-in for git's blob id: hex, as the store requires, and different for different bytes.
    private static let hash: ContentHash = { data in
        let bytes = [UInt8](data)
        return String(CacheEntry.checksum(bytes), radix: 16) + String(bytes.count, radix: 16) + "00000000"
    }

    private static func store(_ directory: String, identity: String = "cfa-gate test; build a; parser b", limit: Int = FactsStore.defaultLimit) -> FactsStore {
        FactsStore(directory: directory, identity: identity, limit: limit)
    }

    private static func entryFiles(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: "\(directory)/\(path)", isDirectory: &isDirectory) && !isDirectory.boolValue
        }.filter { !$0.hasPrefix("trees/") && !$0.contains("/trees/") }.map { "\(directory)/\($0)" }
    }

    @Test func factsSurviveTheBinaryFormatUnchanged() throws {
        let original = Self.facts()
        #expect(original.types.count >= 3 && original.suppressions.count == 1)
        let bytes = FactsCodec.encode(original)
        #expect(try FactsCodec.decode(bytes[...]) == original)
        // Every byte matters: a shorter or longer payload does not decode.
        #expect(throws: (any Error).self) { try FactsCodec.decode(bytes.dropLast()) }
        #expect(throws: (any Error).self) { try FactsCodec.decode((bytes + [0])[...]) }
    }

    /// A field added to the facts and forgotten by the codec would vanish from cached facts: warm and cold
    /// runs would then disagree. The codec's field list must match every facts type's stored properties.
    @Test func theCodecWritesEveryStoredPropertyOfEveryFactsType() {
        let location = SourceLocation(line: 1, column: 1)
        let shape = CallShape(name: "f", base: nil, labels: [], arguments: [], hasTrailingClosure: false)
        let samples: [String: Any] = [
            "FileFacts": FileFacts(path: "A.swift", lineCount: 1),
            "SourceLocation": location,
            "ImportFact": ImportFact(module: "M", location: location),
            "AttributeUse": AttributeUse(name: "A", location: location),
            "CompilationClause": CompilationClause(block: 0, condition: nil, start: location, end: location),
            "SuppressionFact": SuppressionFact(ruleIDs: [], reason: nil, location: location, coveredLine: 1),
            "SourceRefusal": SourceRefusal(limit: .depth, line: 1, measured: 1),
            "TypeFacts": TypeFacts(name: "T", kind: .struct, location: location),
            "AttributeFact": AttributeFact(name: "A", arguments: nil),
            "PropertyFact": PropertyFact(name: "p", location: location, isStatic: false, isLet: true, isStored: true, typeText: nil, initializer: nil),
            "ExpressionFact": ExpressionFact(text: "x", call: nil),
            "CallShape": shape,
            "ParameterFact": ParameterFact(label: nil, name: "p", typeText: "Int", defaultValue: nil, location: location),
            "FunctionFact": FunctionFact(name: "f", location: location, isStatic: false, isAsync: false, returnType: nil),
            "EnumCaseFact": EnumCaseFact(name: "c", associatedTypes: [], location: location),
            "ScopeFacts": ScopeFacts(),
            "ReferenceFact": ReferenceFact(name: "r", location: location, member: nil, inPreview: false),
            "CallFact": CallFact(shape: shape, location: location, member: nil, inPreview: false, assignedTo: nil, isReturned: false),
            "AssignmentFact": AssignmentFact(target: "t", value: "v", location: location, member: nil),
            "StatementFact": StatementFact(text: "s", location: location, member: nil),
        ]
        #expect(Set(samples.keys) == Set(FactsCodec.fields.keys))
        for (name, sample) in samples {
            let stored = Mirror(reflecting: sample).children.compactMap(\.label)
            #expect(stored == FactsCodec.fields[name], "\(name): add the new field to FactsCodec (writer, reader and `fields`)")
        }
    }

    @Test func anEntryIsReadBackOnlyByTheIdentityThatWroteIt() throws {
        let fixture = try GitFixture()
        let facts = Self.facts()
        let ours = Self.store(fixture.root)
        #expect(ours.save(facts, key: "0123456789abcdef"))
        #expect(ours.load("0123456789abcdef") == facts)

        // Another tool version (or build) looks elsewhere and finds nothing…
        let other = Self.store(fixture.root, identity: "cfa-gate 9.9; build a; parser b")
        #expect(other.load("0123456789abcdef") == nil)
        // …and an entry of another identity placed where ours would be is not trusted either.
        #expect(other.save(facts, key: "0123456789abcdef"))
        let files = Self.entryFiles(fixture.root)
        #expect(files.count == 2)
        let foreign = try #require(files.first { !$0.hasPrefix(ours.folder) })
        let mine = try #require(files.first { $0.hasPrefix(ours.folder) })
        try FileManager.default.removeItem(atPath: mine)
        try FileManager.default.copyItem(atPath: foreign, toPath: mine)
        #expect(ours.load("0123456789abcdef") == nil)
        // Nor one written for another key.
        #expect(ours.save(facts, key: "fedcba9876543210"))
        let otherKey = try #require(Self.entryFiles(fixture.root).first { $0.hasSuffix("dcba9876543210") })
        try FileManager.default.removeItem(atPath: mine)
        try FileManager.default.copyItem(atPath: otherKey, toPath: mine)
        #expect(ours.load("0123456789abcdef") == nil)
    }

    @Test func aTruncatedOrDamagedEntryIsIgnored() throws {
        let fixture = try GitFixture()
        let store = Self.store(fixture.root)
        #expect(store.save(Self.facts(), key: "0123456789abcdef"))
        let path = try #require(Self.entryFiles(fixture.root).first)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))

        try whole.prefix(whole.count - 7).write(to: URL(fileURLWithPath: path))
        #expect(store.load("0123456789abcdef") == nil)

        var flipped = whole
        flipped[whole.count - 20] ^= 0x01
        try flipped.write(to: URL(fileURLWithPath: path))
        #expect(store.load("0123456789abcdef") == nil)

        try (whole + Data([0])).write(to: URL(fileURLWithPath: path))
        #expect(store.load("0123456789abcdef") == nil)

        try Data().write(to: URL(fileURLWithPath: path))
        #expect(store.load("0123456789abcdef") == nil)
    }

    @Test func aFIFOPlantedInPlaceOfAnEntryIsIgnoredWithoutWaiting() throws {
        let fixture = try GitFixture()
        let store = Self.store(fixture.root)
        #expect(store.save(Self.facts(), key: "0123456789abcdef"))
        let path = try #require(Self.entryFiles(fixture.root).first)
        try FileManager.default.removeItem(atPath: path)
        #expect(mkfifo(path, 0o644) == 0)
        #expect(store.load("0123456789abcdef") == nil)
    }

    @Test func keysThatAreNotHexAreNeverStored() throws {
        let fixture = try GitFixture()
        let store = Self.store(fixture.root)
        #expect(!store.save(Self.facts(), key: "../../escape-attempt"))
        #expect(!store.save(Self.facts(), key: "0:Sources/A.swift"))
        #expect(Self.entryFiles(fixture.root).isEmpty)
    }

    /// Writes an app of three files and analyses it with the store.
    private func analyze(_ fixture: GitFixture, _ store: FactsStore?) async -> AnalysisResult {
        await Analyzer.analyze(
            repositoryRoot: fixture.root, configuration: AnalysisConfiguration(), cache: FactsCache(store: store),
            contentHash: Self.hash)
    }

    @Test func anEditedFileIsParsedAgainWhileItsNeighboursComeFromTheCache() async throws {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", "struct A {}\n")
        try fixture.write("App/B.swift", "struct B { let a: A }\n")
        try fixture.write("App/C.swift", "struct C {}\n")
        let store = Self.store(fixture.path(".cache"))

        let cold = await analyze(fixture, store)
        #expect(cold.statistics == AnalysisStatistics(parsed: 3, fromDisk: 0, fromMemory: 0, stored: 3))
        let warm = await analyze(fixture, store)
        #expect(warm.statistics == AnalysisStatistics(parsed: 0, fromDisk: 3, fromMemory: 0, stored: 0))
        #expect(warm.index.files == cold.index.files)

        try fixture.write("App/B.swift", "struct B { let c: C }\n")
        let edited = await analyze(fixture, store)
        #expect(edited.statistics == AnalysisStatistics(parsed: 1, fromDisk: 2, fromMemory: 0, stored: 1))
        #expect(edited.index.file("App/B.swift")?.types.first?.properties.first?.typeText == "C")
        #expect(edited.index.files.map(\.path) == ["App/A.swift", "App/B.swift", "App/C.swift"])
    }

    @Test func aDamagedEntryIsParsedAgainAndRewritten() async throws {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", "struct A {}\n")
        let store = Self.store(fixture.path(".cache"))
        _ = await analyze(fixture, store)
        let entry = try #require(Self.entryFiles(fixture.path(".cache")).first)
        let whole = try Data(contentsOf: URL(fileURLWithPath: entry))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: entry))
        // Without the tree snapshot, which would vouch for the unchanged file and leave its entry unread.
        for tree in (FileManager.default.enumerator(atPath: fixture.path(".cache"))?.allObjects as? [String] ?? []) where tree.hasSuffix("/trees") {
            try FileManager.default.removeItem(atPath: fixture.path(".cache/\(tree)"))
        }

        let again = await analyze(fixture, store)
        #expect(again.statistics == AnalysisStatistics(parsed: 1, fromDisk: 0, fromMemory: 0, stored: 1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: entry)) == whole)
        #expect(await analyze(fixture, store).statistics.fromDisk == 1)
    }

    @Test func withoutAStoreNothingIsWritten() async throws {
        let fixture = try GitFixture()
        try fixture.write("App/A.swift", "struct A {}\n")
        let result = await analyze(fixture, nil)
        #expect(result.statistics == AnalysisStatistics(parsed: 1, fromDisk: 0, fromMemory: 0, stored: 0))
        #expect(!FileManager.default.fileExists(atPath: fixture.path(".cache")))
    }

    @Test func twoAnalyzesAtOnceLeaveEveryEntryWhole() async throws {
        let fixture = try GitFixture()
        for index in 0..<40 {
            try fixture.write("App/T\(index).swift", "struct T\(index) { let value = \(index) }\n" + String(repeating: "// padding\n", count: index))
        }
        let directory = fixture.path(".cache")
        // Two gates on one clone: separate processes in reality, separate stores and caches here, same folder.
        async let first = analyze(fixture, Self.store(directory))
        async let second = analyze(fixture, Self.store(directory))
        let results = await [first, second]
        #expect(results.allSatisfy { $0.statistics.parsed + $0.statistics.fromDisk == 40 })
        #expect(results[0].index.files == results[1].index.files)
        let files = Self.entryFiles(directory)
        #expect(files.count == 40)
        #expect(!files.contains { $0.contains(".tmp-") })
        let warm = await analyze(fixture, Self.store(directory))
        #expect(warm.statistics.fromDisk == 40)
        #expect(warm.index.files == results[0].index.files)
    }

    @Test func pastItsLimitTheLeastRecentlyUsedEntriesGo() throws {
        let fixture = try GitFixture()
        let facts = Self.facts()
        let entrySize = CacheEntry.bytes(
            identity: "cfa-gate test; build a; parser b", key: "00000000000000", payload: FactsCodec.encode(facts)).count
        let store = Self.store(fixture.root, limit: entrySize * 4)
        let keys = (0..<6).map { String(format: "%014x", $0 + 1) }
        for (age, key) in keys.enumerated() {
            #expect(store.save(facts, key: key))
            // Oldest first: the first key was last used six hours ago.
            let path = try #require(Self.entryFiles(fixture.root).first { $0.hasSuffix(String(key.dropFirst(2))) })
            let used = Date().addingTimeInterval(-Double(keys.count - age) * 3600)
            try FileManager.default.setAttributes([.modificationDate: used], ofItemAtPath: path)
        }
        // Reading an entry makes it recently used, so it outlives older ones.
        #expect(store.load(keys[0]) == facts)
        #expect(store.evict() == 3)
        #expect(store.load(keys[0]) == facts)
        #expect(store.load(keys[1]) == nil && store.load(keys[2]) == nil && store.load(keys[3]) == nil)
        #expect(store.load(keys[4]) == facts && store.load(keys[5]) == facts)
        #expect(FactsStore.size(of: fixture.root).bytes <= entrySize * 3)
    }

    /// A toy MAC for the test (the gate uses HMAC-SHA256): only a holder of `secret` makes the right tag.
    private static func seal(keyID: String, secret: String) -> EntrySeal {
        EntrySeal(keyID: keyID, tagSize: 32) { bytes in
            let hash = CacheEntry.checksum(Array(secret.utf8), Array(bytes))
            return (0..<32).map { UInt8(truncatingIfNeeded: hash >> (8 * UInt64($0 % 8))) ^ UInt8($0) }
        }
    }

    @Test func aSealedCacheReadsOnlyEntriesSealedWithItsKey() throws {
        let fixture = try GitFixture()
        let facts = Self.facts()
        let identity = "cfa-gate test; build a; parser b; sealed by k1"
        let gate = FactsStore(directory: fixture.root, identity: identity, seal: Self.seal(keyID: "k1", secret: "gate secret"), limit: 1 << 30)
        #expect(gate.save(facts, key: "0123456789abcdef"))
        #expect(gate.load("0123456789abcdef") == facts)
        let entry = try #require(Self.entryFiles(fixture.root).first)

        // The code under test knows the key id (it is public) but not the secret: its entry is refused.
        let forger = FactsStore(directory: fixture.root, identity: identity, seal: Self.seal(keyID: "k1", secret: "guessed"), limit: 1 << 30)
        var planted = facts
        planted.types = []
        #expect(forger.save(planted, key: "0123456789abcdef"))
        #expect(gate.load("0123456789abcdef") == nil)

        // Nor is an entry whose checksum is right but which carries no seal.
        let unsealed = CacheEntry.bytes(identity: identity, key: "0123456789abcdef", payload: FactsCodec.encode(planted))
        try Data(unsealed).write(to: URL(fileURLWithPath: entry))
        #expect(gate.load("0123456789abcdef") == nil)
    }

    @Test func clearEmptiesTheCache() throws {
        let fixture = try GitFixture()
        let directory = fixture.path("cache")
        let store = Self.store(directory)
        #expect(store.save(Self.facts(), key: "0123456789abcdef"))
        #expect(store.save(Self.facts(), key: "1123456789abcdef"))
        #expect(FactsStore.size(of: directory).entries == 2)
        #expect(try FactsStore.clear(directory: directory) == 2)
        #expect(FactsStore.size(of: directory).entries == 0)
        #expect(store.load("0123456789abcdef") == nil)
        #expect(try FactsStore.clear(directory: directory) == 0)
    }
}
