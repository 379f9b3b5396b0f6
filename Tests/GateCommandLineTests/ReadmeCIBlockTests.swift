#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// The README's "CI in one block", run as written on a simulated hosted runner: a non-root `ciuser` with passwordless
/// sudo, `KEY` in the step's environment, the runner's variables, the gate installed by `Scripts/install.sh`.
@Suite(.serialized) struct ReadmeCIBlockTests {
    /// The README's block: its shell steps, each a command with its continuation lines, comments left out.
    static func readmeSteps() throws -> [String] {
        let readme = try String(contentsOf: KeyReachTests.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## CI in one block").dropFirst().first, "README.md has no CI block")
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "\n```").first)
        var steps: [String] = []
        var current: String?
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let open = current {
                current = open + "\n" + line
            } else if !line.hasPrefix("#"), !line.trimmingCharacters(in: .whitespaces).isEmpty {
                current = line
            }
            if let complete = current, !line.hasSuffix("\\") {
                steps.append(complete)
                current = nil
            }
        }
        return steps
    }

    static func step(startingWith prefix: String) throws -> String {
        try #require(try readmeSteps().first { $0.hasPrefix(prefix) }, "no step starting with \(prefix) in README.md's CI block")
    }

    /// A package whose two tests pass, with a checklist that runs them and checks the tree.
    private static func passingRunner() throws -> HostedRunner {
        let checklist = "# Gate\n\n1. **Tests pass.** <!-- probe: test -->\n2. **The tree is clean.** <!-- probe: git-clean -->\n"
        return try HostedRunner.make(checklist: checklist) { try AttackPackages.writeManyQuickTests(into: $0, count: 2) }
    }

    @Test func theBlockHasAGateStepAndAVerifyStep() throws {
        #expect(try Self.step(startingWith: "exec sudo ").contains("cfa-gate run --key -"))
        #expect(try Self.step(startingWith: "git show ").contains("cfa-gate verify verdict/verdict.json --pubkey \"$RUNNER_TEMP/cfa-gate.pub\" --policy-ref"))
        #expect(try Self.readmeSteps().contains { $0.contains("sudo bash Scripts/install.sh ") })
    }

    @Test(.enabled(if: HostedRunner.available, HostedRunner.reason))
    func theGateStepRunsVerbatimSignsWithTheKeyAndTheVerifyStepAcceptsIt() async throws {
        let runner = try Self.passingRunner()
        defer { runner.remove() }
        let step = try Self.step(startingWith: "exec sudo ")
        let result = try await AttackHost.withPasswordlessSudo { try await runner.run(step) }
        let verdictPath = runner.verdictPath
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let predicate = try AttackHost.verdict(verdictPath)
        #expect(predicate["result"] as? String == "passed", "\(AttackHost.logs(beside: verdictPath))")
        #expect((predicate["signer"] as? [String: Any])?["source"] as? String == "file")
        #expect(FileManager.default.fileExists(atPath: "\(runner.runnerTemp)/verdict/cfa-gate.sarif"))
        // Installed, the gate still finds the fork server library beside itself.
        let testRun = (AttackHost.items(predicate).first?["evidence"] as? [String: Any])?["testRun"] as? [String: Any]
        #expect((testRun?["processStart"] as? [String: Any])?["method"] as? String == "forked", "\(testRun ?? [:])")
        // The verify job: the verdict downloaded into `verdict/`, the step as written.
        try runner.downloadVerdict()
        let verified = try await runner.run(try Self.step(startingWith: "git show "))
        #expect(verified.status == 0, "\(verified)")
    }

    @Test(.enabled(if: HostedRunner.available, HostedRunner.reason))
    func withoutExecTheShellLeftHoldingTheKeyIsNamedAndTheKeyRefused() async throws {
        let runner = try Self.passingRunner()
        defer { runner.remove() }
        // The same step without `exec`: the runner user's shell stays above sudo with the key in its environment.
        let step = String(try Self.step(startingWith: "exec sudo ").dropFirst("exec ".count))
        let result = try await AttackHost.withPasswordlessSudo { try await runner.run(step) }
        #expect(result.status == 2, "\(result)")
        #expect(result.standardError.contains("(bash), which started the gate"), "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "\(runner.runnerTemp)/verdict/verdict.json"))
    }

    @Test(.enabled(if: AttackHost.isRoot && AttackHost.ciUser != nil, "needs root and ciuser"))
    func installPutsTheGateExecuteOnlyWithItsLibrariesAndDocumentationBesideIt() throws {
        let prefix = try KeyReachTests.install()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let built = URL(fileURLWithPath: CFAGateBinary.path).deletingLastPathComponent().path
        var status = stat()
        #expect(stat("\(prefix)/bin/cfa-gate", &status) == 0 && status.st_mode & 0o7777 == 0o711 && status.st_uid == 0, "\(status.st_mode)")
        let libraries = try FileManager.default.contentsOfDirectory(atPath: built).filter { $0.hasPrefix("libCFAGate") && $0.hasSuffix(".so") }
        #expect(libraries.contains("libCFAGateForkServer.so"), "\(libraries)")
        for library in libraries {
            #expect(stat("\(prefix)/bin/\(library)", &status) == 0 && status.st_mode & 0o7777 == 0o644, "\(library)")
        }
        #expect(FileManager.default.fileExists(atPath: "\(prefix)/share/doc/cfa-gate/Documentation/ThreatModel.md"))
        // Another user can run it, and cannot read it.
        let fixture = try GitFixture()
        let version = try AttackHost.run(AttackHost.asCIUserPrefix, ["\(prefix)/bin/cfa-gate", "--version"], in: fixture, environment: ["PATH": "/usr/bin:/bin"])
        #expect(version.status == 0 && version.standardOutput.hasPrefix("cfa-gate "), "\(version)")
        let read = try AttackHost.run(AttackHost.asCIUserPrefix, ["/bin/cat", "\(prefix)/bin/cfa-gate"], in: fixture, environment: ["PATH": "/usr/bin:/bin"])
        #expect(read.status != 0, "ciuser read the installed binary")
    }

    @Test(.enabled(if: AttackHost.canActAsCIUser, "needs root, ciuser and setpriv"))
    func anExecuteOnlyGateThatCannotReadItsOwnBuildIDStillKeepsEachBuildsAnalysisCacheApart() throws {
        let user = try #require(AttackHost.ciUser)
        // Two installs standing in for two builds: to a user who cannot read them, they differ only by their file stamp.
        let first = try KeyReachTests.install()
        let second = try KeyReachTests.install()
        defer { [first, second].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: "\(second)/bin/cfa-gate")
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["Sources/App/App.swift": "struct App {}\n"])
        try AttackHost.chown(fixture.root, to: user.uid, user.gid)
        for prefix in [first, second] {
            var environment = SwiftPackageFixture.environment(for: fixture)
            environment["HOME"] = fixture.root
            let analyzed = try AttackHost.run(AttackHost.asCIUserPrefix, ["\(prefix)/bin/cfa-gate", "analyze"], in: fixture, environment: environment)
            #expect(analyzed.status == 0 || analyzed.status == 1, "\(analyzed)")
        }
        let identities = try FileManager.default.contentsOfDirectory(atPath: fixture.path(".git/cfa-gate/cache")).filter { !$0.hasPrefix(".") }
        #expect(identities.count == 2, "one cache for two builds: \(identities)")
    }
}
