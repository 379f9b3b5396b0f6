@testable import CFAAnalysis
import Foundation
import GateTestSupport
@testable import Verdict
import Testing
@testable import GateEngine

/// The facts cache as `run` uses it: sealed with the signing key, so what the change under test plants in
/// `.git` is never read; absent with `--no-cache`.
struct AnalysisCacheGateTests {
    private func flatApp() throws -> GateFixture {
        let fixture = try GateFixture(checklist: "1. **Adopted.** <!-- probe: cfa CFA-ADOPTION -->\n", package: false)
        try fixture.git.write("Flat/ContentView.swift", "import SwiftUI\nstruct ContentView: View { var body: some View { Text(\"x\") } }\n")
        try fixture.git.git("add", "-A")
        try fixture.git.git("commit", "-q", "-m", "flat app")
        return fixture
    }

    private func entries(_ fixture: GateFixture) -> [String] {
        let cache = fixture.git.path(".git/cfa-gate/cache")
        return (FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? []).map { "\(cache)/\($0)" }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    /// The identity and key an entry's header names: plain text, as the code under test could read them too.
    private func header(_ bytes: [UInt8]) -> (identity: String, key: String) {
        func field(at offset: Int) -> (String, Int) {
            let count = (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
            return (String(decoding: bytes[(offset + 4)..<(offset + 4 + count)], as: UTF8.self), offset + 4 + count)
        }
        let (identity, next) = field(at: CacheEntry.magic.count)
        return (identity, field(at: next).0)
    }

    @Test func runSealsItsEntriesAndRefusesOnePlantedWithARightChecksum() async throws {
        let fixture = try flatApp()
        let first = try await Gate.run(fixture.options())
        #expect(first.predicate.analysis?.lines == 3)
        let entry = try #require(entries(fixture).first)
        #expect(entries(fixture).count == 1)
        let (identity, key) = header([UInt8](try Data(contentsOf: URL(fileURLWithPath: entry))))
        #expect(identity.contains("sealed by \(first.predicate.signer.keyID)"))

        // The change under test writes facts of its choosing under the same identity and key: with a right
        // checksum (what an unsealed cache would take), then with a tag of the right size. Without the
        // secret it cannot make the right tag, and the file is parsed again.
        let forged = FactsCodec.encode(FileFacts(path: key, lineCount: 500))
        let guessing = EntrySeal(keyID: first.predicate.signer.keyID, tagSize: 32) { _ in [UInt8](repeating: 7, count: 32) }
        for planted in [CacheEntry.bytes(identity: identity, key: key, payload: forged),
                        CacheEntry.bytes(identity: identity, key: key, payload: forged, seal: guessing)] {
            try Data(planted).write(to: URL(fileURLWithPath: entry))
            let again = try await Gate.run(fixture.options())
            #expect(again.predicate.analysis?.lines == 3)
            #expect(again.predicate.items.map(\.status) == [.failed])
            #expect(try Data(contentsOf: URL(fileURLWithPath: entry)) != Data(planted))
        }
    }

    @Test func noCacheLeavesNoEntries() async throws {
        let fixture = try flatApp()
        _ = try await Gate.run(fixture.options { $0.analysisCache = false })
        #expect(entries(fixture).isEmpty)
    }
}
