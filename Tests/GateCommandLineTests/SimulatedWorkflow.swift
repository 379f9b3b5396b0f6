#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// The documentation's workflows, read from their Markdown.
enum WorkflowDocuments {
    static func text(_ relative: String) throws -> String {
        try String(contentsOf: KeyReachTests.repositoryRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Every fenced block of `language` in the page, in order.
    static func blocks(_ language: String, in relative: String) throws -> [String] {
        try text(relative).components(separatedBy: "```\(language)\n").dropFirst().map { $0.components(separatedBy: "\n```").first ?? "" }
    }

    /// CI.md's workflows: the YAML blocks, each parsed, with its `name:`.
    static func workflows() throws -> [(name: String, text: String, value: YAMLValue)] {
        try blocks("yaml", in: "Documentation/CI.md").map { text in
            let value = try YAMLValue.parse(text)
            return (value["name"]?.string ?? "?", text, value)
        }
    }

    static func workflow(named name: String) throws -> YAMLValue {
        try #require(try workflows().first { $0.name == name }?.value, "CI.md has no workflow named \(name)")
    }
}

/// One pull request's run of a documented workflow on a simulated GitHub-hosted runner, job by job, each on a fresh
/// "VM" (its own workspace, `RUNNER_TEMP`, `HOME` and install prefix), the Actions cache and the artifacts shared.
///
/// `run:` steps run as written: `${{ … }}` substituted from a small table of the event's values (the pull request's
/// head and number, the server, `runner.temp`, the secret, the matrix, earlier steps' outputs), the step's `env:`
/// over the workflow's, `bash --noprofile --norc -eo pipefail` as the job's user (`ciuser`, with passwordless sudo
/// while the test says so), with `GITHUB_WORKSPACE`, `RUNNER_TEMP`, `GITHUB_OUTPUT`, `GITHUB_ENV`, `GITHUB_PATH`
/// and `GITHUB_STEP_SUMMARY` files read back after each step as the runner reads them. Optionally everything runs
/// under `NoNamespaces` (a host or container that refuses namespaces).
///
/// A `uses:` step is replaced by what the action does, in a stand-in:
/// - `actions/checkout`: a clone of the fixture repository at `ref` (default: the base commit, as on
///   `pull_request_target`) into the workspace, with every branch when `fetch-depth: 0` and none otherwise;
///   like checkout v7 it refuses the pull request's head on `pull_request_target` without `allow-unsafe-pr-checkout`.
/// - `actions/cache/restore`, `actions/cache/save`: a folder per key; `lookup-only` and `fail-on-cache-miss` honored.
/// - `actions/upload-artifact`, `actions/download-artifact`: a folder per artifact name; `pattern` and
///   `merge-multiple` honored. An upload of nothing uploads nothing (the action's default only warns).
/// - `github/codeql-action/upload-sarif`: checks the file is JSON and records `ref`, `sha` and `category`.
/// Not Sendable: a test makes one on the thread that runs it (`onThread`) and hands back only what it read.
final class SimulatedWorkflow {

    struct StepFailure: Error, CustomStringConvertible {
        var description: String
    }

    struct Event {
        var headSHA: String
        var baseSHA: String
        var baseRef = "main"
        var number = "7"
    }

    let workflow: YAMLValue
    let repository: GitFixture
    let machine: GitFixture
    let secrets: [String: String]
    var event: Event
    let namespaces: Bool
    /// Workflow `env:` values the test sets instead (the adopter's variables: where to install, which commit), from
    /// the job's VM.
    var overrides: [String: (Job) -> String]
    /// What each step printed, for failure messages.
    private(set) var transcript = ""
    private(set) var sarifUploads: [[String: String]] = []
    /// The prefix each job (by its name and matrix value) installed the gate into.
    private(set) var prefixes: [String: String] = [:]
    private var jobCount = 0

    init(workflow: YAMLValue, repository: GitFixture, secrets: [String: String], event: Event, namespaces: Bool) throws {
        self.workflow = workflow
        self.repository = repository
        self.secrets = secrets
        self.event = event
        self.namespaces = namespaces
        machine = try GitFixture()
        overrides = [:]
        for folder in ["cache", "artifacts", "server"] { try machine.makeDirectory(folder) }
    }

    var cacheStore: String { machine.path("cache") }
    var artifactStore: String { machine.path("artifacts") }

    /// Puts `folder`'s contents into the cache under `key`, as a save would have.
    func seedCache(key: String, from folder: String) throws {
        try Self.copy(folder, to: "\(cacheStore)/\(Self.safeName(key))")
    }

    func removeArtifact(_ name: String) throws {
        try FileManager.default.removeItem(atPath: "\(artifactStore)/\(name)")
    }

    // MARK: Jobs

    /// The state of one job's VM.
    struct Job {
        var name: String
        var matrix: [String: String]
        var root: String
        var workspace: String { "\(root)/work" }
        var temp: String { "\(root)/temp" }
        var home: String { "\(root)/home" }
        var prefix: String { "\(root)/prefix" }
        var outputs: [String: [String: String]] = [:]
        var addedEnvironment: [String: String] = [:]
        var addedPath: [String] = []
        var failed = false
    }

    /// Runs the job `name` (with one matrix value when given): every step in order, `if:` decided as the runner does.
    /// Returns the job's end state (`failed`, the steps' outputs); `stopAfter` ends it after the step whose `uses:` or `name:` contains that text.
    @discardableResult
    func run(job name: String, matrix: [String: String] = [:], stopAfter: String? = nil) throws -> Job {
        let definition = try Self.need(workflow["jobs"]?[name], "no job \(name)")
        let user = try Self.need(AttackHost.ciUser)
        jobCount += 1
        var job = Job(name: name, matrix: matrix, root: machine.path("job-\(jobCount)-\(name)"))
        for folder in [job.workspace, job.temp, job.home] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try AttackHost.chown(job.root, to: user.uid, user.gid)
        prefixes["\(name)\(matrix.values.sorted().joined())"] = job.prefix
        transcript += "== job \(name) \(matrix)\n"
        for (offset, step) in (definition["steps"]?.items ?? []).enumerated() {
            let label = step["name"]?.string ?? step["uses"]?.string ?? "step \(offset + 1)"
            guard try condition(step["if"]?.string, job: job) else {
                transcript += "-- skipped: \(label)\n"
                continue
            }
            transcript += "-- \(label)\n"
            do {
                if let action = step["uses"]?.string {
                    try use(action, with: step["with"] ?? .null, id: step["id"]?.string, job: &job)
                } else {
                    try runStep(step, offset: offset, job: &job)
                }
            } catch let failure as StepFailure {
                transcript += "   failed: \(failure)\n"
                job.failed = true
            }
            if let stopAfter, label.contains(stopAfter) { break }
        }
        return job
    }

    // MARK: Expressions

    /// The value of one `${{ … }}` expression from the event's table.
    func evaluate(_ expression: String, job: Job) throws -> String {
        let path = expression.trimmingCharacters(in: .whitespaces)
        let parts = path.split(separator: ".").map(String.init)
        switch parts.first {
        case "github":
            switch path {
            case "github.event.pull_request.head.sha": return event.headSHA
            case "github.event.pull_request.number": return event.number
            case "github.server_url": return "file://\(machine.path("server"))"
            case "github.base_ref": return event.baseRef
            default: break
            }
        case "runner" where path == "runner.temp": return job.temp
        case "secrets" where parts.count == 2:
            return try Self.need(secrets[parts[1]], "no secret \(parts[1]) in the test's table")
        case "matrix" where parts.count == 2:
            return try Self.need(job.matrix[parts[1]], "no matrix value \(parts[1])")
        case "steps" where parts.count == 4 && parts[2] == "outputs":
            return job.outputs[parts[1]]?[parts[3]] ?? ""
        case "env" where parts.count == 2:
            return try environment(job: job, step: .null)[parts[1]] ?? ""
        default: break
        }
        throw StepFailure(description: "the test's table has no value for `${{ \(path) }}`")
    }

    /// `text` with every `${{ … }}` replaced.
    func substitute(_ text: String, job: Job) throws -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { throw StepFailure(description: "an unclosed `${{` in \(text)") }
            result += try evaluate(String(rest[open.upperBound..<close.lowerBound]), job: job)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// An `if:`: a status function, or a comparison of a context value with a quoted literal (which, as on GitHub,
    /// also requires the job to be succeeding).
    func condition(_ text: String?, job: Job) throws -> Bool {
        guard var expression = text?.trimmingCharacters(in: .whitespaces) else { return !job.failed }
        if expression.hasPrefix("${{"), expression.hasSuffix("}}") {
            expression = String(expression.dropFirst(3).dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        switch expression {
        case "always()": return true
        case "success()": return !job.failed
        case "failure()": return job.failed
        default: break
        }
        for comparison in [" != ", " == "] {
            let sides = expression.components(separatedBy: comparison)
            guard sides.count == 2 else { continue }
            let literal = sides[1].trimmingCharacters(in: .whitespaces)
            guard literal.count >= 2, literal.hasPrefix("'"), literal.hasSuffix("'") else { break }
            let left = try evaluate(sides[0], job: job)
            let equal = left == String(literal.dropFirst().dropLast())
            return !job.failed && (comparison == " == " ? equal : !equal)
        }
        throw StepFailure(description: "the test cannot decide `if: \(expression)`")
    }

    // MARK: Run steps

    /// The step's environment: the runner's variables, then the workflow's `env:`, what earlier steps wrote to
    /// `GITHUB_ENV`, and the step's own `env:`.
    func environment(job: Job, step: YAMLValue) throws -> [String: String] {
        var environment = SwiftPackageFixture.environment(for: repository)
        environment["HOME"] = job.home
        environment["PATH"] = (job.addedPath.reversed() + [environment["PATH"] ?? "/usr/bin:/bin"]).joined(separator: ":")
        let runner: [String: String] = [
            "CI": "true", "GITHUB_ACTIONS": "true", "GITHUB_EVENT_NAME": "pull_request_target",
            "GITHUB_BASE_REF": event.baseRef, "GITHUB_HEAD_REF": "change", "GITHUB_SHA": event.baseSHA,
            "GITHUB_REF": "refs/heads/\(event.baseRef)", "GITHUB_REPOSITORY": "example/app", "GITHUB_RUN_ID": "1",
            "GITHUB_SERVER_URL": "file://\(machine.path("server"))", "GITHUB_WORKSPACE": job.workspace,
            "RUNNER_TEMP": job.temp, "GITHUB_STEP_SUMMARY": "\(job.temp)/_runner_file_commands/step_summary",
        ]
        environment.merge(runner) { $1 }
        for entry in workflow["env"]?.entries ?? [] {
            environment[entry.key] = try overrides[entry.key]?(job) ?? substitute(entry.value.string ?? "", job: job)
        }
        environment.merge(job.addedEnvironment) { $1 }
        for entry in step["env"]?.entries ?? [] {
            environment[entry.key] = try substitute(entry.value.string ?? "", job: job)
        }
        return environment
    }

    private func runStep(_ step: YAMLValue, offset: Int, job: inout Job) throws {
        let user = try Self.need(AttackHost.ciUser)
        let script = try substitute(try Self.need(step["run"]?.string, "a step with neither run nor uses"), job: job)
        let commands = "\(job.temp)/_runner_file_commands"
        try FileManager.default.createDirectory(atPath: commands, withIntermediateDirectories: true)
        let files = ["output": "GITHUB_OUTPUT", "env": "GITHUB_ENV", "path": "GITHUB_PATH"]
        var environment = try self.environment(job: job, step: step)
        for (file, variable) in files {
            let path = "\(commands)/\(file)-\(offset)"
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            environment[variable] = path
        }
        if !FileManager.default.fileExists(atPath: environment["GITHUB_STEP_SUMMARY"]!) {
            _ = FileManager.default.createFile(atPath: environment["GITHUB_STEP_SUMMARY"]!, contents: nil)
        }
        let scriptPath = "\(job.temp)/_step-\(offset).sh"
        try script.write(toFile: scriptPath, atomically: false, encoding: .utf8)
        try AttackHost.chown(job.temp, to: user.uid, user.gid)
        let prefix = (namespaces ? [] : [AttackHost.noNamespaces, "--keep-new-privileges"]) + AttackHost.asCIUserPrefix
        let relative = String(job.workspace.dropFirst(machine.root.count + 1))
        let result = try machine.run(
            prefix[0], Array(prefix.dropFirst()) + ["/bin/bash", "--noprofile", "--norc", "-eo", "pipefail", scriptPath],
            in: relative, environment: environment)
        transcript += result.standardOutput + result.standardError
        let outputs = Self.commandFile("\(commands)/output-\(offset)")
        if let id = step["id"]?.string { job.outputs[id, default: [:]].merge(outputs) { $1 } }
        job.addedEnvironment.merge(Self.commandFile("\(commands)/env-\(offset)")) { $1 }
        let added = (try? String(contentsOfFile: "\(commands)/path-\(offset)", encoding: .utf8)) ?? ""
        job.addedPath += added.split(separator: "\n").map(String.init)
        guard result.status == 0 else { throw StepFailure(description: "exit \(result.status)") }
    }

    /// `name=value` lines and `name<<DELIMITER` … `DELIMITER` blocks, as the runner reads its command files.
    static func commandFile(_ path: String) -> [String: String] {
        let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var values: [String: String] = [:]
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if let heredoc = line.range(of: "<<"), !line[..<heredoc.lowerBound].contains("=") {
                let delimiter = String(line[heredoc.upperBound...])
                var body: [String] = []
                while index < lines.count, lines[index] != delimiter { body.append(lines[index]); index += 1 }
                index += 1
                values[String(line[..<heredoc.lowerBound])] = body.joined(separator: "\n")
            } else if let equals = line.firstIndex(of: "=") {
                values[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        return values
    }

    // MARK: Stand-ins for actions

    private func use(_ action: String, with inputs: YAMLValue, id: String?, job: inout Job) throws {
        var values: [String: String] = [:]
        for entry in inputs.entries { values[entry.key] = try substitute(entry.value.string ?? "", job: job) }
        let name = String(action.split(separator: "@").first ?? "")
        let user = try Self.need(AttackHost.ciUser)
        switch name {
        case "actions/checkout":
            let ref = values["ref"] ?? event.baseSHA
            if ref != event.baseSHA, values["allow-unsafe-pr-checkout"] != "true" {
                throw StepFailure(description: "Refusing to check out fork pull request code from a 'pull_request_target' workflow (checkout v7)")
            }
            let relative = String(job.workspace.dropFirst(machine.root.count + 1))
            var git = AttackHost.asCIUserPrefix + ["/usr/bin/git", "-c", "advice.detachedHead=false"]
            let environment = try self.environment(job: job, step: .null)
            for arguments in [["clone", "-q", "--no-hardlinks", repository.root, "."], ["checkout", "-q", "--detach", ref]] {
                let result = try machine.run(git[0], Array(git.dropFirst()) + arguments, in: relative, environment: environment)
                guard result.status == 0 else { throw StepFailure(description: "checkout: \(result.standardError)") }
            }
            if values["fetch-depth"] != "0" {
                // A shallow fetch of the one commit: no other branch is there.
                git += ["for-each-ref", "--format=delete %(refname)", "refs/remotes/origin/"]
                let refs = try machine.run(git[0], Array(git.dropFirst()), in: relative, environment: environment).standardOutput
                let deleting = try machine.run(
                    AttackHost.asCIUserPrefix[0], Array(AttackHost.asCIUserPrefix.dropFirst()) + ["/bin/sh", "-c", "printf '%s' \"$REFS\" | git update-ref --stdin"], in: relative,
                    environment: environment.merging(["REFS": refs]) { $1 })
                guard deleting.status == 0 else { throw StepFailure(description: "checkout: \(deleting.standardError)") }
            }
        case "actions/cache/restore":
            let key = try Self.need(values["key"].flatMap { $0.isEmpty ? nil : $0 }, "a cache restore without a key")
            let entry = "\(cacheStore)/\(Self.safeName(key))"
            let hit = FileManager.default.fileExists(atPath: entry)
            if let id { job.outputs[id] = ["cache-hit": hit ? "true" : "false", "cache-primary-key": key, "cache-matched-key": hit ? key : ""] }
            guard hit else {
                if values["fail-on-cache-miss"] == "true" { throw StepFailure(description: "cache miss for \(key) (fail-on-cache-miss)") }
                return
            }
            if values["lookup-only"] != "true" {
                let path = try Self.need(values["path"])
                try Self.copy(entry, to: path)
                try AttackHost.chown(path, to: user.uid, user.gid)
            }
        case "actions/cache/save":
            let key = try Self.need(values["key"], "a cache save without a key")
            let entry = "\(cacheStore)/\(Self.safeName(key))"
            if !FileManager.default.fileExists(atPath: entry) { try Self.copy(try Self.need(values["path"]), to: entry) }
        case "actions/upload-artifact":
            let artifact = try Self.need(values["name"])
            let path = Self.absolute(try Self.need(values["path"]), in: job.workspace)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                transcript += "   warning: no files found at \(path); no artifact uploaded\n"
                return
            }
            let target = "\(artifactStore)/\(artifact)"
            try? FileManager.default.removeItem(atPath: target)
            if isFolder.boolValue {
                try Self.copy(path, to: target)
            } else {
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                try Self.copy(path, to: "\(target)/\((path as NSString).lastPathComponent)")
            }
        case "actions/download-artifact":
            let path = Self.absolute(values["path"] ?? ".", in: job.workspace)
            let names: [String]
            if let pattern = values["pattern"] {
                names = try FileManager.default.contentsOfDirectory(atPath: artifactStore).filter { fnmatch(pattern, $0, 0) == 0 }.sorted()
            } else {
                names = [try Self.need(values["name"], "a download without name or pattern")]
            }
            for artifact in names {
                let source = "\(artifactStore)/\(artifact)"
                guard FileManager.default.fileExists(atPath: source) else { throw StepFailure(description: "no artifact \(artifact)") }
                // One folder per artifact under `path`, unless `merge-multiple` (or a single named artifact).
                let target = values["pattern"] != nil && values["merge-multiple"] != "true" ? "\(path)/\(artifact)" : path
                try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
                for file in try FileManager.default.contentsOfDirectory(atPath: source) {
                    try Self.copy("\(source)/\(file)", to: "\(target)/\(file)")
                }
            }
            try AttackHost.chown(job.workspace, to: user.uid, user.gid)
        case "github/codeql-action/upload-sarif":
            let file = try Self.need(values["sarif_file"])
            guard let data = FileManager.default.contents(atPath: file), (try? JSONSerialization.jsonObject(with: data)) != nil else {
                throw StepFailure(description: "no SARIF file at \(file)")
            }
            sarifUploads.append(values)
        default:
            throw StepFailure(description: "the test has no stand-in for \(action)")
        }
    }

    /// A value the simulation cannot go on without (a job, an input, the CI user): its absence is the test's error.
    struct MissingValue: Error, CustomStringConvertible {
        var description: String
    }

    static func need<T>(_ value: T?, _ message: String = "a value the simulation needs is missing") throws -> T {
        guard let value else { throw MissingValue(description: message) }
        return value
    }

    static func safeName(_ key: String) -> String {
        String(key.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
    }

    static func absolute(_ path: String, in workspace: String) -> String {
        path.hasPrefix("/") ? path : "\(workspace)/\(path)"
    }

    /// `cp -a`, so that modes and owners are kept as the cache's tar keeps them.
    static func copy(_ source: String, to target: String) throws {
        try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = ["-a", "-T", source, target]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw StepFailure(description: "cp -a \(source) \(target) failed") }
    }

    /// Runs `body` on a thread of its own: a job builds packages, and the suite's shared threads must not wait on it.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
