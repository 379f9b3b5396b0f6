#if canImport(Glibc)
import Glibc
#endif
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
                    // In place: the package's own folder takes no new entries from a probe (see the sandbox's file policy).
                    try "rewritten by a test\\n".write(to: readme, atomically: false, encoding: .utf8)
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

    /// Tests named `Orchestrated…` that misbehave on request, in both frameworks: `steady` passes, `alwaysWrong`
    /// fails, `flakyOnce` fails on its first run when `ORCH_MARKER_DIR` names a folder (a marker file remembers the
    /// run), `hangs` blocks its thread forever when `ORCH_HANG` is set, `crashes` traps when `ORCH_CRASH` is set,
    /// `zAfterCrash` passes. Without the variables every one but `alwaysWrong` passes at once.
    public static func writeMisbehavingTests(into fixture: GitFixture, at directory: String = "") throws {
        let prefix = directory.isEmpty ? "" : "\(directory)/"
        try fixture.write("\(prefix)Tests/CalcTests/OrchestratedTests.swift", misbehavingTests)
    }

    private static let misbehavingTests = """
        import Foundation
        import Testing
        import XCTest

        enum Misbehavior {
            static let environment = ProcessInfo.processInfo.environment
            static func hangIfAsked() {
                guard environment["ORCH_HANG"] != nil else { return }
                while true { sleep(1) }
            }
            static func crashIfAsked() {
                guard environment["ORCH_CRASH"] != nil else { return }
                usleep(300_000)
                fatalError("crashing on purpose")
            }
            /// True on the first run that has a marker folder, false afterwards.
            static func firstRun(_ name: String) -> Bool {
                guard let folder = environment["ORCH_MARKER_DIR"] else { return false }
                let marker = folder + "/" + name
                if FileManager.default.fileExists(atPath: marker) { return false }
                FileManager.default.createFile(atPath: marker, contents: Data())
                return true
            }
        }

        @Suite struct Orchestrated {
            @Test func steady() { #expect(1 + 1 == 2) }
            @Test func alwaysWrong() { #expect(1 + 1 == 3, "always wrong") }
            @Test func flakyOnce() { #expect(!Misbehavior.firstRun("swift-testing-flaky"), "first run fails") }
            @Test func hangs() { Misbehavior.hangIfAsked() }
            @Test func crashes() { Misbehavior.crashIfAsked() }
            @Test func zAfterCrash() { #expect(true) }
        }

        final class OrchestratedXC: XCTestCase {
            func testSteady() { XCTAssertEqual(1 + 1, 2) }
            func testAlwaysWrong() { XCTAssertEqual(1 + 1, 3, "always wrong") }
            func testFlakyOnce() { XCTAssertFalse(Misbehavior.firstRun("xctest-flaky"), "first run fails") }
            func testHangs() { Misbehavior.hangIfAsked() }
            func testCrashes() { Misbehavior.crashIfAsked() }
            func testZAfterCrash() { XCTAssertTrue(true) }
        }
        """

    /// A package `Order` whose tests pass only in company, in both frameworks: XCTest `testB` passes only when
    /// `testA` ran first in its process, and in the `.serialized` suite `b()` only after `a()`; `testIndependent`
    /// and `independent()` pass anywhere. Every test runs in well under a second.
    public static func writeOrderDependent(into fixture: GitFixture, at directory: String = "") throws {
        let prefix = directory.isEmpty ? "" : "\(directory)/"
        try fixture.write("\(prefix)Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "Order",
                targets: [.target(name: "Ledger"), .testTarget(name: "LedgerTests", dependencies: ["Ledger"])]
            )
            """)
        try fixture.write("\(prefix).gitignore", ".build/\n.swiftpm/\n")
        try fixture.write("\(prefix)Sources/Ledger/Ledger.swift", """
            /// What one test leaves behind for whichever test runs after it in the same process.
            nonisolated(unsafe) public var ledger: [String] = []
            """)
        try fixture.write("\(prefix)Tests/LedgerTests/OrderXCTests.swift", """
            import XCTest
            import Ledger

            final class OrderXC: XCTestCase {
                func testA() { ledger.append("xctest a") }
                func testB() {
                    XCTAssertTrue(ledger.contains("xctest a"), "testB needs testA first")
                }
                func testIndependent() { XCTAssertEqual(1 + 1, 2) }
            }
            """)
        try fixture.write("\(prefix)Tests/LedgerTests/OrderSwiftTests.swift", """
            import Testing
            import Ledger

            @Suite(.serialized) struct Order {
                @Test func a() { ledger.append("swift testing a") }
                @Test func b() {
                    #expect(ledger.contains("swift testing a"), "b needs a first")
                }
                @Test func independent() { #expect(1 + 1 == 2) }
            }
            """)
    }

    /// A package `Lone` whose every test fails when any other test ran in its process, with the names a filter can
    /// get wrong: a parameterized test, two overloads (told apart by source location), a display name full of regex
    /// characters, a nested suite, a suite and a free function sharing a prefix, XCTest classes and methods sharing
    /// prefixes. Eight Swift Testing tests and three XCTest tests, all passing when each runs alone.
    public static func writeLoneTests(into fixture: GitFixture) throws {
        try fixture.write("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "Lone", targets: [.testTarget(name: "LoneTests")])
            """)
        try fixture.write(".gitignore", ".build/\n.swiftpm/\n")
        try fixture.write("Tests/LoneTests/Alone.swift", """
            import Synchronization

            /// The tests this process has run so far, by key.
            let ran = Mutex<[String]>([])

            /// Records `key`; returns every other test that ran in this process before or beside it.
            func alone(_ key: String) -> [String] {
                ran.withLock { ran in
                    ran.append(key)
                    return ran.filter { $0 != key }
                }
            }
            """)
        try fixture.write("Tests/LoneTests/LoneSwiftTests.swift", """
            import Testing

            @Suite struct Lone {
                @Test func plain() { #expect(alone("plain").isEmpty, "shared its process") }
                @Test(arguments: [1, 2, 3]) func parameterized(n: Int) { #expect(alone("parameterized").isEmpty, "shared its process") }
                @Test(arguments: [1]) func overload(_ x: Int) { #expect(alone("overload Int").isEmpty, "shared its process") }
                @Test(arguments: ["s"]) func overload(_ x: String) { #expect(alone("overload String").isEmpty, "shared its process") }
                @Test("regex characters .* (a|b) ^$ [x]") func named() { #expect(alone("named").isEmpty, "shared its process") }
                @Suite struct Nested {
                    @Test func plain() { #expect(alone("nested plain").isEmpty, "shared its process") }
                }
            }

            @Suite struct LoneSuffix {
                @Test func plain() { #expect(alone("suffix plain").isEmpty, "shared its process") }
            }

            @Test func lone() { #expect(alone("free lone").isEmpty, "shared its process") }
            """)
        try fixture.write("Tests/LoneTests/LoneXCTests.swift", """
            import XCTest

            final class LoneXC: XCTestCase {
                func testPlain() { XCTAssertEqual(alone("xc plain"), [], "shared its process") }
                func testPlainToo() { XCTAssertEqual(alone("xc plain too"), [], "shared its process") }
            }

            final class LoneXCMore: XCTestCase {
                func testPlain() { XCTAssertEqual(alone("xc more plain"), [], "shared its process") }
            }
            """)
    }

    /// Line of `XCTAssertTrue(ledger.contains …)` in OrderXCTests.swift and of `#expect(ledger.contains …)` in
    /// OrderSwiftTests.swift.
    public static let orderDependentAssertionLine = 7

    /// Line of `#expect(add(2, 2) == 5 …)` in SwiftTestingCalcTests.swift.
    public static let failingExpectationLine = 11
    /// Line of `XCTAssertEqual(add(1, 1), 3 …)` in XCTestCalcTests.swift.
    public static let failingAssertionLine = 10

    /// Replaces the library with code that does not compile, at a known line.
    public static func breakBuild(in fixture: GitFixture, at directory: String = "") throws {
        let prefix = directory.isEmpty ? "" : "\(directory)/"
        try fixture.write("\(prefix)Sources/Calc/Calc.swift", "public func add(_ a: Int, _ b: Int) -> Int {\n    a + undefinedValue\n}\n")
    }

    /// An environment to run `swift` and the gate with: the isolated git settings plus the toolchain's PATH, and a
    /// HOME of the suite's own (`testHome`), never the machine's: the gate compares the user's git configuration before
    /// and after its probes, and another process editing the real `~/.gitconfig` must not fail a test.
    public static func environment(for fixture: GitFixture) -> [String: String] {
        var environment = fixture.isolatedEnvironment
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        environment["HOME"] = testHome
        environment["XDG_CONFIG_HOME"] = "\(testHome)/.config"
        return environment
    }

    /// One HOME per user for every test process, outside any fixture so that SwiftPM's caches there outlive a test;
    /// nothing writes a git configuration into it.
    public static let testHome: String = {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-test-home-\(geteuid())").path
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return home
    }()
}
