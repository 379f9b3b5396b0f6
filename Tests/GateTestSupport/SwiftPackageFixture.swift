import Foundation

/// Small Swift packages written into a fixture, for probes that run `swift build` and `swift test`.
public enum SwiftPackageFixture {
    /// A library `Calc` with XCTest and Swift Testing tests. Tests whose names contain `Passing` pass;
    /// those containing `Failing` fail at a known line (see `failingExpectationLine`).
    public static func writeCalculator(into fixture: GitFixture, at directory: String = "") throws {
        let prefix = directory.isEmpty ? "" : "\(directory)/"
        try fixture.write("\(prefix)Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "Calc",
                targets: [.target(name: "Calc"), .testTarget(name: "CalcTests", dependencies: ["Calc"])]
            )
            """)
        try fixture.write("\(prefix).gitignore", ".build/\n.swiftpm/\n")
        try fixture.write("\(prefix)Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int { a + b }\n")
        try fixture.write("\(prefix)Tests/CalcTests/SwiftTestingCalcTests.swift", """
            import Testing
            import Calc

            @Suite struct PassingArithmetic {
                @Test func addsSmallNumbers() { #expect(add(1, 2) == 3) }
                @Test(.disabled("kept for later")) func skippedForNow() {}
            }

            @Suite struct FailingArithmetic {
                @Test func claimsWrongSum() {
                    #expect(add(2, 2) == 5, "two and two")
                }
            }
            """)
        try fixture.write("\(prefix)Tests/CalcTests/RewritingTests.swift", """
            import Foundation
            import Testing

            /// Misbehaves on purpose: rewrites the repository's tracked README.md.
            @Suite struct RewritesTrackedFile {
                @Test func scribblesOnReadme() throws {
                    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                        .deletingLastPathComponent().deletingLastPathComponent()
                    let readme = root.appendingPathComponent("README.md")
                    guard FileManager.default.fileExists(atPath: readme.path) else { return }
                    try "rewritten by a test\\n".write(to: readme, atomically: true, encoding: .utf8)
                }
            }
            """)
        try fixture.write("\(prefix)Tests/CalcTests/XCTestCalcTests.swift", """
            import XCTest
            import Calc

            final class PassingXCTests: XCTestCase {
                func testAdds() { XCTAssertEqual(add(2, 3), 5) }
            }

            final class FailingXCTests: XCTestCase {
                func testWrong() {
                    XCTAssertEqual(add(1, 1), 3, "one and one")
                }
            }
            """)
    }

    /// Line of `#expect(add(2, 2) == 5 …)` in SwiftTestingCalcTests.swift.
    public static let failingExpectationLine = 11
    /// Line of `XCTAssertEqual(add(1, 1), 3 …)` in XCTestCalcTests.swift.
    public static let failingAssertionLine = 10

    /// Replaces the library with code that does not compile, at a known line.
    public static func breakBuild(in fixture: GitFixture, at directory: String = "") throws {
        let prefix = directory.isEmpty ? "" : "\(directory)/"
        try fixture.write("\(prefix)Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int {\n    a + undefinedValue\n}\n")
    }

    /// An environment to run `swift` with: the isolated git settings plus the toolchain's PATH, and the real
    /// HOME, so the compiler's caches land where they always do rather than inside the fixture repository.
    public static func environment(for fixture: GitFixture) -> [String: String] {
        var environment = fixture.isolatedEnvironment
        let real = ProcessInfo.processInfo.environment
        environment["PATH"] = real["PATH"] ?? "/usr/bin:/bin"
        environment["HOME"] = real["HOME"] ?? NSTemporaryDirectory()
        return environment
    }
}
