import Foundation
import Testing
@testable import Probes

struct OutputTailTests {
    @Test func aPipeGivesCompleteLinesAsTheyComeAndKeepsACopy() throws {
        let folder = NSTemporaryDirectory() + "output-tail-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = try #require(OutputTail.pipe(copyingTo: "\(folder)/out.log"))
        var tail = pipe.tail
        #expect(tail.readLines().isEmpty, "nothing written yet is nothing to read, not an end")
        let writer = FileHandle(fileDescriptor: pipe.writeEnd, closeOnDealloc: true)
        writer.write(Data("first\nsecond\nthi".utf8))
        #expect(tail.readLines() == ["first", "second"])
        writer.write(Data("rd\nunfinished".utf8))
        try writer.close()
        #expect(tail.readLines(final: true, keepingPartialLine: false) == ["third"])
        tail.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.log"], "nothing on disk but the copy")
        #expect(FileManager.default.contents(atPath: "\(folder)/out.log") == Data("first\nsecond\nthird\nunfinished".utf8))
    }

    @Test func aFileIsReadFromWhereTheLastReadStopped() throws {
        let path = NSTemporaryDirectory() + "output-tail-\(UUID().uuidString).log"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("a\nb".utf8).write(to: URL(fileURLWithPath: path))
        var tail = OutputTail.file(path)
        #expect(tail.readLines() == ["a"])
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("c\n".utf8))
        try handle.close()
        #expect(tail.readLines(final: true) == ["bc"])
    }
}
