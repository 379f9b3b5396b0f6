import Foundation
import GateTestSupport
import Testing

/// The analysis cache as a user meets it: `analyze` fills and reads `.git/cfa-gate/cache`, `--no-cache`
/// leaves it alone, `cache clear` empties it.
struct CacheCommandTests {
    private static let cacheFolder = ".git/cfa-gate/cache"

    /// A small committed app: the cache is keyed by content, not by commits, but it lives in `.git`.
    private func repository() throws -> GitFixture {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        try fixture.write("Sources/App/OrdersFeature.swift", "import Observation\n@MainActor @Observable final class OrdersFeature {}\n")
        try fixture.write("Sources/App/Order.swift", "struct Order: Sendable { let id: Int }\n")
        try fixture.write("Sources/App/OrderList.swift", "struct OrderList { let orders: [Order] }\n")
        return fixture
    }

    private func cacheSummary(_ fixture: GitFixture, _ extra: [String] = []) throws -> [String: Int] {
        let result = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "json"] + extra, in: fixture)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any], "\(result.standardError)")
        let summary = try #require(document["summary"] as? [String: Any])
        return try #require(summary["cache"] as? [String: Int])
    }

    @Test func aSecondAnalyzeReadsEveryFileFromTheCacheAndAnEditReparsesOne() throws {
        let fixture = try repository()
        #expect(try cacheSummary(fixture) == ["parsed": 3, "fromDisk": 0, "fromMemory": 0, "stored": 3])
        #expect(try cacheSummary(fixture) == ["parsed": 0, "fromDisk": 3, "fromMemory": 0, "stored": 0])
        try fixture.write("Sources/App/Order.swift", "struct Order: Sendable { let id: Int; let note: String }\n")
        #expect(try cacheSummary(fixture) == ["parsed": 1, "fromDisk": 2, "fromMemory": 0, "stored": 1])
    }

    private static func output(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Messages of the findings `analyze` prints, from its JSON.
    private func messages(_ fixture: GitFixture) throws -> [String] {
        let result = try CFAGateBinary.run(["analyze", "--repo", fixture.root, "--format", "json"], in: fixture)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any], "\(result.standardError)")
        return try #require(document["findings"] as? [[String: Any]]).compactMap { $0["message"] as? String }
    }

    @Test func aOneByteEditKeepingSizeAndModificationTimeIsNotJudgedFromTheCache() throws {
        let fixture = try repository()
        let path = fixture.path("Sources/App/Order.swift")
        try fixture.write("Sources/App/Order.swift", "// cfa-gate:ignore CFA-NOPE -- why\nstruct Order: Sendable { let id: Int }\n")
        // Past the clock tick of the writes, so that no file is racy and only its stamp can tell the edit.
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try messages(fixture).contains { $0.contains("CFA-NOPE") })
        #expect(try messages(fixture).contains { $0.contains("CFA-NOPE") }, "warm, from the cache")
        let modified = try Self.output("/usr/bin/stat", ["-c", "%y", path])
        let handle = try #require(FileHandle(forWritingAtPath: path), "written in place: the same inode")
        try handle.write(contentsOf: Data("// cfa-gate:ignore CFA-NOPF -- why\nstruct Order: Sendable { let id: Int }\n".utf8))
        try handle.close()
        // `stat` prints the time to the nanosecond, in a form `touch -d` reads back.
        _ = try Self.output("/usr/bin/touch", ["-d", modified, path])
        #expect(try Self.output("/usr/bin/stat", ["-c", "%y", path]) == modified)
        let edited = try messages(fixture)
        #expect(edited.contains { $0.contains("CFA-NOPF") } && !edited.contains { $0.contains("CFA-NOPE") }, "\(edited)")
    }

    @Test func noCacheNeitherWritesNorReads() throws {
        let fixture = try repository()
        #expect(try cacheSummary(fixture, ["--no-cache"]) == ["parsed": 3, "fromDisk": 0, "fromMemory": 0, "stored": 0])
        #expect(!FileManager.default.fileExists(atPath: fixture.path(Self.cacheFolder)))
        _ = try cacheSummary(fixture)
        #expect(try cacheSummary(fixture, ["--no-cache"])["parsed"] == 3)
        let inventory = try CFAGateBinary.run(["inventory", "--repo", fixture.root, "--no-cache"], in: fixture)
        #expect(inventory.status == 0, "\(inventory.standardError)")
    }

    @Test func cacheClearEmptiesIt() throws {
        let fixture = try repository()
        _ = try cacheSummary(fixture)
        let info = try CFAGateBinary.run(["cache", "info", "--repo", fixture.root], in: fixture)
        #expect(info.status == 0)
        #expect(info.standardOutput.contains("3 entries"), "\(info.standardOutput)")

        let clear = try CFAGateBinary.run(["cache", "clear", "--repo", fixture.root], in: fixture)
        #expect(clear.status == 0, "\(clear.standardError)")
        #expect(clear.standardOutput.contains("removed 3 entries"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path(Self.cacheFolder)))
        #expect(try cacheSummary(fixture)["parsed"] == 3)
    }

    @Test func cacheNeedsAnActionAndARepository() throws {
        let fixture = try GitFixture()
        #expect(try CFAGateBinary.run(["cache"], in: fixture).status == 2)
        #expect(try CFAGateBinary.run(["cache", "shrink"], in: fixture).status == 2)
        let outside = try CFAGateBinary.run(["cache", "clear", "--repo", fixture.root], in: fixture)
        #expect(outside.status == 2)
        #expect(outside.standardError.contains("the cache lives in a repository's .git folder"))
    }
}
