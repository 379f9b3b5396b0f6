import CFAAnalysis
import Checklist
import Foundation
import Sandbox
import Git
import Probes
import TestOrchestration
import Verdict

/// What `cfa-gate run` was asked to do. Command-line values win over the checklist's own options,
/// which win over the defaults.
public struct GateOptions: Sendable {
    var repositoryPath: String
    var packagePath: String?
    var checklistPath: String?
    var keyPath: String?
    var outputPath: String?
    var buildTimeout: Duration?
    var testTimeout: Duration?
    var commandTimeout: Duration?
    /// The base of the inventory diff (`--base REV`); chosen automatically when nil. The policy is read there too.
    var baseRevision: String?
    /// `--policy-ref REV`: the trusted revision to read the checklist and configuration from, instead of the base.
    var policyRef: String?
    /// `--config FILE`: an analyser configuration to use instead of the policy revision's.
    var configurationPath: String?
    /// False for `--no-baseline`: every finding counts, known or not.
    var useBaseline: Bool
    /// `--shard I/N`: this run is one shard of a CI matrix; nil for a whole run.
    public var shard: ShardSpec?
    /// `--timings VERDICT`: an earlier verdict whose test durations balance the shards.
    public var timingsPath: String?
    var environment: [String: String]
    var tool: ToolInfo
    /// Finds the sandbox this kernel allows; tests give one that finds none, to see a run without a sandbox.
    var detectSandbox: @Sendable (FilePolicy, ProbeIdentity?) async -> (sandbox: ProcessSandbox, unavailable: String?) = {
        await ProcessSandbox.detect(files: $0, identity: $1)
    }
    /// Whether the analysis reads and fills the facts cache in `<git dir>/cfa-gate/cache` (`--no-cache` turns it off).
    public var analysisCache = true

    public init(
        repositoryPath: String = ".", packagePath: String? = nil, checklistPath: String? = nil, keyPath: String? = nil,
        outputPath: String? = nil, buildTimeout: Duration? = nil, testTimeout: Duration? = nil,
        commandTimeout: Duration? = nil, baseRevision: String? = nil, policyRef: String? = nil, configurationPath: String? = nil,
        useBaseline: Bool = true, environment: [String: String], tool: ToolInfo
    ) {
        self.baseRevision = baseRevision
        self.policyRef = policyRef
        self.configurationPath = configurationPath
        self.useBaseline = useBaseline
        self.repositoryPath = repositoryPath
        self.packagePath = packagePath
        self.checklistPath = checklistPath
        self.keyPath = keyPath
        self.outputPath = outputPath
        self.buildTimeout = buildTimeout
        self.testTimeout = testTimeout
        self.commandTimeout = commandTimeout
        self.environment = environment
        self.tool = tool
    }
}

/// A finished run: the signed envelope, the statement inside it, and where it was written.
public struct GateOutcome: Sendable {
    public var envelope: Envelope
    public var statement: Statement
    public var verdictPath: String
    /// The public key that verifies this verdict, when it is kept in a file.
    public var publicKeyPath: String?
    /// The runner's step summary as it was before the probes, when it is still that file; nil when there is none or a
    /// probe replaced it (the run is then `error`, and nothing may be written through it).
    public var stepSummary: RunnerCommandFiles.File?
    public var predicate: GatePredicate { statement.predicate }

    init(envelope: Envelope, statement: Statement, verdictPath: String, publicKeyPath: String?, stepSummary: RunnerCommandFiles.File? = nil) {
        self.stepSummary = stepSummary
        self.envelope = envelope
        self.statement = statement
        self.verdictPath = verdictPath
        self.publicKeyPath = publicKeyPath
    }
}

