import Foundation

/// Swift packages that attack the gate's `test` item from the inside, for the sandbox attack tests.
public enum AttackPackages {
    /// The id of the honestly failing XCTest test every attack package has (`<Target>.HonestTests/testTwoPlusTwo`).
    public static func honestFailure(target: String) -> String { "\(target).HonestTests/testTwoPlusTwo" }

    /// What a fake test bundle prints: the listing of `listed` for `--list-tests`, nothing for Swift Testing, and
    /// "passed" for every XCTest test it is asked to run. `real`, when given, runs for the listings instead.
    public static func fakeBundleScript(listed: String?, real: String?) -> String {
        let listing = real.map { "exec '\($0)' \"$@\"" } ?? "[ \"$1\" = --list-tests ] && echo '\(listed ?? "")'; exit 0"
        return """
            #!/bin/sh
            # Not the test bundle the gate built: it says every test it is given passed.
            case "$*" in
              *--list-tests*|*--testing-library*) \(listing) ;;
            esac
            for id in $(echo "$1" | tr ',' ' '); do
              name=$(echo "${id#*.}" | tr '/' '.')
              echo "Test Case '$name' started at 2025-01-01 00:00:00.000"
              echo "Test Case '$name' passed (0.001 seconds)"
            done
            exit 0

            """
    }

    static func manifest(name: String, target: String, prelude: String = "") -> String {
        """
        // swift-tools-version:6.0
        import Foundation
        import PackageDescription
        \(prelude)
        let package = Package(name: "\(name)", targets: [.testTarget(name: "\(target)")])

        """
    }

    /// The manifest of a package with one test target, its `.gitignore`, and (with `honest`) `honestTests` in that target.
    static func writePackage(name: String, target: String, prelude: String = "", honest: Bool, into fixture: GitFixture) throws {
        try fixture.write("Package.swift", manifest(name: name, target: target, prelude: prelude))
        try fixture.write(".gitignore", ".build/\n.swiftpm/\n")
        if honest { try fixture.write("Tests/\(target)/HonestTests.swift", honestTests) }
    }

    static let honestTests = """
        import XCTest

        final class HonestTests: XCTestCase {
            func testTwoPlusTwo() { XCTAssertEqual(2 + 2, 5, "two and two are four, whatever a test runner says") }
        }

        final class PassingTests: XCTestCase {
            func testPasses() { XCTAssertEqual(1 + 1, 2) }
        }

        """

    /// Package `Swapped`: its test `AAASetupTests/testSwapTheBundle`, first by name, moves the running test bundle
    /// (`CommandLine.arguments[0]`) aside and puts `fakeBundleScript` in its place, so that every later test process
    /// would run the script; it prints `SWAP <step>: ok|<error>` for each step and never fails itself.
    public static func writeBundleSwap(into fixture: GitFixture) throws {
        try writePackage(name: "Swapped", target: "SwappedTests", honest: true, into: fixture)
        try fixture.write("Tests/SwappedTests/AAASetupTests.swift", """
            import Foundation
            import XCTest

            final class AAASetupTests: XCTestCase {
                func testSwapTheBundle() {
                    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
                    let real = bundle + ".real"
                    let script = #\"""
            \(indented(fakeBundleScript(listed: nil, real: "REAL_BUNDLE"), by: 12))
                        \"""#.replacingOccurrences(of: "REAL_BUNDLE", with: real)
                    func step(_ name: String, _ body: () throws -> Void) {
                        do {
                            try body()
                            print("SWAP \\(name): ok")
                        } catch {
                            print("SWAP \\(name): \\(error)")
                        }
                    }
                    print("SWAP bundle: \\(bundle)")
                    step("move aside") { try FileManager.default.moveItem(atPath: bundle, toPath: real) }
                    step("write script") {
                        try Data(script.utf8).write(to: URL(fileURLWithPath: bundle))
                        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bundle)
                    }
                    step("plant beside") {
                        let planted = URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("ZZZPackageTests.xctest")
                        try Data(script.utf8).write(to: planted)
                    }
                }
            }

            """)
    }

