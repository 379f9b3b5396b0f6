import Foundation
#if canImport(Glibc)
import Glibc
#endif
import GateTestSupport
import Testing

/// What a failed build prints after `Result:`, with the built gate: the compiler's error, and a log path that still
/// opens once the run has ended, beside the verdict wherever `--out` put it.
struct FailedBuildOutputTests {
    @Test func aFailedBuildNamesItsErrorAndALogThatOutlivesTheRun() throws {
        let fixture = try GitFixture()
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Broken", targets: [.target(name: "Broken")])

            """
        try fixture.makeRepository(committing: [
            "Package.swift": manifest, "Sources/Broken/Broken.swift": "public func f() -> Int { undefinedName }\n",
            "gate/cfa-change-gate.md": "# Gate\n\n1. **Builds.** <!-- probe: build -->\n",
        ])
        let out = fixture.path(".git/elsewhere/verdict.json")
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", out], in: fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.components(separatedBy: "\n")
        #expect(lines.contains("      Sources/Broken/Broken.swift:1:26: error: cannot find 'undefinedName' in scope"), "\(result.standardOutput)")
        let logs = lines.filter { $0.hasPrefix("      log: ") }.map { String($0.dropFirst("      log: ".count)) }
        #expect(logs.contains(fixture.path(".git/elsewhere/verdict.logs/1-build.log")), "\(result.standardOutput)")
        for log in logs { #expect(FileManager.default.fileExists(atPath: log), "\(log)") }
        let build = try String(contentsOfFile: fixture.path(".git/elsewhere/verdict.logs/1-build.log"), encoding: .utf8)
        #expect(build.contains("undefinedName"))
    }

    /// SwiftPM itself can crash (6.3 does on `-Xswiftc` with a flag the compiler does not know): the item names the signal
    /// and the runtime's one-line reason, and the excerpt starts there, not at the register dump the backtrace ends with.
    @Test func aCrashingSwiftBuildNamesTheSignalAndTheFatalErrorLine() throws {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: [
            "Package.swift":
                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Fine\", targets: [.target(name: \"Fine\")])\n",
            "Sources/Fine/Fine.swift": "public func f() -> Int { 1 }\n",
            "gate/cfa-change-gate.md": "# Gate\n\n1. **Builds.** <!-- probe: build -->\n",
            ".gitignore": "tools/\n",
        ])
        var environment = SwiftPackageFixture.environment(for: fixture)
        let path = environment["PATH"] ?? ""
        let realSwift = try #require(
            path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) })
        // A `swift` whose `build` crashes as SwiftPM's does; everything else is the toolchain's own.
        try fixture.write("tools/swift", """
            #!/bin/sh
            if [ "$1" = build ]; then
                echo "Build/LLBuildCommands.swift:419: Fatal error: 'try!' expression unexpectedly raised an error: unknown argument"
                echo "*** Signal 4: Backtracing from 0x00007f0000000000... done ***"
                echo "rip 0x00007fdf5c0f9361  0f 0b 48 83 ec 08"
                exec \(fixture.path("tools/trap"))
            fi
            exec \(realSwift) "$@"

            """)
        // The command runs as its PID namespace's first process, which ignores a `kill` it sends itself: it dies of a real
        // illegal instruction instead, as SwiftPM's `try!` does.
        try fixture.write("tools/trap.c", "int main(void) { __builtin_trap(); }\n")
        let clang = URL(fileURLWithPath: realSwift).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("clang").path
        let compiled = try fixture.run(clang, ["-o", fixture.path("tools/trap"), fixture.path("tools/trap.c")], environment: environment)
        #expect(compiled.status == 0, "\(compiled.standardError)")
        #expect(chmod(fixture.path("tools/swift"), 0o755) == 0)
        #expect(chmod(fixture.path("tools"), 0o755) == 0)
        environment["PATH"] = "\(fixture.path("tools")):\(path)"
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path(".git/v.json")], in: fixture, environment: environment)
        #expect(result.status == 3, "\(result.standardOutput)\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "`swift build` was killed by signal 4 (SIGILL): Build/LLBuildCommands.swift:419: Fatal error: 'try!' expression"),
            "\(result.standardOutput)")
        let excerpt = result.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("      | ") }
        #expect(excerpt.first?.contains("Fatal error") == true, "\(result.standardOutput)")
    }
}