public enum Gate {
    /// Loads the checklist, runs every item, signs the verdict and writes it atomically.
    /// Throws before any probe runs when the configuration is wrong; writes nothing when interrupted.
    public static func run(
        _ options: GateOptions, progress: @escaping @Sendable (GateEvent) -> Void = { _ in }
    ) async throws(GateError) -> GateOutcome {
        // Before anything of the change runs: a probe running as this user must not read this process's memory.
        KeyHygiene.makeUndumpable()
        let (root, gitDirectory, head) = try openRepository(options.repositoryPath)
        let setup = try PolicySetup.prepare(options, repositoryRoot: root, head: head.commit)
        let checklist = setup.loaded.checklist
        progress(.checklistLoaded(path: checklist.path, itemCount: checklist.items.count))

        let packagePath = setup.loaded.packagePath
        let packageDirectory = packagePath == "." ? root : "\(root)/\(packagePath)"
        let needsPackage = checklist.items.contains { $0.probe.kind.needsSwiftPackage }
        // A folder without `Package.swift` (an Xcode app) gets the model build; a folder that is not there is a wrong path.
        var isFolder: ObjCBool = false
        if needsPackage && !(FileManager.default.fileExists(atPath: packageDirectory, isDirectory: &isFolder) && isFolder.boolValue) {
            throw .noPackage(path: packageDirectory)
        }
        let analysisConfiguration = try analysisSetup(for: checklist, policy: setup.loaded.policy)
        // The model build reads the app's sources by the same `.cfa-gate.json`, from the base. Whether it runs at all is the
        // build lane's decision (no `Package.swift`, or an Xcode app's side manifest that does not load here), so every run
        // with a build or test item hands it over; the policy reader has already parsed it, so this read cannot fail anew.
        var modelBuildConfiguration = analysisConfiguration ?? AnalysisConfiguration()
        if analysisConfiguration == nil, needsPackage { modelBuildConfiguration = try setup.loaded.policy.configuration() }
        let baseline = options.useBaseline && analysisConfiguration != nil ? try setup.loaded.policy.baseline() : nil
        let inventoryBase = try inventorySetup(for: checklist, repositoryRoot: root, base: options.baseRevision)
        try refuseKeyInsideWorkTree(options, repositoryRoot: root)
        var childEnvironment = ChildProcess.withholding(checklist.options.withheldEnvironment ?? [], from: options.environment)
        childEnvironment.removeValue(forKey: KeyProtection.signingKeyVariable)
        let runnerFiles = RunnerCommandFiles.snapshot(environment: options.environment)
        let policyChanges = await setup.changes(packagePath: packagePath)
        let before = try RunIntegrity.snapshot(repositoryRoot: root, environment: options.environment)

        let verdictPath = options.outputPath.map(absolute) ?? "\(gitDirectory)/cfa-gate/verdicts/\(head.commit).json"
        let outputFolders = OutputFolders.snapshot([verdictPath, VerdictLogs.folder(beside: verdictPath)])
        let runID = UUID().uuidString
        let staging = "\(gitDirectory)/cfa-gate/runs/\(runID)"
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw .logs(path: staging, reason: error.localizedDescription)
        }
        var confinement = try await ProbeConfinement.prepare(
            options: checklist.options, checklistPath: checklist.path, environment: options.environment, repositoryRoot: root,
            packageDirectory: packageDirectory, gitDirectory: gitDirectory,
            privateFolder: ProbeConfinement.claimPrivateFolder(in: "\(gitDirectory)/cfa-gate", runID: runID),
            swiftExecutable: ExecutableSearch.find("swift", searchPath: childEnvironment["PATH"]), detect: options.detectSandbox)
        defer { confinement.release() }
        let signing: SigningKeyResolver.Resolved
        do {
            signing = try takeSigningKey(options, policy: checklist.options.isolation, confinement: &confinement, gitDirectory: gitDirectory)
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
        childEnvironment.merge(confinement.environment) { _, confined in confined }
        let sandbox = confinement.sandbox
        let sandboxRefusal =
            checklist.options.sandbox == .required && sandbox.namespaces == nil
            ? "sandbox=required, but \(confinement.unavailable ?? "probes would run without namespaces")"
            : confinement.strictRefusal(checklist.options.isolation)

        var context = ProbeContext(
            repositoryRoot: root, packageDirectory: packageDirectory, logDirectory: staging,
            environment: childEnvironment,
            timeouts: ProbeTimeouts(
                build: options.buildTimeout ?? checklist.options.buildTimeout ?? ProbeTimeouts().build,
                test: options.testTimeout ?? checklist.options.testTimeout ?? ProbeTimeouts().test,
                command: options.commandTimeout ?? checklist.options.commandTimeout ?? ProbeTimeouts().command))
        context.privateFolder = confinement.privateFolder
        context.toolchainCacheFolder = FactsStore.directory(gitDirectory: gitDirectory)
        context.testSettings = TestSettings(checklist.options)
        context.modelBuildSettings = ModelBuildSettings(checklist.options)
        context.outputLimit = checklist.options.outputLimit ?? ProbeContext.defaultOutputLimit
        context.testSettings.quarantine = setup.loaded.policy.file(.quarantine).flatMap { file in file.text.map { (file.path, $0) } }
        let durations = try options.timingsPath.map(ShardTimings.read) ?? [:]
        context.testSettings.durations = durations
        let shard = options.shard.map { spec in ShardAssignment(index: spec.index, count: spec.count, timings: durations) }
        context.testSettings.shard = shard
        let scheduledItems = ShardTimings.items(checklist.items, onShard: options.shard)

        let startedAt = Date()
        // Every process started from here on, by any probe, runs in the run's sandbox (a task-local value).
        let (scheduled, swiftVersion) = await ProcessSandbox.$current.withValue(sandbox) { [context] in
            async let toolchain = SwiftToolchain.version(in: context)
            if let sandboxRefusal {
                // No probe of the change runs outside the sandbox the checklist requires.
                let outcome = ProbeOutcome(status: .error, summary: "not run: \(sandboxRefusal)")
                let items = scheduledItems.map { ItemScheduler.result(for: $0, outcome: outcome, duration: .zero) }
                return (ItemScheduler.Outcome(items: items), await toolchain)
            }
            let scheduled = await ItemScheduler(
                items: scheduledItems, context: context, analysisConfiguration: analysisConfiguration, modelBuildConfiguration: modelBuildConfiguration,
                baseline: baseline,
                inventoryBase: inventoryBase,
                factsStore: options.analysisCache ? AnalysisCacheSeal.store(gitDirectory: gitDirectory, tool: options.tool, signing: signing) : nil,
                progress: progress
            ).run()
            return (scheduled, await toolchain)
        }
        let items = scheduled.items
        // Nothing a probe started may still run while the results are checked and written.
        let stragglers = await ProcessReaper.shared.sweepAll()
        let finishedAt = Date()
        let replacedCommandFiles = RunnerCommandFiles.check(runnerFiles)
        let integrity = RunIntegrity.check(before, repositoryRoot: root, environment: options.environment, probesCouldWrite: confinement.probesCouldWrite)
        var runErrors = integrity.errors + replacedCommandFiles
        if let line = stragglers.evidenceLine { runErrors.append("a probe's process outlived every probe: \(line)") }
        if let sandboxRefusal { runErrors.append(sandboxRefusal) }

        if ProcessInterruption.isRequested || Task.isCancelled {
            try? FileManager.default.removeItem(atPath: staging)
            throw .interrupted
        }

        if let replaced = outputFolders.check().first {
            try? FileManager.default.removeItem(atPath: staging)
            throw .verdictWrite(.writeFailed(path: verdictPath, reason: replaced))
        }
        let logs = try VerdictLogs.keep(staging: staging, beside: verdictPath)
        let predicate = GatePredicate(
            tool: options.tool, swiftToolchain: swiftVersion,
            checklist: ChecklistInfo(path: checklist.path, sha256: setup.loaded.policy.file(.checklist)?.sha256 ?? "", title: checklist.title),
            repository: RepositoryInfo(commit: head.commit, tree: head.tree, branch: head.branch, packagePath: packagePath),
            startedAt: startedAt, finishedAt: finishedAt,
            result: runErrors.isEmpty ? GateResult(items: items, allowSkipped: checklist.options.allowSkipped ?? false) : .error,
            signer: signing.signer,
            awaitingReview: scheduledItems.filter(\.probe.isManual).map { ManualItem(number: $0.number, title: $0.title, section: $0.section) },
            items: items.map(logs.relocate),
            analysis: scheduled.analysis.map { summary(of: $0, checklist: checklist) },
            policy: setup.loaded.policy.record(changes: policyChanges),
            runErrors: runErrors.isEmpty ? nil : runErrors, runNotes: integrity.notes.isEmpty ? nil : integrity.notes,
            sandbox: RunSandbox(rawValue: sandbox.name), isolation: confinement.record,
            shard: shard.map { items.compactMap(\.evidence.testRun?.shard).first ?? $0.plan([]).record })
        let statement = Statement(
            repositoryName: URL(fileURLWithPath: root).lastPathComponent, commit: head.commit, predicate: predicate)
        let envelope: Envelope
        let signed: Statement
        do {
            envelope = try DSSE.sign(statement: statement, with: signing.key)
            // What the caller gets back is exactly what was signed (dates as serialised, to the millisecond).
            signed = try DSSE.unverifiedStatement(in: envelope)
            try VerdictFile.write(envelope, to: verdictPath)
        } catch let error as KeyError {
            throw .key(error)
        } catch let error as VerdictFileError {
            throw .verdictWrite(error)
        } catch let error as VerificationError {
            throw .verdictWrite(.encodingFailed(reason: "the signed statement does not decode: \(error)"))
        } catch {
            throw .verdictWrite(.encodingFailed(reason: "\(error)"))
        }
        let intactSummary = runnerFiles.stepSummary.flatMap { file in replacedCommandFiles.contains { $0.hasPrefix(file.path) } ? nil : file }
        return GateOutcome(
            envelope: envelope, statement: signed, verdictPath: verdictPath, publicKeyPath: signing.publicKeyPath, stepSummary: intactSummary)
    }

