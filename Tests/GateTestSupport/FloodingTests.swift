/// Tests that write a lot (issue 18), in both frameworks: `floods` writes `FLOOD_BYTES` bytes to standard output in
/// 1 KiB lines, `quiet` passes at once, and `hugeIssue` (Swift Testing) records one issue whose message is 2 MiB when
/// `FLOOD_RECORD` is set, so its event stream record is longer than any the gate reads whole.
extension SwiftPackageFixture {
    public static func writeFloodingTests(into fixture: GitFixture, at directory: String = "") throws {
        let prefix = directory.isEmpty ? "" : "\(directory)/"
        try fixture.write("\(prefix)Tests/CalcTests/FloodingTests.swift", floodingTests)
    }

    public static let floodingTests = """
        import Foundation
        import Testing
        import XCTest

        enum Flood {
            static let environment = ProcessInfo.processInfo.environment

            static func write() {
                guard let bytes = environment["FLOOD_BYTES"].flatMap(Int.init), bytes > 0 else { return }
                var block = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
                for index in stride(from: 1023, to: block.count, by: 1024) { block[index] = 10 }
                var left = bytes
                while left > 0 {
                    let count = min(left, block.count)
                    var offset = 0
                    while offset < count {
                        let written = block.withUnsafeBytes { Foundation.write(1, $0.baseAddress! + offset, count - offset) }
                        guard written > 0 else { return }
                        offset += written
                    }
                    left -= count
                }
            }
        }

        @Suite struct Flooding {
            @Test func floods() { Flood.write() }
            @Test func quiet() { #expect(true) }
            @Test func hugeIssue() {
                guard Flood.environment["FLOOD_RECORD"] != nil else { return }
                Issue.record(Comment(rawValue: String(repeating: "y", count: 2 << 20)))
            }
        }

        final class FloodingXC: XCTestCase {
            func testFloods() { Flood.write() }
            func testQuiet() { XCTAssertTrue(true) }
        }
        """
}
