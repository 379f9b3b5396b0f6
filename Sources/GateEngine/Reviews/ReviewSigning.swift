import Foundation
import Git
import Verdict

/// `cfa-gate review`: a person signs off the manual items of one exact, authentic, passing verdict.
public enum ReviewSigning {
    public enum Selection: Sendable, Equatable {
        /// Every manual item of the verdict.
        case all
        case items([Int])
    }

    public struct Options: Sendable {
        public var verdictPath: String
        public var keyPath: String
        public var publicKeyPath: String?
        public var approve: Selection
        public var reject: [Int]
        public var note: String?
        public var outputPath: String?
        public var environment: [String: String]
        public var tool: ToolInfo
        /// `--reviews-ref REF`: commit the review to REF (one commit per review, on top of REF's tip) instead of a file.
        public var reviewsRef: String?
        /// `--repo DIR`: the repository holding `reviewsRef` (default: the one around the current directory).
        public var repositoryPath: String?

        public init(
            verdictPath: String, keyPath: String, publicKeyPath: String?, approve: Selection, reject: [Int], note: String?,
            outputPath: String?, environment: [String: String], tool: ToolInfo, reviewsRef: String? = nil, repositoryPath: String? = nil
        ) {
            self.reviewsRef = reviewsRef
            self.repositoryPath = repositoryPath
            self.verdictPath = verdictPath
            self.keyPath = keyPath
            self.publicKeyPath = publicKeyPath
            self.approve = approve
            self.reject = reject
            self.note = note
            self.outputPath = outputPath
            self.environment = environment
            self.tool = tool
        }
    }

    public struct Signed: Sendable {
        /// Where the review was written: a file, and/or "refs/cfa-gate/reviews at <commit> (<file name>)".
        public var path: String
        public var review: ReviewStatement
        /// The verdict's manual items, for the reviewer to see what they signed.
        public var manualItems: [ManualItem]
        public var verdictKeyID: String
    }

    /// Where reviews of the verdict at `verdictPath` are kept unless `--out`/`--reviews` say otherwise.
    public static func defaultDirectory(verdictPath: String) -> String { verdictPath + ".reviews" }

    public static func sign(_ options: Options) throws(ReviewFailure) -> Signed {
        let verdict = try AuthenticVerdict.load(
            path: options.verdictPath, publicKeyPath: options.publicKeyPath, environment: options.environment)
        let predicate = verdict.statement.predicate
        if let shard = predicate.shard {
            throw .setup(
                "\(options.verdictPath) is shard \(shard.index)/\(shard.count)'s verdict, never a verdict on its own — "
                    + "review the verdict `cfa-gate merge` writes")
        }
        guard predicate.result == .passed else {
            throw .setup(
                "\(options.verdictPath): the verdict's result is \(predicate.result.rawValue) — a person signs off on top of a "
                    + "machine pass, never instead of one: fix the change and run the gate again")
        }
        let manual = predicate.awaitingReview.map(\.number)
        guard !manual.isEmpty else { throw .setup("\(options.verdictPath): the verdict has no manual items to sign off") }
        let approved: [Int]
        switch options.approve {
        case .all: approved = manual.filter { !options.reject.contains($0) }
        case .items(let numbers): approved = numbers
        }
        for number in approved + options.reject where !manual.contains(number) {
            throw .setup(
                "item \(number) is not a manual item of this verdict (manual: \(manual.map(String.init).joined(separator: ", "))) — "
                    + "the gate decides the automated items; sign off only what it left to a person")
        }
        if let both = approved.first(where: options.reject.contains) {
            throw .setup("item \(both) is both approved and rejected — choose one")
        }
        guard !approved.isEmpty || !options.reject.isEmpty else {
            throw .setup("nothing to sign — pass --approve N[,N…]|all or --reject N[,N…]")
        }

        let key: SigningKey
        do {
            key = try SigningKey.load(path: options.keyPath)
        } catch {
            throw .setup("\(error)")
        }
        guard key.publicKey.keyID != predicate.signer.keyID else {
            throw .setup(
                "\(options.keyPath) is the key that signed the verdict — a review is a person's own sign-off: "
                    + "use your reviewer key (`cfa-gate keygen --out ~/.cfa-gate/reviewer.pem`)")
        }
        let review = ReviewStatement(
            verdictName: URL(fileURLWithPath: options.verdictPath).lastPathComponent, verdictSHA256: verdict.sha256,
            repositoryName: verdict.statement.subject.first?.name ?? "repository", commit: predicate.repository.commit,
            predicate: ReviewPredicate(
                tool: options.tool, reviewer: .init(keyID: key.publicKey.keyID, publicKey: key.publicKey.derBase64),
                approved: approved.sorted(), rejected: options.reject.sorted(), note: options.note, reviewedAt: Date()))
        let envelope: Envelope
        do {
            envelope = try DSSE.sign(review: review, with: key)
        } catch {
            throw .setup("\(error)")
        }
        var written: [String] = []
        if options.reviewsRef == nil || options.outputPath != nil {
            let path = options.outputPath ?? "\(defaultDirectory(verdictPath: options.verdictPath))/\(key.publicKey.keyID).json"
            do {
                try VerdictFile.write(envelope, to: path)
            } catch {
                throw .unwritable("cannot write the review to \(path): \(error)")
            }
            written.append(path)
        }
        if let ref = options.reviewsRef {
            written.append(try commit(envelope, of: review, to: ref, repositoryPath: options.repositoryPath))
        }
        let path = written.joined(separator: " and ")
        return Signed(path: path, review: review, manualItems: predicate.awaitingReview, verdictKeyID: verdict.keyID)
    }
}