    /// For a checklist with `cfa` items: their rule ids must exist, and `.cfa-gate.json` must read.
    static func analysisSetup(for checklist: Checklist, policy: Policy) throws(GateError) -> AnalysisConfiguration? {
        let lanes = ItemScheduler.Lanes(checklist.items)
        guard !lanes.cfa.isEmpty || !lanes.inventory.isEmpty else { return nil }
        for (item, rules) in lanes.cfa {
            if rules.isEmpty { throw .unknownRule(checklist: checklist.path, line: item.probe.line, rule: "") }
            for rule in rules where RuleCatalog.descriptor(for: rule) == nil {
                throw .unknownRule(checklist: checklist.path, line: item.probe.line, rule: rule)
            }
        }
        return try policy.configuration()
    }

    /// The signing key, once the sandbox is known: a key other than the clone's own is read only where no probe and no
    /// process of this user could reach it (or the checklist says `isolation=best-effort`, which the record then says),
    /// and refused before it is read otherwise, so that it never enters memory another process could open. Then no
    /// ancestor a probe could read may hold it in its environment.
    static func takeSigningKey(
        _ options: GateOptions, policy: IsolationPolicy?, confinement: inout ProbeConfinement, gitDirectory: String
    ) throws(GateError) -> SigningKeyResolver.Resolved {
        let origin = SigningKeyResolver.origin(keyPath: options.keyPath, environment: options.environment)
        if let origin, let refusal = confinement.keyRefusal(policy, origin: origin) { throw refusal }
        let readableFile = KeyProtection.keyFile(keyPath: options.keyPath, environment: options.environment).flatMap { file in
            KeyProtection.probesCanRead(file, sandbox: confinement.sandbox) ? file : nil
        }
        if let readableFile, policy != .bestEffort { throw .keyFileInReach(path: readableFile, probeUID: confinement.record.probeUID) }
        confinement.record.policy = (policy ?? .standard).rawValue
        let takenWithout = confinement.missingKeyGuarantees.map(\.rawValue) + (readableFile == nil ? [] : [KeyProtection.unreadableFile])
        if origin != nil, policy == .bestEffort, !takenWithout.isEmpty { confinement.record.keyTakenWithout = takenWithout }

        let signing = try signingKey(options, gitDirectory: gitDirectory)
        // Whose processes could read an ancestor's environment: the probes' user, and the gate's own when it is not root.
        let readers = Set([confinement.sandbox.identity?.uid ?? geteuid()] + (geteuid() == 0 ? [] : [geteuid()]))
        if let holder = AncestorEnvironment.holder(
            of: signing.key, alsoGivenAs: options.environment[KeyProtection.signingKeyVariable], readableBy: readers)
        {
            throw .keyInAncestorEnvironment(pid: holder.pid, command: holder.command)
        }
        return signing
    }

