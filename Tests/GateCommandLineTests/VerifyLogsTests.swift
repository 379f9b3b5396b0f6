import Foundation
import GateTestSupport
import Testing

/// `verify` compares every log beside the verdict with the sha256 the signed verdict records.
struct VerifyLogsTests {
    @Test func aLogEditedAfterTheRunFailsVerifyAndAMissingLogsFolderIsOnlySaid() throws {
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": "1. **Says hello.** <!-- probe: command: echo hello -->\n"], change: ["notes.txt": "x\n"])
        let run = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("out/v.json")], in: fixture)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        let logs = try FileManager.default.contentsOfDirectory(atPath: fixture.path("out/v.logs"))
        let log = try #require(logs.first { $0.hasSuffix(".log") }, "\(logs)")

        let intact = try CFAGateBinary.run(["verify", fixture.path("out/v.json")], in: fixture)
        #expect(intact.status == 0, "\(intact.standardError)")
        #expect(intact.standardOutput.contains("logs:      "), "\(intact.standardOutput)")
        #expect(intact.standardOutput.contains(" recorded sha256"))
        // A file the verdict does not record is named, never taken as verified.
        try Data("PASSED\n".utf8).write(to: URL(fileURLWithPath: fixture.path("out/v.logs/banner.txt")))
        let extra = try CFAGateBinary.run(["verify", fixture.path("out/v.json")], in: fixture)
        #expect(extra.status == 0)
        #expect(extra.standardOutput.contains("not recorded in the verdict, so not covered by its signature: v.logs/banner.txt"), "\(extra.standardOutput)")
        try FileManager.default.removeItem(atPath: fixture.path("out/v.logs/banner.txt"))

        let logPath = fixture.path("out/v.logs/\(log)")
        let original = try Data(contentsOf: URL(fileURLWithPath: logPath))
        try Data("hello\nall tests passed\n".utf8).write(to: URL(fileURLWithPath: logPath))
        let edited = try CFAGateBinary.run(["verify", fixture.path("out/v.json")], in: fixture)
        #expect(edited.status == 4, "\(edited.standardOutput)\(edited.standardError)")
        #expect(edited.standardError.contains("v.logs/\(log): this log differs from the one the verdict records"), "\(edited.standardError)")

        try FileManager.default.removeItem(atPath: logPath)
        let removed = try CFAGateBinary.run(["verify", fixture.path("out/v.json")], in: fixture)
        #expect(removed.status == 4)
        #expect(removed.standardError.contains("v.logs/\(log): this log, which the verdict records, is missing"))

        try original.write(to: URL(fileURLWithPath: logPath))
        #expect(try CFAGateBinary.run(["verify", fixture.path("out/v.json")], in: fixture).status == 0)

        try FileManager.default.removeItem(atPath: fixture.path("out/v.logs"))
        let withoutLogs = try CFAGateBinary.run(["verify", fixture.path("out/v.json")], in: fixture)
        #expect(withoutLogs.status == 0, "\(withoutLogs.standardError)")
        #expect(withoutLogs.standardOutput.contains("logs:      not checked: v.logs not beside the verdict"), "\(withoutLogs.standardOutput)")
    }
}
