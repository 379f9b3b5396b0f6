import Foundation
import Git
import Verdict

/// `verify --require-reviews`: counts the signed reviews of one exact verdict file by the reviewers the trusted
/// policy lists, item by item. A review of another verdict or commit, or by a key the policy does not list (the
/// change's own `gate/reviewers` included), is ignored and said so; a listed key's review that does not verify is
/// a rejection of the whole check.
public enum ReviewCheck {
    /// Where `verify --require-reviews` reads the reviews.
    public enum ReviewSource: Sendable, Equatable {
        /// A folder of review files (`--reviews DIR`; nil: `VERDICT.reviews/`): whoever can write it can delete a rejection.
        case folder(String?)
        /// Every review in the history of a ref (`--reviews-ref REF`), read from git objects; `since`
        /// (`--reviews-since COMMIT`) is a tip recorded earlier that must still be in the ref's history.
        case ref(String, since: String?)
    }

    public struct Tally: Sendable {
        public var items: [ManualItemReviews]
        /// One line each: what was found and not counted, and why.
        public var ignored: [String]
        /// Distinct listed reviewers each manual item needs (`reviews-required`, default 1).
        public var required: Int
        /// Where the reviewers came from: "gate/reviewers at main (1a2b3c4)", with how many it lists.
        public var source: String
        /// Where the reviews were read: the folder, or "refs/cfa-gate/reviews at <commit>" (the tip to record for --reviews-since).
        public var read: String = ""
        /// What the reader of the result must know about where the reviews came from.
        public var notes: [String] = []

        /// Manual items short of approvals (and not rejected).
        public var awaiting: [ManualItemReviews] {
            items.filter { $0.rejections.isEmpty && Set($0.approvals.map(\.reviewer)).count < required }
        }

        public var rejected: [ManualItemReviews] { items.filter { !$0.rejections.isEmpty } }

        public var isSatisfied: Bool { awaiting.isEmpty && rejected.isEmpty }
    }