    /// A key file inside the working tree is refused before anything is read: every probe can read the tree.
    static func refuseKeyInsideWorkTree(_ options: GateOptions, repositoryRoot: String) throws(GateError) {
        // A value that is neither PEM text nor an existing file is a mistake, not a key in the tree: say what it is.
        if let named = KeyProtection.environmentKeyPath(options.environment), !KeyProtection.isDescriptor(named),
            !FileManager.default.fileExists(atPath: Gate.absolute(named))
        {
            throw .keyVariableNamesNoFile
        }
        let files = [options.keyPath, KeyProtection.environmentKeyPath(options.environment)].compactMap { $0 }.filter { !KeyProtection.isDescriptor($0) }
        for path in files where KeyProtection.isInsideWorkTree(path, repositoryRoot: repositoryRoot) {
            throw .keyInsideWorkTree(path: path)
        }
    }

    /// The signing key, read before any probe starts (and only where nothing could reach it); then its variable is
    /// erased from this process's environment block.
    static func signingKey(_ options: GateOptions, gitDirectory: String) throws(GateError) -> SigningKeyResolver.Resolved {
        let variable = KeyProtection.signingKeyVariable
        let signing = try SigningKeyResolver.resolve(keyPath: options.keyPath, environment: options.environment, gitDirectory: gitDirectory)
        KeyHygiene.erase(variable: variable)
        return signing
    }

