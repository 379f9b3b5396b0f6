import Foundation
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
}
