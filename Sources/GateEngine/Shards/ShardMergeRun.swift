import Foundation
import Git
import Verdict

/// `cfa-gate merge`: reads and verifies the shard verdicts, merges them, signs the result and writes it.
public enum ShardMergeRun {
    public struct Options: Sendable {
        public var shardPaths: [String]
        public var outputPath: String
        public var keyPath: String?
        public var publicKeyPath: String?
        public var environment: [String: String]
        public var tool: ToolInfo

        public init(
            shardPaths: [String], outputPath: String, keyPath: String?, publicKeyPath: String?, environment: [String: String],
            tool: ToolInfo
        ) {
            self.shardPaths = shardPaths
            self.outputPath = outputPath
            self.keyPath = keyPath
            self.publicKeyPath = publicKeyPath
            self.environment = environment
            self.tool = tool
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        /// Nothing to merge with, or no key: exit 2.
        case setup(String)
        /// A shard verdict is corrupt, tampered with or signed by another key: exit 4.
        case rejected(String)
        case gate(GateError)

        public var description: String {
            switch self {
            case .setup(let message), .rejected(let message): message
            case .gate(let error): "\(error)"
            }
        }
    }

    public static func run(_ options: Options) throws(Failure) -> GateOutcome {
        let gitDirectory = (try? GitRepository.discover(startingAt: Gate.absolute(".")))?.gitDirectory
        let trusted = try publicKey(options, gitDirectory: gitDirectory)
        var shards: [ShardMerge.Shard] = []
        var absent: [String] = []
        for path in options.shardPaths {
            guard let data = FileManager.default.contents(atPath: path) else {
                absent.append(path)
                continue
            }
            let statement: Statement
            do {
                statement = try DSSE.open(try VerdictFile.read(path: path), trusting: trusted)
            } catch {
                throw .rejected("\(path): \(error) — every shard must be signed by the key the merge trusts")
            }
            shards.append(ShardMerge.Shard(path: path, statement: statement, verdictSHA256: Digest.sha256Hex(data), keyID: trusted.keyID))
        }
        guard var merged = ShardMerge.merge(shards) else {
            throw .setup("no shard verdict could be read (\(absent.joined(separator: ", "))) — name the files `run --shard I/N --out` wrote")
        }
        if !absent.isEmpty { merged.noteAbsentFiles(absent) }

        let hasKey = options.keyPath != nil || !(options.environment[SigningKeyResolver.environmentVariable] ?? "").isEmpty
        guard hasKey || gitDirectory != nil else {
            throw .setup("no key to sign the merged verdict — pass --key FILE or set \(SigningKeyResolver.environmentVariable)")
        }
        let signing: SigningKeyResolver.Resolved
        do {
            // The git directory only matters for the clone's local key, used when no key is given.
            signing = try SigningKeyResolver.resolve(keyPath: options.keyPath, environment: options.environment, gitDirectory: gitDirectory ?? "")
        } catch {
            throw .gate(error)
        }
        let reference = merged.reference
        let predicate = GatePredicate(
            tool: options.tool, swiftToolchain: reference.swiftToolchain, checklist: reference.checklist,
            repository: reference.repository, startedAt: merged.startedAt, finishedAt: merged.finishedAt, result: merged.result,
            signer: signing.signer, awaitingReview: reference.awaitingReview, items: merged.items, analysis: reference.analysis,
            policy: reference.policy, runErrors: merged.runErrors,
            sandbox: sandbox(of: shards), isolation: isolation(of: shards),
            mergedShards: merged.shards)
        let repositoryName = shards.first?.statement.subject.first?.name ?? "repository"
        let statement = Statement(repositoryName: repositoryName, commit: reference.repository.commit, predicate: predicate)
        do {
            let envelope = try DSSE.sign(statement: statement, with: signing.key)
            let signed = try DSSE.unverifiedStatement(in: envelope)
            try VerdictFile.write(envelope, to: Gate.absolute(options.outputPath))
            return GateOutcome(envelope: envelope, statement: signed, verdictPath: Gate.absolute(options.outputPath), publicKeyPath: signing.publicKeyPath)
        } catch let error as VerdictFileError {
            throw .gate(.verdictWrite(error))
        } catch let error as KeyError {
            throw .gate(.key(error))
        } catch {
            throw .gate(.verdictWrite(.encodingFailed(reason: "\(error)")))
        }
    }

    /// The merged run was sandboxed only if every shard was; one that ran without a sandbox makes it `none`, and one
    /// that does not say (made before the field) leaves it unknown.
    static func sandbox(of shards: [ShardMerge.Shard]) -> RunSandbox? {
        let recorded = shards.map(\.statement.predicate.sandbox)
        if recorded.contains(RunSandbox.none) { return RunSandbox.none }
        return recorded.allSatisfy { $0 == .namespace } ? .namespace : nil
    }

    /// The weakest of the shards' isolation: the first shard's record with every guarantee any shard lacked, so that
    /// `verify --policy-ref` judges the merged verdict as it would each shard; nil when a shard recorded none.
    static func isolation(of shards: [ShardMerge.Shard]) -> IsolationRecord? {
        let records = shards.compactMap(\.statement.predicate.isolation)
        guard var merged = records.first, records.count == shards.count else { return nil }
        for record in records.dropFirst() {
            merged.missing += record.missing.filter { !merged.missing.contains($0) }
            if let taken = record.keyTakenWithout {
                merged.keyTakenWithout = (merged.keyTakenWithout ?? []) + taken.filter { !(merged.keyTakenWithout ?? []).contains($0) }
            }
        }
        return merged
    }

    private static func publicKey(_ options: Options, gitDirectory: String?) throws(Failure) -> PublicKey {
        let trusted: PublicKey?
        do {
            trusted = try SigningKeyResolver.trustedPublicKey(
                path: options.publicKeyPath, environment: options.environment, gitDirectory: gitDirectory)
        } catch {
            throw .setup("\(error)")
        }
        if let trusted { return trusted }
        throw .setup("no public key to check the shards with — pass --pubkey FILE (the .pub written by `cfa-gate keygen`)")
    }
}
