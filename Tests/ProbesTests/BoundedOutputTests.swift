import Foundation
import Testing
@testable import Probes
@testable import Verdict

/// Issue 18: the gate's memory does not grow with what a process writes. The readers hold one line of bounded length
/// and a bounded excerpt; the copy of a pipe goes to disk as it is read; its digest is
/// computed once, when the joined log takes the file in.
@Suite struct BoundedOutputTests {
    private func split(_ chunks: [String], limit: Int, keepingPartialLine: Bool = true) -> [LineSplitter.Line] {
        var splitter = LineSplitter(maximumLength: limit)
        var lines: [LineSplitter.Line] = []
        for chunk in chunks { Array(chunk.utf8).withUnsafeBytes { splitter.feed($0) { lines.append($0) } } }
        splitter.finish(keepingPartialLine: keepingPartialLine) { lines.append($0) }
        return lines
    }

    @Test func aLineLongerThanTheLimitIsCutThereMarkedAndItsEndKept() {
        let long = String(repeating: "a", count: 10_000) + "\"testID\":\"M.S/t()\"}"
        let lines = split(["short\n", long.prefix(3000) + "", long.dropFirst(3000) + "\nnext\n"], limit: 100)
        #expect(lines.map(\.text) == ["short", Substring(String(repeating: "a", count: 100)), "next"])
        #expect(lines.map(\.overlong) == [false, true, false])
        #expect(lines[1].end?.hasSuffix("\"testID\":\"M.S/t()\"}") == true)
        #expect((lines[1].end?.utf8.count ?? 0) <= LineSplitter.endLength)
        #expect(SwiftTestingStream.testID(in: lines[1].end ?? "") == "M.S/t()")
    }

    @Test func byteSearchesFindWhatStringSearchesFind() {
        let line: Substring = "/p/F.swift:3: error: C.test : failed"
        #expect(line.containsBytes(" : "))
        #expect(line.containsBytes(": error: "))
        #expect(!line.containsBytes(": warning: "))
        #expect(!Substring("xxxxxxxx").containsBytes(" : "))
        #expect(Substring("ab : ").containsBytes(" : "))
        #expect(!Substring(" :").containsBytes(" : "))
    }

    @Test func aPartialLineIsKeptOrDroppedAtTheEnd() {
        #expect(split(["a\nb"], limit: 10).map(\.text) == ["a", "b"])
        #expect(split(["a\nb"], limit: 10, keepingPartialLine: false).map(\.text) == ["a"])
    }

    @Test func theExcerptKeepsTheFirstAndLastLinesOnly() {
        var excerpt = LogExcerpt(limit: 3)
        for number in 1...10 { excerpt.append(Substring("line \(number)")) }
        excerpt.append("   ")
        #expect(excerpt.head == ["line 1", "line 2", "line 3"])
        #expect(excerpt.tail(2) == ["line 9", "line 10"])
        #expect(excerpt.tail(5) == ["line 8", "line 9", "line 10"])
        #expect(excerpt.lineCount == 10)
    }

    @Test func aLogFileIsReadInChunksForItsDigestExcerptAndLines() throws {
        let path = NSTemporaryDirectory() + "bounded-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Three chunks' worth, so lines cross chunk boundaries; one line far past the line limit.
        var text = (1...40_000).map { "line \($0) " + String(repeating: "x", count: 60) }.joined(separator: "\n")
        text += "\n" + String(repeating: "y", count: LogFile.maximumLineLength * 3) + "\nlast"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var count = 0
        var longest = 0
        var overlong = 0
        let summary = LogFile.read(path) { line in
            count += 1
            longest = max(longest, line.text.utf8.count)
            if line.overlong { overlong += 1 }
        }
        #expect(count == 40_002)
        #expect(overlong == 1)
        #expect(longest == LogFile.maximumLineLength)
        #expect(summary.bytes == text.utf8.count)
        #expect(summary.sha256 == Digest.sha256Hex(Data(text.utf8)))
        #expect(summary.excerpt.tail(1) == ["last"])
        #expect(summary.excerpt.head.first?.hasPrefix("line 1 ") == true)
    }

    @Test func aPipesCopyGoesToDiskAsItIsRead() throws {
        let folder = NSTemporaryDirectory() + "bounded-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = try #require(OutputTail.pipe(copyingTo: "\(folder)/out.log"))
        var tail = pipe.tail
        let writer = FileHandle(fileDescriptor: pipe.writeEnd, closeOnDealloc: true)
        writer.write(Data("first\nsecond\n".utf8))
        #expect(tail.readLines() == ["first", "second"])
        // Already on disk before the pipe closes: nothing of it waits in memory.
        #expect(FileManager.default.contents(atPath: "\(folder)/out.log") == Data("first\nsecond\n".utf8))
        writer.write(Data("third".utf8))
        try writer.close()
        #expect(tail.readLines(final: true) == ["third"])
        tail.close()
        let copy = try #require(FileManager.default.contents(atPath: "\(folder)/out.log"))
        #expect(copy == Data("first\nsecond\nthird".utf8))
        #expect(tail.bytesRead == copy.count)
    }

    @Test func aRunningDigestMatchesTheWholeDigest() {
        let digest = RunningDigest()
        let data = Data((0..<100_000).map { UInt8($0 % 251) })
        for start in stride(from: 0, to: data.count, by: 7_777) {
            data[start..<min(start + 7_777, data.count)].withUnsafeBytes { digest.update($0) }
        }
        #expect(digest.hex() == Digest.sha256Hex(data))
        #expect(digest.byteCount == data.count)
    }

    @Test func aCrashExcerptIsFoundAsTheOutputStreamsPast() {
        var crash = CrashOutput()
        var tail = LogExcerpt()
        for line in ["noise"] + Array(repeating: "more noise", count: 1000) + ["App/F.swift:3: Fatal error: boom", "frame 1", "", "frame 2"] {
            crash.consume(Substring(line))
            tail.append(Substring(line))
        }
        #expect(crash.crashLine == "App/F.swift:3: Fatal error: boom")
        #expect(crash.excerpt(otherwise: tail) == ["App/F.swift:3: Fatal error: boom", "frame 1", "frame 2"])
        #expect(CrashOutput().excerpt(otherwise: tail).count == CrashOutput.fallbackLength)
    }
}
