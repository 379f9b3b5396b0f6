import Foundation
import GateTestSupport
import Testing

/// The signing key never reaches the code under test: not through its environment, not through any
/// ancestor's `/proc/<pid>/environ`, not through an inherited descriptor.
struct KeyOutOfReachTests {
    /// Exits 1 and says where, if the key (its PEM marker or its variable) can be found.
    private static let hunter = #"""
        #!/bin/sh
        found=0
        if env | grep -q -e 'PRIVATE KEY' -e CFA_GATE_SIGNING_KEY; then echo "found: own environment"; found=1; fi
        pid=$$
        while [ "$pid" -gt 1 ]; do
          if [ -r "/proc/$pid/environ" ] && tr '\0' '\n' < "/proc/$pid/environ" | grep -q -e 'PRIVATE KEY' -e CFA_GATE_SIGNING_KEY; then
            echo "found: environ of $pid ($(cat /proc/$pid/comm))"; found=1
          fi
          pid=$(sed 's/.*) //' "/proc/$pid/stat" | cut -d' ' -f2)
        done
        # A child's view of what it inherited: all but 0–2 and `ls`'s own handle on the folder it lists.
        list=$(mktemp)
        ls -l /proc/self/fd > "$list"
        if grep ' -> ' "$list" | grep -v -e ' [012] -> ' -e ' -> /proc/[0-9]*/fd$'; then echo "found: inherited descriptors"; found=1; fi
        rm -f "$list"
        [ "$found" = 0 ] && echo "nothing found"
        exit $found
        """#

    private func repository() throws -> GitFixture {
        try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": "1. **No key in reach.** <!-- probe: command: sh hunt.sh -->\n", "hunt.sh": Self.hunter],
            change: ["notes.txt": "a change\n"])
    }

    private func key() throws -> (path: String, pem: String, cleanup: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-key-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = "\(folder)/signing.pem"
        let made = try GitFixture().run(CFAGateBinary.path, ["keygen", "--out", path], environment: ["PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "\(made.standardError)")
        return (path, try String(contentsOfFile: path, encoding: .utf8), { try? FileManager.default.removeItem(atPath: folder) })
    }

    private func log(_ fixture: GitFixture, verdict: String) throws -> String {
        try String(contentsOfFile: fixture.path("\(verdict).logs/1-command.log"), encoding: .utf8)
    }

    @Test func aKeyInTheEnvironmentIsOutOfReach() throws {
        let fixture = try repository()
        let key = try key()
        defer { key.cleanup() }
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["CFA_GATE_SIGNING_KEY"] = key.pem
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture, environment: environment)
        let hunted = try log(fixture, verdict: "v")
        #expect(hunted.contains("nothing found"), "\(hunted)")
        #expect(result.status == 0, "\(result.standardOutput)")
        let signer = try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["signer"] as? [String: Any]
        #expect(signer?["source"] as? String == "environment")
    }

    @Test func aKeyFileGivenThroughADescriptorIsOutOfReach() throws {
        let fixture = try repository()
        let key = try key()
        defer { key.cleanup() }
        // `--key /dev/fd/3` with the key open on descriptor 3: the gate holds it while the probes run.
        let result = try fixture.run(
            "/bin/sh", ["-c", "exec \"$0\" run --no-progress --key /dev/fd/3 --out v.json 3<\"$1\"", CFAGateBinary.path, key.path],
            environment: SwiftPackageFixture.environment(for: fixture))
        let hunted = try log(fixture, verdict: "v")
        #expect(hunted.contains("nothing found"), "\(hunted)")
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let signer = try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["signer"] as? [String: Any]
        #expect(signer?["source"] as? String == "file")
    }

    @Test func aKeyFileInsideTheWorkingTreeIsRefused() throws {
        let fixture = try repository()
        let key = try key()
        defer { key.cleanup() }
        try fixture.write("ci/key.pem", key.pem)
        let byOption = try CFAGateBinary.run(["run", "--no-progress", "--key", "ci/key.pem"], in: fixture)
        #expect(byOption.status == 2)
        #expect(byOption.standardError.contains("ci/key.pem: the signing key is inside the repository's working tree"), "\(byOption.standardError)")
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["CFA_GATE_SIGNING_KEY"] = fixture.path("ci/key.pem")
        let byVariable = try CFAGateBinary.run(["run", "--no-progress"], in: fixture, environment: environment)
        #expect(byVariable.status == 2)
        #expect(!FileManager.default.fileExists(atPath: fixture.path(".git/cfa-gate/verdicts")))
    }

    @Test func aVariableHoldingNeitherPEMTextNorAFileSaysSoWithoutPrintingIt() throws {
        let fixture = try repository()
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["CFA_GATE_SIGNING_KEY"] = "not a key"
        let result = try CFAGateBinary.run(["run", "--no-progress"], in: fixture, environment: environment)
        #expect(result.status == 2)
        #expect(result.standardError.contains("CFA_GATE_SIGNING_KEY holds neither PEM text"), "\(result.standardError)")
        #expect(!result.standardError.contains("working tree"), "\(result.standardError)")
        #expect(!result.standardError.contains("not a key"), "the value may be a mangled key: never print it")
    }
}