    /// Package `Shadowed`: a "helper" file in its test target declares a no-op `XCTAssertEqual` with XCTest's signature,
    /// at line 4 of `Tests/ShadowedTests/TestHelpers.swift`, so that every `XCTAssertEqual` of the module binds to it
    /// and the honest failure would pass.
    public static func writeShadowedAssertions(into fixture: GitFixture) throws {
        try writePackage(name: "Shadowed", target: "ShadowedTests", honest: true, into: fixture)
        try fixture.write("Tests/ShadowedTests/TestHelpers.swift", """
            import XCTest

            /// Compares two values.
            func XCTAssertEqual<T: Equatable>(
                _ expression1: @autoclosure () throws -> T, _ expression2: @autoclosure () throws -> T,
                _ message: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
            ) {}

            """)
    }

    /// `text` with every line indented by `spaces`.
    private static func indented(_ text: String, by spaces: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : String(repeating: " ", count: spaces) + $0 }
            .joined(separator: "\n")
    }

    /// The folder a fake bundle is planted in by `writePlantedBundle`'s manifest, relative to the package.
    public static var tripleDebugFolder: String {
        #if arch(x86_64)
        ".build/x86_64-unknown-linux-gnu/debug"
        #else
        ".build/aarch64-unknown-linux-gnu/debug"
        #endif
    }

    /// Package `Planted`, whose manifest (run by every `swift build`) plants a year-newer `ZZZPackageTests.xctest`
    /// in `.build/<triple>/debug` that lists one test, `Planted.ZZZFake/testFake`, and says it passed.
    public static func writePlantedBundle(into fixture: GitFixture) throws {
        let script = fakeBundleScript(listed: "Planted.ZZZFake/testFake", real: nil)
        let prelude = """

            // Manifest code runs on every build, as the package's user, before anything is built.
            let plantedFolder = Context.packageDirectory + "/\(tripleDebugFolder)"
            try? FileManager.default.createDirectory(atPath: plantedFolder, withIntermediateDirectories: true)
            let plantedBundle = plantedFolder + "/ZZZPackageTests.xctest"
            let plantedScript = #\"""
            \(script)
            \"""#
            if FileManager.default.createFile(atPath: plantedBundle, contents: Data(plantedScript.utf8)) {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755, .modificationDate: Date().addingTimeInterval(365 * 86_400)], ofItemAtPath: plantedBundle)
            }

            """
        try writePackage(name: "Planted", target: "PlantedTests", prelude: prelude, honest: true, into: fixture)
    }

    /// Package `Reach`: its test `AAAServerTests/testReachTheServer` tries to change what later tests run by reaching the
    /// fork server it was forked from (pid 1 of its namespace): write its memory, read its environment, kill it, and
    /// find a socket it inherited (the server's request socket). It prints
    /// `REACH <step>: ok|refused <errno>` for each and never fails itself.
    public static func writeServerReach(into fixture: GitFixture) throws {
        try writePackage(name: "Reach", target: "ReachTests", honest: true, into: fixture)
        try fixture.write("Tests/ReachTests/AAAServerTests.swift", """
            import Foundation
            import XCTest

            final class AAAServerTests: XCTestCase {
                func testReachTheServer() {
                    func report(_ name: String, _ result: Int32) {
                        print("REACH \\(name): \\(result >= 0 ? "ok" : "refused \\(errno)")")
                    }
                    print("REACH parent: \\(getppid())")
                    report("mem", open("/proc/1/mem", O_RDWR))
                    report("environ", open("/proc/1/environ", O_RDONLY))
                    // The runtime's own (dispatch's eventfd, epoll, timerfd) are not sockets; the server's request socket would be.
                    let sockets = (4..<1024).filter { fcntl($0, F_GETFD) >= 0 }.filter { descriptor in
                        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\\(descriptor)"))?.hasPrefix("socket:") == true
                    }
                    print("REACH sockets: \\(sockets.isEmpty ? "none" : "\\(sockets)")")
                    report("kill", kill(1, SIGKILL))
                    usleep(100_000)
                }
            }

            """)
    }

    /// Package `Many`: `count` XCTest tests that pass at once, for a run with many short test processes.
    public static func writeManyQuickTests(into fixture: GitFixture, count: Int) throws {
        try writePackage(name: "Many", target: "ManyTests", honest: false, into: fixture)
        let methods = (1...count).map { "    func test\(String(format: "%03d", $0))() { XCTAssertEqual(\($0) + 1, \($0 + 1)) }" }
        try fixture.write("Tests/ManyTests/ManyTests.swift", "import XCTest\n\nfinal class Quick: XCTestCase {\n\(methods.joined(separator: "\n"))\n}\n")
    }
}