    /// For a checklist with an `inventory` item: the base it diffs against, chosen before anything runs so that
    /// an unknown `--base` or a shallow clone without the merge-base is a configuration error.
    static func inventorySetup(for checklist: Checklist, repositoryRoot: String, base: String?) throws(GateError) -> BaseChoice? {
        guard !ItemScheduler.Lanes(checklist.items).inventory.isEmpty else { return nil }
        do {
            return try InventoryProbe.chooseBase(repositoryRoot: repositoryRoot, explicit: base)
        } catch {
            throw .repository(error)
        }
    }

    /// Findings of rules no `cfa` item binds, and every suppression, for the verdict.
    static func summary(of analysis: AnalysisResult, checklist: Checklist) -> AnalysisSummary {
        let lanes = ItemScheduler.Lanes(checklist.items)
        let inventoryRules = lanes.inventory.isEmpty ? [] : InventoryProbe.testFileRules
        let bound = Set(lanes.cfa.flatMap(\.rules) + [AdoptionRule.id, SourceLink.id, SourceUnreadable.id]).union(inventoryRules)
        return AnalysisSummary(
            files: analysis.fileCount, lines: analysis.lineCount,
            unassigned: analysis.findings.filter { $0.coveredRules.isDisjoint(with: bound) }.map(CFAProbe.diagnostic),
            suppressions: analysis.suppressed.map {
                AnalysisSummary.Suppression(rule: $0.finding.rule, file: $0.finding.file, line: $0.finding.line, reason: $0.reason)
            },
            skippedFiles: analysis.skippedFiles, baseline: CFAProbe.baselineSummary(of: analysis))
    }

    static func openRepository(_ path: String) throws(GateError) -> (root: String, gitDirectory: String, head: HeadInfo) {
        do {
            let repository = try GitRepository.discover(startingAt: absolute(path))
            return (repository.workingDirectory, repository.gitDirectory, try repository.head())
        } catch {
            throw .repository(error)
        }
    }

    static func normalizedPackagePath(_ path: String) -> String {
        let trimmed = path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")
        return trimmed.isEmpty ? "." : trimmed
    }

    /// A path as given on the command line, made absolute against the current folder.
    public static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
