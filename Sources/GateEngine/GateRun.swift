import CFAAnalysis
import Checklist
import Foundation
import Git
import Probes
import Verdict

/// What `cfa-gate run` was asked to do. Command-line values win over the checklist's own options,
/// which win over the defaults.
public struct GateOptions: Sendable {
    public var repositoryPath: String
    public var packagePath: String?
    public var checklistPath: String?
    public var keyPath: String?
    public var outputPath: String?
    public var buildTimeout: Duration?
    public var testTimeout: Duration?
    public var commandTimeout: Duration?
    /// The base of the inventory diff (`--base REV`); chosen automatically when nil.
    public var baseRevision: String?
    public var environment: [String: String]
    public var tool: ToolInfo
    /// Whether the analysis reads and fills the facts cache in `<git dir>/cfa-gate/cache` (`--no-cache` turns it off).
    public var analysisCache = true

    public init(
        repositoryPath: String = ".", packagePath: String? = nil, checklistPath: String? = nil, keyPath: String? = nil,
        outputPath: String? = nil, buildTimeout: Duration? = nil, testTimeout: Duration? = nil,
        commandTimeout: Duration? = nil, baseRevision: String? = nil, environment: [String: String], tool: ToolInfo
    ) {
        self.baseRevision = baseRevision
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
    public var predicate: GatePredicate { statement.predicate }

    public init(envelope: Envelope, statement: Statement, verdictPath: String, publicKeyPath: String?) {
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
        let (root, gitDirectory, head) = try openRepository(options.repositoryPath)
        let source = ChecklistSource.choose(explicitPath: options.checklistPath, repositoryRoot: root)
        let (checklist, markdown) = try source.load(repositoryRoot: root)
        progress(.checklistLoaded(path: checklist.path, itemCount: checklist.items.count))

        let packagePath = normalisedPackagePath(options.packagePath ?? checklist.options.packagePath ?? ".")
        let packageDirectory = packagePath == "." ? root : "\(root)/\(packagePath)"
        let needsPackage = checklist.items.contains { [ProbeKind.build.rawValue, ProbeKind.test.rawValue].contains($0.probe.name) }
        if needsPackage && !FileManager.default.fileExists(atPath: "\(packageDirectory)/Package.swift") {
            throw .noPackage(path: packageDirectory)
        }
        let analysisConfiguration = try analysisSetup(for: checklist, repositoryRoot: root, packagePath: packagePath)
        let inventoryBase = try inventorySetup(for: checklist, repositoryRoot: root, base: options.baseRevision)
        let signing = try SigningKeyResolver.resolve(
            keyPath: options.keyPath, environment: options.environment, gitDirectory: gitDirectory)

        let verdictPath = options.outputPath.map(absolute) ?? "\(gitDirectory)/cfa-gate/verdicts/\(head.commit).json"
        let staging = "\(gitDirectory)/cfa-gate/runs/\(UUID().uuidString)"
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw .logs(path: staging, reason: error.localizedDescription)
        }
        let context = ProbeContext(
            repositoryRoot: root, packageDirectory: packageDirectory, logDirectory: staging,
            environment: options.environment,
            timeouts: ProbeTimeouts(
                build: options.buildTimeout ?? checklist.options.buildTimeout ?? ProbeTimeouts().build,
                test: options.testTimeout ?? checklist.options.testTimeout ?? ProbeTimeouts().test,
                command: options.commandTimeout ?? checklist.options.commandTimeout ?? ProbeTimeouts().command))

        let startedAt = Date()
        async let toolchain = SwiftToolchain.version(in: context)
        let scheduled = await ItemScheduler(
            items: checklist.items, context: context, analysisConfiguration: analysisConfiguration, inventoryBase: inventoryBase,
            factsStore: options.analysisCache ? AnalysisCacheSeal.store(gitDirectory: gitDirectory, tool: options.tool, signing: signing) : nil,
            progress: progress
        ).run()
        let items = scheduled.items
        let swiftVersion = await toolchain
        let finishedAt = Date()

        if ProcessInterruption.isRequested || Task.isCancelled {
            try? FileManager.default.removeItem(atPath: staging)
            throw .interrupted
        }

        let logs = try VerdictLogs.keep(staging: staging, beside: verdictPath)
        let predicate = GatePredicate(
            tool: options.tool, swiftToolchain: swiftVersion,
            checklist: ChecklistInfo(path: checklist.path, sha256: Digest.sha256Hex(Data(markdown.utf8)), title: checklist.title),
            repository: RepositoryInfo(commit: head.commit, tree: head.tree, branch: head.branch, packagePath: packagePath),
            startedAt: startedAt, finishedAt: finishedAt,
            result: GateResult(items: items, allowSkipped: checklist.options.allowSkipped ?? false),
            signer: signing.signer,
            awaitingReview: checklist.items.filter(\.probe.isManual).map { ManualItem(number: $0.number, title: $0.title, section: $0.section) },
            items: items.map(logs.relocate),
            analysis: scheduled.analysis.map { summary(of: $0, checklist: checklist) })
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
        return GateOutcome(
            envelope: envelope, statement: signed, verdictPath: verdictPath, publicKeyPath: signing.publicKeyPath)
    }

