import Foundation
import GateTestSupport
import Testing

/// A simulated hosted runner, as the README's CI block meets one: a pull request's checkout owned by the non-root
/// `ciuser` (who has passwordless sudo while a test says so), `origin/main` its base, the public key committed where the
/// README puts it, a `RUNNER_TEMP` and a step summary of the runner user's own, and the gate installed by
/// `Scripts/install.sh`. A step runs as a workflow's `run:` script does: `bash -e`, as the job's user, `KEY` in its
/// environment.
struct HostedRunner {
    var fixture: GitFixture
    var key: String
    var runnerTemp: String
    var prefix: String

    static let reason: Comment = "needs root, ciuser, setpriv and sudo (as CI has them)"
    static var available: Bool { AttackHost.canActAsCIUser && AttackHost.tool("sudo") != nil }

    /// `package` writes the change's package; `checklist` is the base's `gate/cfa-change-gate.md`.
    static func make(checklist: String, package: (GitFixture) throws -> Void) throws -> HostedRunner {
        let user = try #require(AttackHost.ciUser)
        let keys = try AttackHost.folder("readme-key")
        let fixture = try GitFixture()
        let made = try fixture.run(CFAGateBinary.path, ["keygen", "--out", "\(keys)/ci-signing.pem"], environment: ["PATH": "/usr/bin:/bin"])
        try #require(made.status == 0, "\(made.standardError)")
        try package(fixture)
        try fixture.makeRepository(committing: [
            "gate/cfa-change-gate.md": checklist, ".github/cfa-gate.pub": try String(contentsOfFile: "\(keys)/ci-signing.pem.pub", encoding: .utf8),
            ".gitignore": ".build/\n.swiftpm/\n/verdict/\n",
        ])
        try fixture.git("update-ref", "refs/remotes/origin/main", "HEAD")
        try fixture.git("checkout", "-q", "-b", "change")
        try fixture.write("notes.txt", "a change\n")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-qm", "the change")
        try AttackHost.chown(fixture.root, to: user.uid, user.gid)
        let runnerTemp = try AttackHost.folder("runner-temp", owner: (user.uid, user.gid))
        try FileManager.default.createDirectory(atPath: "\(runnerTemp)/home", withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: "\(runnerTemp)/step-summary.md", contents: nil)
        try AttackHost.chown(runnerTemp, to: user.uid, user.gid)
        return HostedRunner(fixture: fixture, key: "\(keys)/ci-signing.pem", runnerTemp: runnerTemp, prefix: try KeyReachTests.install())
    }

    /// Where the README's gate step writes the verdict.
    var verdictPath: String { "\(runnerTemp)/verdict/verdict.json" }

    func environment(key pem: String) -> [String: String] {
        var environment = SwiftPackageFixture.environment(for: fixture)
        environment["PATH"] = "\(prefix)/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = "\(runnerTemp)/home"
        environment["KEY"] = pem
        environment["GITHUB_BASE_REF"] = "main"
        environment["RUNNER_TEMP"] = runnerTemp
        environment["GITHUB_ACTIONS"] = "true"
        environment["GITHUB_STEP_SUMMARY"] = "\(runnerTemp)/step-summary.md"
        return environment
    }

    /// Runs `step` on a thread of its own (a package build takes a while here, and the suite's shared threads must not
    /// wait on it).
    func run(_ step: String) async throws -> ProcessResult {
        let environment = environment(key: try String(contentsOfFile: key, encoding: .utf8))
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    try AttackHost.run(AttackHost.asCIUserPrefix, ["/bin/bash", "-e", "-c", step], in: fixture, environment: environment)
                })
            }.start()
        }
    }

    /// The verify job's checkout: the verdict and its logs downloaded into `verdict/`, as the README's verify step reads them.
    func downloadVerdict() throws {
        let user = try #require(AttackHost.ciUser)
        try FileManager.default.createDirectory(atPath: fixture.path("verdict"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: verdictPath, toPath: fixture.path("verdict/verdict.json"))
        try FileManager.default.copyItem(atPath: "\(runnerTemp)/verdict/verdict.logs", toPath: fixture.path("verdict/verdict.logs"))
        try AttackHost.chown(fixture.path("verdict"), to: user.uid, user.gid)
    }

    func remove() {
        for folder in [runnerTemp, prefix, (key as NSString).deletingLastPathComponent] { try? FileManager.default.removeItem(atPath: folder) }
    }
}
