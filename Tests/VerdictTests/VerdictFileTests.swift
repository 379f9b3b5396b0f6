import Foundation
import Testing
@testable import Verdict

@Suite("Verdict files")
struct VerdictFileTests {
    let envelope: Envelope
    let key: SigningKey

    init() throws {
        key = try SigningKey.generate()
        envelope = try DSSE.sign(statement: Fixtures.statement(), with: key)
    }

    @Test("write then read returns the same envelope, leaving only the verdict behind")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("out/verdicts/verdict.json")
        try VerdictFile.write(envelope, to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("out/verdicts")) == ["verdict.json"])
        let read = try VerdictFile.read(path: path)
        #expect(read == envelope)
        #expect(try DSSE.open(read, trusting: key.publicKey) == Fixtures.statement())
    }

    @Test("the file is pretty-printed JSON with sorted keys and a trailing newline")
    func layout() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("verdict.json")
        try VerdictFile.write(envelope, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"payload\" : "))
        #expect(text.hasSuffix("}\n"))
        let payloadType = try #require(text.range(of: "\"payloadType\""))
        let signatures = try #require(text.range(of: "\"signatures\""))
        #expect(payloadType.lowerBound < signatures.lowerBound)
    }

    @Test("an existing verdict is replaced")
    func replaces() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("verdict.json")
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        try VerdictFile.write(envelope, to: path)
        #expect(try VerdictFile.read(path: path) == envelope)
        #expect(try directory.contents() == ["verdict.json"])
    }

    @Test("a failed write leaves no verdict and no temporary file")
    func failedWriteLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        // A non-empty directory at the target makes the final rename fail after the temp file was written.
        let path = directory.file("verdict.json")
        try FileManager.default.createDirectory(atPath: path + "/occupied", withIntermediateDirectories: true)
        #expect(throws: VerdictFileError.self) { try VerdictFile.write(envelope, to: path) }
        #expect(try directory.contents() == ["verdict.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: path) == ["occupied"])
    }

    @Test("a parent path that is a file fails with writeFailed naming the path")
    func parentIsFile() throws {
        let directory = try TemporaryDirectory()
        try Data().write(to: URL(fileURLWithPath: directory.file("blocker")))
        let path = directory.file("blocker/verdict.json")
        do {
            try VerdictFile.write(envelope, to: path)
            Issue.record("write should have failed")
        } catch {
            guard case .writeFailed(let failedPath, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(failedPath == path)
            #expect(reason == "\(directory.file("blocker")) exists but is not a directory")
            #expect(error.description.contains(path))
        }
        #expect(try directory.contents() == ["blocker"])
    }

    @Test("truncated JSON is malformed and says so", arguments: [0.3, 0.99])
    func truncated(fraction: Double) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("verdict.json")
        try VerdictFile.write(envelope, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(Int(Double(data.count) * fraction)).write(to: URL(fileURLWithPath: path))
        #expect(throws: VerificationError.malformed(path: path, reason: "not valid JSON")) {
            try VerdictFile.read(path: path)
        }
    }

    @Test("garbage, empty and wrongly shaped files are malformed with a reason")
    func garbage() throws {
        let directory = try TemporaryDirectory()
        let cases: [(content: String, reason: String)] = [
            ("\u{7f}ELF garbage", "not valid JSON"),
            ("", "empty"),
            ("[1, 2]", "not a DSSE envelope (the top level is not a JSON object)"),
            (#"{"payloadType": "x", "signatures": []}"#, "not a DSSE envelope (missing field 'payload')"),
            (#"{"payloadType": 3, "payload": "", "signatures": []}"#,
             "not a DSSE envelope (field 'payloadType' is not a JSON string)"),
            (#"{"payloadType": "x", "payload": "", "signatures": {}}"#,
             "not a DSSE envelope (field 'signatures' is not a JSON array)"),
            (#"{"payloadType": "x", "payload": "e30=", "signatures": [{"keyid": "k"}]}"#,
             "not a DSSE envelope (missing field 'signatures[0].sig')"),
            (#"{"payloadType": "x", "payload": "!!not base64!!", "signatures": []}"#,
             "a DSSE envelope whose payload is not base64"),
        ]
        for (index, testCase) in cases.enumerated() {
            let path = directory.file("case\(index).json")
            try Data(testCase.content.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: VerificationError.malformed(path: path, reason: testCase.reason)) {
                try VerdictFile.read(path: path)
            }
        }
    }

    #if os(Linux)
    @Test("an uncreatable parent directory is named with the system's reason")
    func uncreatableParent() throws {
        // procfs refuses mkdir even for root, unlike permission bits.
        let path = "/proc/cfa-gate-verdict-test/verdict.json"
        #expect(throws: VerdictFileError.writeFailed(
            path: path, reason: "cannot create directory /proc/cfa-gate-verdict-test: No such file or directory")) {
            try VerdictFile.write(envelope, to: path)
        }
    }
    #endif

    @Test("a missing verdict is unreadable")
    func missing() {
        #expect(throws: VerificationError.unreadable(path: "/nonexistent/verdict.json")) {
            try VerdictFile.read(path: "/nonexistent/verdict.json")
        }
    }

    @Test("error descriptions are single lines that say what to do")
    func descriptions() {
        let malformed = VerificationError.malformed(path: "/v.json", reason: "not valid JSON")
        #expect(malformed.description == "verdict at /v.json is not valid JSON — was it truncated or edited? Re-run the gate to produce a fresh one")
        let errors: [any Error & CustomStringConvertible] = [
            VerificationError.unreadable(path: "/v.json"), malformed, VerificationError.wrongPayloadType("x"),
            VerificationError.noSignatures, VerificationError.keyMismatch(expected: "aa", found: ["bb", "cc"]),
            VerificationError.badSignature, VerificationError.statementMalformed(reason: "r"),
            VerdictFileError.writeFailed(path: "/v.json", reason: "No space left on device"),
            VerdictFileError.encodingFailed(reason: "r"),
        ]
        for error in errors { #expect(!error.description.contains("\n")) }
        #expect(VerificationError.keyMismatch(expected: "aa", found: ["bb", "cc"]).description.contains("bb, cc"))
    }
}
