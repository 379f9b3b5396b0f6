#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Sandbox
import Testing
@testable import GateEngine

struct KeyProtectionTests {
    #if os(Linux)
    @Test func theGateMakesItselfNonDumpable() throws {
        typealias ProcessControl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        let prctl = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl").map { unsafeBitCast($0, to: ProcessControl.self) })
        let getDumpable: Int32 = 3
        KeyHygiene.makeUndumpable()
        #expect(prctl(getDumpable, 0, 0, 0, 0) == 0)
    }
    #endif

    @Test func erasingRemovesTheVariableAndItsBytes() throws {
        setenv("CFA_GATE_TEST_SECRET", "hunter2-value", 1)
        let entry = try #require(getenv("CFA_GATE_TEST_SECRET"))
        // `getenv` points just past `NAME=`, inside the entry that is overwritten.
        KeyHygiene.erase(variable: "CFA_GATE_TEST_SECRET")
        #expect(getenv("CFA_GATE_TEST_SECRET") == nil)
        #expect(String(cString: entry) == String(repeating: "x", count: "hunter2-value".count))
    }

    @Test func aKeyInsideTheWorkTreeIsRecognizedThroughSymlinks() throws {
        let fixture = try GitFixture()
        try fixture.write("keys/key.pem", "x")
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-key-link-\(UUID().uuidString)").path
        try FileManager.default.createSymbolicLink(atPath: outside, withDestinationPath: fixture.path("keys/key.pem"))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(KeyProtection.isInsideWorkTree(fixture.path("keys/key.pem"), repositoryRoot: fixture.root))
        #expect(KeyProtection.isInsideWorkTree(outside, repositoryRoot: fixture.root))
        #expect(!KeyProtection.isInsideWorkTree("/etc/hostname", repositoryRoot: fixture.root))
        #expect(!KeyProtection.isInsideWorkTree(fixture.root + "-sibling/key.pem", repositoryRoot: fixture.root))
    }
}
