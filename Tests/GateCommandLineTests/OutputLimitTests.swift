import Foundation
import GateTestSupport
import Testing

@testable import Verdict

/// Issue 18: a probe that writes past the checklist's `output-limit` is killed and fails with "wrote more than …";
/// its log is kept, cut at the limit, with the digest of what is kept.
@Suite struct OutputLimitTests {
    @Test func aCommandThatNeverStopsWritingFailsAtTheLimit() throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: [
            "gate/cfa-change-gate.md": """
                <!-- cfa-gate: output-limit=1MiB -->

                # Mini

                ## Checks

                1. **Floods.** <!-- probe: command: yes flood -->
                2. **Quiet.** <!-- probe: command: true -->

                """
        ])
        let verdictPath = fixture.path(".git/v.json")
        // `yes` never ends: the message below says the output limit, not the command timeout, stopped it.
        let run = try CFAGateBinary.run(["run", "--out", verdictPath], in: fixture)
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("wrote more than 1 MiB of output (checklist option output-limit) running `yes flood`"))
        let predicate = try DSSE.unverifiedStatement(in: try VerdictFile.read(path: verdictPath)).predicate
        let flood = try #require(predicate.items.first { $0.number == 1 })
        #expect(flood.status == .failed)
        #expect(predicate.items.first { $0.number == 2 }?.status == .passed)
        let log = try #require(flood.evidence.logs.first)
        #expect(log.bytes == 1 << 20)
        let kept = try #require(FileManager.default.contents(atPath: fixture.path(".git/\(log.path)")))
        #expect(kept.count == 1 << 20)
        #expect(Digest.sha256Hex(kept) == log.sha256)
        #expect(flood.evidence.excerpt.contains("flood"))
    }
}