    /// - Parameters:
    ///   - statement: the verdict as `VerdictCheck.verify` authenticated it; the file must still hold it.
    ///   - source: `--reviews-ref REF` (every review ever committed to REF) or `--reviews DIR` (default
    ///     `<verdict file>.reviews/`; absent there means no reviews yet).
    ///   - checklistPath: `--checklist FILE`, whose `reviews-required` then applies instead of REV's checklist's.
    public static func tally(
        verdictPath: String, statement: Statement, source reviewSource: ReviewSource, policyRef: String, checklistPath: String?,
        repositoryPath: String?
    ) throws(ReviewFailure) -> Tally {
        guard let repository = try? GitRepository.discover(startingAt: Gate.absolute(repositoryPath ?? ".")) else {
            throw .setup("--require-reviews reads gate/reviewers at \(policyRef) — run inside a clone or pass --repo DIR")
        }
        let location: PolicyLocation
        do {
            let commit = try repository.resolveCommit(policyRef)
            location = PolicyLocation(source: .ref, commit: commit, description: "\(policyRef) (\(GitRepository.short(commit)))")
        } catch {
            throw .setup("--policy-ref: \(error)")
        }
        let reviewers: ReviewerList
        let required: Int
        do {
            reviewers = try Policy.parsedReviewers(try PolicyReader.reviewersFile(at: location, repository: repository))
            let checklist = try checklistPath.map { path throws(GateError) in
                try PolicyReader.explicitFile(.checklist, path: path, repositoryRoot: repository.workingDirectory)
            } ?? PolicyReader.checklistFile(at: location, repository: repository)
            required = try Policy.parsedChecklist(checklist).options.reviewsRequired ?? 1
        } catch {
            throw .setup("\(error)")
        }

        guard let data = FileManager.default.contents(atPath: verdictPath),
            let envelope = try? VerdictFile.read(data, path: verdictPath),
            (try? DSSE.unverifiedStatement(in: envelope)) == statement
        else {
            throw .rejected("\(verdictPath) changed while it was being verified — verify again")
        }
        let digest = Digest.sha256Hex(data)
        let source = "\(ReviewerList.relativePath) at \(location.description), \(reviewers.reviewers.count) listed"
        var tally = Tally(items: ManualItemReviews.awaiting(statement.predicate), ignored: [], required: required, source: source)
        let manual = Set(statement.predicate.awaitingReview.map(\.number))
        let read = try reviewFiles(from: reviewSource, verdictPath: verdictPath, repository: repository)
        tally.read = read.description
        tally.notes = read.notes
        var otherVerdicts = 0
        var latest: [String: (reviewer: ReviewerList.Reviewer, review: ReviewStatement)] = [:]
        var superseded: [(reviewer: ReviewerList.Reviewer, review: ReviewStatement)] = []
        for file in read.files {
            guard let envelope = try? JSONDecoder().decode(Envelope.self, from: file.data) else {
                throw .rejected("\(file.location): not a DSSE envelope — a corrupt review; \(read.remedy)")
            }
            let signers = DSSE.signerKeyIDs(of: envelope)
            guard let reviewer = reviewers.reviewers.first(where: { signers.contains($0.keyID) }) else {
                let keys = signers.map { "\($0.prefix(12))…" }.joined(separator: ", ")
                tally.ignored.append("\(file.name): signed by key \(keys.isEmpty ? "(none)" : keys), which \(ReviewerList.relativePath) at "
                    + "\(policyRef) does not list — not counted")
                continue
            }
            let review: ReviewStatement
            do {
                review = try DSSE.openReview(envelope, trusting: reviewer.key)
            } catch {
                throw .rejected(
                    "\(file.location): the review by \(reviewer.name) does not verify (\(reviewFailure(error))) — it was altered after signing; "
                        + read.remedy)
            }
            guard review.verdictSHA256 == digest else {
                // A ref holds the reviews of every verdict ever reviewed: counted, not listed one by one.
                if case .ref = reviewSource {
                    otherVerdicts += 1
                    continue
                }
                tally.ignored.append(
                    "\(file.name): \(reviewer.name)'s review of another verdict (sha256 \((review.verdictSHA256 ?? "none").prefix(12))…), "
                        + "not this one (\(digest.prefix(12))…) — not counted")
                continue
            }
            guard review.commit == statement.predicate.repository.commit else {
                tally.ignored.append("\(file.name): \(reviewer.name)'s review names commit \(review.commit ?? "(none)"), not the verdict's — not counted")
                continue
            }
            // One key, one voice: a reviewer who signed twice (changed their mind) counts with the later review, by the
            // time inside the signature; at the same instant the one that rejects more stands.
            if let earlier = latest[reviewer.keyID], !supersedes(review, earlier.review) {
                superseded.append((reviewer, review))
                continue
            }
            if let earlier = latest[reviewer.keyID] { superseded.append(earlier) }
            latest[reviewer.keyID] = (reviewer, review)
        }
        if otherVerdicts > 0 {
            tally.ignored.append("\(otherVerdicts) review\(otherVerdicts == 1 ? "" : "s") of other verdicts in \(read.description) — not counted")
        }
        let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let ordered = superseded.sorted { first, second in
            (first.reviewer.line, first.review.predicate.reviewedAt) < (second.reviewer.line, second.review.predicate.reviewedAt)
        }
        for (reviewer, review) in ordered {
            let newer = latest[reviewer.keyID]?.review.predicate.reviewedAt ?? review.predicate.reviewedAt
            tally.ignored.append(
                "\(reviewer.name)'s review signed \(review.predicate.reviewedAt.formatted(time)) (\(Self.summary(review))) is replaced by "
                    + "\(reviewer.name)'s review signed \(newer.formatted(time)) — not counted")
        }
        for (reviewer, review) in latest.values.sorted(by: { $0.reviewer.line < $1.reviewer.line }) {
            let mark = ReviewMark(
                reviewer: reviewer.name, keyID: reviewer.keyID, note: review.predicate.note, reviewedAt: review.predicate.reviewedAt)
            for (number, approves) in review.predicate.approved.map({ ($0, true) }) + review.predicate.rejected.map({ ($0, false) }) {
                guard manual.contains(number) else {
                    tally.ignored.append("\(reviewer.name) signed item \(number), which is not a manual item of this verdict — not counted")
                    continue
                }
                guard reviewer.mayReview(number) else {
                    tally.ignored.append(
                        "\(reviewer.name) may not sign for item \(number) (items= on line \(reviewer.line) of \(ReviewerList.relativePath)) — not counted")
                    continue
                }
                guard let index = tally.items.firstIndex(where: { $0.item.number == number }) else { continue }
                if approves { tally.items[index].approvals.append(mark) } else { tally.items[index].rejections.append(mark) }
            }
        }
        return tally
    }

