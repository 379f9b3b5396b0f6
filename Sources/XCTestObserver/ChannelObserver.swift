#if canImport(Glibc)
import Glibc
#endif
import Foundation
import XCTest

/// Reports every XCTest test event on descriptor 3, a pipe the gate created for this process, one record a line:
///
///     <sequence>\tstarted\t<Class.test>
///     <sequence>\tissue\t<Class.test>\t<line>\t<file>\t<message>
///     <sequence>\tfinished\t<Class.test>\t<passed|failed|skipped>\t<seconds>
///
/// `sequence` counts from 1. Fields escape `\`, tab, newline and carriage return as `\\`, `\t`, `\n`, `\r`. A record is at
/// most `maximumRecordLength` bytes (the message is cut to fit), written in one `write`: a pipe never interleaves a write
/// that short with another writer's. The gate reads statuses from here (`XCTestChannelReader`), never from the console,
/// where any test can print XCTest's lines.
final class ChannelObserver: NSObject, XCTestObservation {
    /// PIPE_BUF: the longest write a pipe keeps whole.
    static let maximumRecordLength = 4096
    static let descriptor: Int32 = 3

    private var sequence = 0
    /// Set once, at the first event: whether descriptor 3 is a pipe. Anything else (closed, a socket, a file) is not the
    /// gate's channel, and nothing is written to it.
    private var isPipe: Bool?

    func testBundleWillStart(_ testBundle: Bundle) { _ = channelIsOpen() }

    func testCaseWillStart(_ testCase: XCTestCase) { emit(["started", testCase.name]) }

    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        emit(["issue", testCase.name, String(lineNumber), filePath ?? "", description])
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        let outcome: String
        let seconds: Double
        if let run = testCase.testRun {
            outcome = run.hasBeenSkipped ? "skipped" : run.hasSucceeded ? "passed" : "failed"
            seconds = run.totalDuration
        } else {
            // A test without a run record has not shown that it passed.
            (outcome, seconds) = ("failed", 0)
        }
        emit(["finished", testCase.name, outcome, String(format: "%.3f", seconds)])
    }

    private func channelIsOpen() -> Bool {
        if let isPipe { return isPipe }
        var status = stat()
        let pipe = fstat(Self.descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO
        // Programs a test starts do not inherit the channel.
        if pipe { _ = fcntl(Self.descriptor, F_SETFD, FD_CLOEXEC) }
        isPipe = pipe
        return pipe
    }

    private func emit(_ fields: [String]) {
        guard channelIsOpen() else { return }
        sequence += 1
        var record = Array("\(sequence)".utf8)
        for field in fields {
            record.append(UInt8(ascii: "\t"))
            record += Self.escaped(field)
        }
        // Only the last field (a message, a number) can be long enough to cut; a cut never splits an escape.
        if record.count > Self.maximumRecordLength - 1 {
            record.removeLast(record.count - (Self.maximumRecordLength - 1))
            while let last = record.last, last == UInt8(ascii: "\\") || last & 0xC0 == 0x80 || last >= 0xC0 { record.removeLast() }
        }
        record.append(UInt8(ascii: "\n"))
        record.withUnsafeBytes { bytes in
            while write(Self.descriptor, bytes.baseAddress, bytes.count) < 0 && errno == EINTR {}
        }
    }

    static func escaped(_ field: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.utf8.count)
        for byte in field.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): bytes += Array("\\\\".utf8)
            case UInt8(ascii: "\t"): bytes += Array("\\t".utf8)
            case UInt8(ascii: "\n"): bytes += Array("\\n".utf8)
            case UInt8(ascii: "\r"): bytes += Array("\\r".utf8)
            default: bytes.append(byte)
            }
        }
        return bytes
    }
}

/// Called by the library's constructor (`Sources/CXCTestObserver`) before the bundle's `main`, on the main thread.
@_cdecl("cfa_gate_register_xctest_observer")
public func registerChannelObserver() {
    XCTestObservationCenter.shared.addTestObserver(ChannelObserver())
}