    /// For a checklist with `cfa` items: their rule ids must exist, and `.cfa-gate.json` must read.
    static func analysisSetup(
        for checklist: Checklist, repositoryRoot: String, packagePath: String
    ) throws(GateError) -> AnalysisConfiguration? {
        let cfaItems = checklist.items.filter { $0.probe.name == ProbeKind.cfa.rawValue }
        let usesAnalysis = !cfaItems.isEmpty || checklist.items.contains { $0.probe.name == ProbeKind.inventory.rawValue }
        guard usesAnalysis else { return nil }
        for item in cfaItems {
            if item.probe.arguments.isEmpty { throw .unknownRule(checklist: checklist.path, line: item.probe.line, rule: "") }
            for rule in item.probe.arguments where RuleCatalogue.descriptor(for: rule) == nil {
                throw .unknownRule(checklist: checklist.path, line: item.probe.line, rule: rule)
            }
        }
        do {
            return try ConfigurationFile.load(repositoryRoot: repositoryRoot, scope: packagePath)
        } catch {
            throw .analysisConfiguration(error)
        }
    }

    /// For a checklist with an `inventory` item: the base it diffs against, chosen before anything runs so that
    /// an unknown `--base` or a shallow clone without the merge-base is a configuration error.
    static func inventorySetup(for checklist: Checklist, repositoryRoot: String, base: String?) throws(GateError) -> BaseChoice? {
        guard checklist.items.contains(where: { $0.probe.name == ProbeKind.inventory.rawValue }) else { return nil }
        do {
            return try InventoryProbe.chooseBase(repositoryRoot: repositoryRoot, explicit: base)
        } catch {
            throw .repository(error)
        }
    }

    /// Findings of rules no `cfa` item binds, and every suppression, for the verdict.
    static func summary(of analysis: AnalysisResult, checklist: Checklist) -> AnalysisSummary {
        let inventoryRules = checklist.items.contains { $0.probe.name == ProbeKind.inventory.rawValue } ? InventoryProbe.testFileRules : []
        let bound = Set(checklist.items.filter { $0.probe.name == ProbeKind.cfa.rawValue }.flatMap(\.probe.arguments) + [AdoptionRule.id])
            .union(inventoryRules)
        return AnalysisSummary(
            files: analysis.fileCount, lines: analysis.lineCount,
            unassigned: analysis.findings.filter { !bound.contains($0.rule) }.map(CFAProbe.diagnostic),
            suppressions: analysis.suppressed.map {
                AnalysisSummary.Suppression(rule: $0.finding.rule, file: $0.finding.file, line: $0.finding.line, reason: $0.reason)
            },
            skippedFiles: analysis.skippedFiles)
    }

    static func openRepository(_ path: String) throws(GateError) -> (root: String, gitDirectory: String, head: HeadInfo) {
        do {
            let repository = try GitRepository.discover(startingAt: absolute(path))
            return (repository.workingDirectory, repository.gitDirectory, try repository.head())
        } catch {
            throw .repository(error)
        }
    }

    static func normalisedPackagePath(_ path: String) -> String {
        let trimmed = path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")
        return trimmed.isEmpty ? "." : trimmed
    }

    /// A path as given on the command line, made absolute against the current folder.
    public static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