    /// Whether `review` replaces `earlier` by the same reviewer: signed later, or at the same instant and rejecting more.
    static func supersedes(_ review: ReviewStatement, _ earlier: ReviewStatement) -> Bool {
        if review.predicate.reviewedAt != earlier.predicate.reviewedAt { return review.predicate.reviewedAt > earlier.predicate.reviewedAt }
        return review.predicate.rejected.count > earlier.predicate.rejected.count
    }

    private static func summary(_ review: ReviewStatement) -> String {
        let approved = review.predicate.approved.isEmpty ? nil : "approved \(review.predicate.approved.map(String.init).joined(separator: ","))"
        let rejected = review.predicate.rejected.isEmpty ? nil : "rejected \(review.predicate.rejected.map(String.init).joined(separator: ","))"
        return [approved, rejected].compactMap(\.self).joined(separator: ", ")
    }

    /// One review as read: `name` for short messages, `location` for errors (a path, or ref, commit and path).
    struct ReviewFile {
        var name: String
        var location: String
        var data: Data
    }

    struct ReadReviews {
        var files: [ReviewFile]
        /// Where they were read: "reviews/" or "refs/cfa-gate/reviews at <commit>".
        var description: String
        var notes: [String]
        /// What to do about a corrupt or altered review found there.
        var remedy: String
    }

    private static func reviewFiles(
        from source: ReviewSource, verdictPath: String, repository: GitRepository
    ) throws(ReviewFailure) -> ReadReviews {
        switch source {
        case .folder(let explicit):
            let directory = explicit ?? ReviewSigning.defaultDirectory(verdictPath: verdictPath)
            let files = try reviewFiles(in: directory, explicit: explicit != nil).map { path in
                ReviewFile(name: URL(fileURLWithPath: path).lastPathComponent, location: path, data: FileManager.default.contents(atPath: path) ?? Data())
            }
            return ReadReviews(
                files: files, description: directory,
                notes: [
                    "reviews read from the folder \(directory): a deletion there cannot be detected — whoever can write it can remove a "
                        + "rejection and put an earlier approval back; read them from git with --reviews-ref REF (`cfa-gate review --reviews-ref REF`)"
                ],
                remedy: "delete it or ask its reviewer to sign again")
        case .ref(let ref, let since):
            let tip: String?
            do {
                tip = try repository.tip(of: ref)
            } catch {
                throw .setup("--reviews-ref: \(error)")
            }
            let remedy = "the reviews ref is written only by `cfa-gate review`: restore \(ref) from the protected remote"
            guard let tip else {
                if let since {
                    throw .rejected(
                        "--reviews-since \(since): \(ref) does not exist in this clone — fetch it from the protected remote "
                            + "(git fetch origin '+\(ref):\(ref)'), or it was deleted")
                }
                return ReadReviews(
                    files: [], description: "\(ref) (no such ref)",
                    notes: ["\(ref) does not exist in this clone, so no review is counted — fetch it: git fetch origin '\(ref):\(ref)'"], remedy: remedy)
            }
            if let since {
                let contained: Bool
                do {
                    contained = try repository.contains(try repository.resolveCommit(since), inHistoryOf: tip)
                } catch {
                    throw .setup("--reviews-since \(since): \(error)")
                }
                guard contained else {
                    throw .rejected(
                        "\(ref) (\(GitRepository.short(tip))) does not contain \(since), the tip given by --reviews-since: the ref was "
                            + "rewritten (force-moved), which can drop a rejection — \(remedy)")
                }
            }
            let blobs: [HistoryBlob]
            do {
                blobs = try repository.blobsInHistory(of: tip)
            } catch {
                throw .setup("--reviews-ref \(ref): \(error)")
            }
            let description = "\(ref) at \(tip)"
            return ReadReviews(
                files: blobs.map { blob in
                    ReviewFile(name: blob.path, location: "\(ref): \(blob.path) in commit \(blob.commit)", data: blob.data)
                },
                description: description, notes: [], remedy: remedy)
        }
    }

