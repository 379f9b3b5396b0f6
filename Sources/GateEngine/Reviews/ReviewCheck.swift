import Foundation
import Git
import Verdict

/// `verify --require-reviews`: counts the signed reviews of one exact verdict file by the reviewers the trusted
/// policy lists, item by item. A review of another verdict or commit, or by a key the policy does not list (the
/// change's own `gate/reviewers` included), is ignored and said so; a listed key's review that does not verify is
/// a rejection of the whole check.
public enum ReviewCheck {
    public struct Tally: Sendable {
        public var items: [ManualItemReviews]
        /// One line each: what was found and not counted, and why.
        public var ignored: [String]
        /// Distinct listed reviewers each manual item needs (`reviews-required`, default 1).
        public var required: Int
        /// Where the reviewers came from: "gate/reviewers at main (1a2b3c4)", with how many it lists.
        public var source: String

        /// Manual items short of approvals (and not rejected).
        public var awaiting: [ManualItemReviews] {
            items.filter { $0.rejections.isEmpty && Set($0.approvals.map(\.reviewer)).count < required }
        }

        public var rejected: [ManualItemReviews] { items.filter { !$0.rejections.isEmpty } }

        public var isSatisfied: Bool { awaiting.isEmpty && rejected.isEmpty }
    }

    /// - Parameters:
    ///   - statement: the verdict as `VerdictCheck.verify` authenticated it; the file must still hold it.
    ///   - reviewsDirectory: `--reviews DIR`; default `<verdict file>.reviews/` (absent there means no reviews yet).
    ///   - checklistPath: `--checklist FILE`, whose `reviews-required` then applies instead of REV's checklist's.
    public static func tally(
        verdictPath: String, statement: Statement, reviewsDirectory: String?, policyRef: String, checklistPath: String?,
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
        let directory = reviewsDirectory ?? ReviewSigning.defaultDirectory(verdictPath: verdictPath)
        var latest: [String: (reviewer: ReviewerList.Reviewer, review: ReviewStatement)] = [:]
        for path in try reviewFiles(in: directory, explicit: reviewsDirectory != nil) {
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard let envelope = try? JSONDecoder().decode(Envelope.self, from: FileManager.default.contents(atPath: path) ?? Data()) else {
                throw .rejected("\(path): not a DSSE envelope — a corrupt review; delete it or ask its reviewer to sign again")
            }
            let signers = DSSE.signerKeyIDs(of: envelope)
            guard let reviewer = reviewers.reviewers.first(where: { signers.contains($0.keyID) }) else {
                let keys = signers.map { "\($0.prefix(12))…" }.joined(separator: ", ")
                tally.ignored.append("\(name): signed by key \(keys.isEmpty ? "(none)" : keys), which \(ReviewerList.relativePath) at "
                    + "\(policyRef) does not list — not counted")
                continue
            }
            let review: ReviewStatement
            do {
                review = try DSSE.openReview(envelope, trusting: reviewer.key)
            } catch {
                throw .rejected(
                    "\(path): the review by \(reviewer.name) does not verify (\(reviewFailure(error))) — it was altered after signing; "
                        + "delete it or ask \(reviewer.name) to sign again")
            }
            guard review.verdictSHA256 == digest else {
                tally.ignored.append(
                    "\(name): \(reviewer.name)'s review of another verdict (sha256 \((review.verdictSHA256 ?? "none").prefix(12))…), "
                        + "not this one (\(digest.prefix(12))…) — not counted")
                continue
            }
            guard review.commit == statement.predicate.repository.commit else {
                tally.ignored.append("\(name): \(reviewer.name)'s review names commit \(review.commit ?? "(none)"), not the verdict's — not counted")
                continue
            }
            // One key, one voice: a reviewer who signed twice (changed their mind) counts with the later review.
            if let earlier = latest[reviewer.keyID], earlier.review.predicate.reviewedAt >= review.predicate.reviewedAt { continue }
            latest[reviewer.keyID] = (reviewer, review)
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
