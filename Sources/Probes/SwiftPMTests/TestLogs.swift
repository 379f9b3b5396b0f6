#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Sandbox
import Verdict

/// The test item's joined log (`<n>-test.tests.log` beside the verdict), and the files its test processes write
/// into while they run.
///
/// With a process per test, a log file per process would mean creating (and later deleting) a file per test, and
/// on ext4 finding a free inode among thousands just deleted costs the gate more than anything else it does for a
/// test; emptying a file again (`truncate`) costs nearly as much. So each running process gets one of a few slot
/// files and writes after what earlier processes left there: when the process has ended and been read, its part is
/// appended to the joined log under a header naming the process, and the slot is free for the next. The joined log
/// is written chunk by chunk with a running digest, never held whole; processes appear in the order they ended.
actor TestLogs {
    /// The part of a slot file one running process writes into (or the gate copies a pipe into): from `start` to
    /// the end, in no one else's hands meanwhile. What comes before belongs to earlier processes, already joined.
    struct Slot: Sendable {
        var index: Int
        var path: String
        var start: Int
    }

    private let directory: String
    private let destination: Int32
    private let digest = RunningDigest()
    private var free: [Slot] = []
    private var slotCount = 0

    /// Nil when the joined log cannot be created.
    init?(directory: String, joinedPath: String) {
        let destination = open(joinedPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard destination >= 0 else { return nil }
        self.directory = directory
        self.destination = destination
    }

    /// A slot file for one process, its part starting at the file's end; named so that `close` never takes it for a
    /// log of its own.
    func slot() -> Slot {
        if var slot = free.popLast() {
            slot.start = LogFile.size(slot.path)
            return slot
        }
        slotCount += 1
        let slot = Slot(index: slotCount, path: "\(directory)/slot-\(slotCount).out", start: 0)
        _ = FileManager.default.createFile(atPath: slot.path, contents: nil)
        return slot
    }

    /// The process writing into `slot` has ended and been read: its output joins the log, and the slot is free again.
    func finish(_ slot: Slot, label: String) {
        append(slot.path, from: slot.start, label: label)
        free.append(slot)
    }

    /// Appends the other logs in the folder (listing, package description), by name, and closes the joined log at
    /// `joinedPath`; nil, and no file, when nothing at all was logged.
    func close(name: String, at joinedPath: String) -> LogReference? {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".log") }.sorted()
        for file in names { append("\(directory)/\(file)", label: String(file.dropLast(4))) }
        closeDescriptor(destination)
        // Nothing ran and nothing was logged (the bundle was not found): no log to record.
        guard digest.byteCount > 0 else {
            unlink(joinedPath)
            return nil
        }
        return LogReference(name: name, path: "\(name).log", sha256: digest.hex(), bytes: digest.byteCount)
    }

    private func append(_ path: String, from offset: Int = 0, label: String) {
        let header = Array("==> \(label) <==\n".utf8)
        header.withUnsafeBytes { bytes in
            digest.update(bytes)
            LogFile.writeAll(bytes, to: destination)
        }
        LogFile.append(path, from: offset, to: destination, digest: digest)
    }
}