    /// The review files in `directory`, in name order; none when the default directory does not exist yet.
    private static func reviewFiles(in directory: String, explicit: Bool) throws(ReviewFailure) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            if explicit { throw .setup("--reviews \(directory): no such directory") }
            return []
        }
        guard isDirectory.boolValue, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            throw .setup("\(directory) is not a readable directory of reviews")
        }
        // Hidden names are AtomicFile's temporaries of a review being written.
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { "\(directory)/\($0)" }
    }

    private static func reviewFailure(_ error: VerificationError) -> String {
        switch error {
        case .badSignature: "the signature does not match its contents"
        case .statementMalformed(let reason): "not a cfa-gate review: \(reason)"
        default: "\(error)"
        }
    }
}

extension ReviewCheck {
    /// The sign-offs beside a verdict file, for `show`: each review's signature is checked against the key it
    /// names and its subject against the verdict's bytes, and names come from `gate/reviewers` at the
    /// revision the verdict's policy was read from. Not a check — `verify --require-reviews` is the one that
    /// decides — so a review that fails any of this is simply left out. Nil when there are no reviews.
    public static func shown(verdictPath: String, statement: Statement) -> [ManualItemReviews]? {
        let directory = ReviewSigning.defaultDirectory(verdictPath: verdictPath)
        guard let data = FileManager.default.contents(atPath: verdictPath),
            let paths = try? reviewFiles(in: directory, explicit: false), !paths.isEmpty
        else { return nil }
        let digest = Digest.sha256Hex(data)
        let names = listedNames(revision: statement.predicate.policy?.revision)
        var items = ManualItemReviews.awaiting(statement.predicate)
        for path in paths {
            guard let envelope = try? JSONDecoder().decode(Envelope.self, from: FileManager.default.contents(atPath: path) ?? Data()),
                let claimed = try? DSSE.unverifiedReview(in: envelope),
                let key = try? PublicKey(derBase64: claimed.predicate.reviewer.publicKey, source: path),
                let review = try? DSSE.openReview(envelope, trusting: key),
                review.verdictSHA256 == digest
            else { continue }
            let mark = ReviewMark(
                reviewer: names[key.keyID] ?? "key \(key.keyID.prefix(12))… (not in \(ReviewerList.relativePath) at the base)",
                keyID: key.keyID, note: review.predicate.note, reviewedAt: review.predicate.reviewedAt)
            for index in items.indices {
                if review.predicate.approved.contains(items[index].item.number) { items[index].approvals.append(mark) }
                if review.predicate.rejected.contains(items[index].item.number) { items[index].rejections.append(mark) }
            }
        }
        return items
    }

    private static func listedNames(revision: String?) -> [String: String] {
        guard let revision, let repository = try? GitRepository.discover(startingAt: Gate.absolute(".")),
            let file = try? PolicyReader.reviewersFile(
                at: PolicyLocation(source: .base, commit: revision, description: revision), repository: repository),
            let list = try? Policy.parsedReviewers(file)
        else { return [:] }
        return Dictionary(list.reviewers.map { ($0.keyID, $0.name) }, uniquingKeysWith: { first, _ in first })
    }
}