extension ReviewSigning {
    /// How often a review is put on top of a ref that other reviewers keep moving before giving up.
    static let refAttempts = 8

    /// Commits the review to `ref` as `<verdict sha256 prefix>-<reviewer key id prefix>.json` (replacing the reviewer's
    /// earlier review of this verdict in the tip's tree; the history keeps it) on top of the ref's tip, and moves the ref
    /// only if nobody moved it meanwhile — else reads the new tip and tries again, so no reviewer's review is lost.
    /// - Returns: "REF at <commit> (<name>)".
    static func commit(_ envelope: Envelope, of review: ReviewStatement, to ref: String, repositoryPath: String?) throws(ReviewFailure) -> String {
        guard let repository = try? GitRepository.discover(startingAt: Gate.absolute(repositoryPath ?? ".")) else {
            throw .setup("--reviews-ref \(ref) is a ref of a git repository — run inside a clone or pass --repo DIR")
        }
        let data: Data
        do {
            data = try VerdictFile.encoded(envelope)
        } catch {
            throw .unwritable("cannot encode the review for \(ref): \(error)")
        }
        let name = "\((review.verdictSHA256 ?? "verdict").prefix(16))-\(review.predicate.reviewer.keyID.prefix(16)).json"
        let approves = review.predicate.approved.isEmpty ? "" : " approves \(review.predicate.approved.map(String.init).joined(separator: ","))"
        let rejects = review.predicate.rejected.isEmpty ? "" : " rejects \(review.predicate.rejected.map(String.init).joined(separator: ","))"
        let verdictName = review.subject.first?.name ?? "a verdict"
        let message = "cfa-gate review of \(verdictName) (sha256 \((review.verdictSHA256 ?? "").prefix(12))…):\(approves)\(rejects)\n"
        var lastError = GitError.refMoved(ref: ref, expected: nil, found: nil)
        for _ in 0..<refAttempts {
            do {
                let tip = try repository.tip(of: ref)
                let commit = try repository.commitFile(
                    data, named: name, onto: ref, expectedTip: tip, message: message,
                    committer: "cfa-gate review \(review.predicate.reviewer.keyID.prefix(12))")
                return "\(ref) at \(commit) (\(name))"
            } catch {
                guard case .refMoved = error else {
                    if case .invalidRefName = error { throw .setup("--reviews-ref: \(error)") }
                    throw .unwritable("cannot commit the review to \(ref): \(error)")
                }
                lastError = error
            }
        }
        throw .unwritable("cannot commit the review to \(ref): \(lastError) (\(refAttempts) times) — run `cfa-gate review` again")
    }
}

/// A verdict file's bytes, digest and statement, its signature checked against the key `verify` would trust.
struct AuthenticVerdict: Sendable {
    var sha256: String
    var statement: Statement
    var keyID: String

    static func load(path: String, publicKeyPath: String?, environment: [String: String]) throws(ReviewFailure) -> AuthenticVerdict {
        let gitDirectory = (try? GitRepository.discover(startingAt: Gate.absolute(".")))?.gitDirectory
        let trusted: PublicKey?
        do {
            trusted = try SigningKeyResolver.trustedPublicKey(path: publicKeyPath, environment: environment, gitDirectory: gitDirectory)
        } catch {
            throw .setup("\(error)")
        }
        guard let key = trusted else {
            throw .setup("no public key to check the verdict with — pass --pubkey FILE (the gate's .pub)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .setup("cannot read the verdict at \(path); check the path")
        }
        let statement: Statement
        do {
            statement = try DSSE.open(try VerdictFile.read(data, path: path), trusting: key)
        } catch {
            throw .rejected("\(path): \(error)")
        }
        return AuthenticVerdict(sha256: Digest.sha256Hex(data), statement: statement, keyID: key.keyID)
    }
}
