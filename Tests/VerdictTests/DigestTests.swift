import Foundation
import Testing
@testable import Verdict

@Suite("SHA-256 digests")
struct DigestTests {
    @Test("known vectors from FIPS 180-2")
    func knownVectors() {
        #expect(Digest.sha256Hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Digest.sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("streaming a file larger than one chunk equals hashing it in memory", arguments: [0, 1, (1 << 20) + 7])
    func fileMatchesMemory(size: Int) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("log.txt")
        let data = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try data.write(to: URL(fileURLWithPath: path))
        #expect(try Digest.sha256Hex(fileAt: path) == Digest.sha256Hex(data))
    }

    @Test("a missing or unreadable file is unreadable")
    func missingFile() throws {
        #expect(throws: KeyError.unreadable(path: "/nonexistent/log")) { try Digest.sha256Hex(fileAt: "/nonexistent/log") }
        let directory = try TemporaryDirectory()
        #expect(throws: KeyError.unreadable(path: directory.path)) { try Digest.sha256Hex(fileAt: directory.path) }
    }
}
