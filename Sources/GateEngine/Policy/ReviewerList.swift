import Foundation
import Verdict

/// `gate/reviewers`: who may sign off the manual items of a verdict. Policy like the checklist, so it is read
/// from the base (or `--policy-ref`), and a change that lists itself is a policy change, not a reviewer.
///
/// One reviewer per line, `NAME KEY [items=N,…]`: KEY is the base64 of the DER public key (the body of the
/// `.pem.pub` file `cfa-gate keygen` writes, on one line); `items=` limits which manual items that person may
/// sign for. `#` starts a comment. No file means nobody may sign.
struct ReviewerList: Sendable, Equatable {
    static let relativePath = "gate/reviewers"
    static let lineFormat = "`NAME KEY [items=N,…]`"

    struct Reviewer: Sendable, Equatable {
        var name: String
        var key: PublicKey
        /// The manual items this reviewer may sign for; nil means every one.
        var items: Set<Int>?
        var line: Int

        var keyID: String { key.keyID }

        func mayReview(_ item: Int) -> Bool { items?.contains(item) ?? true }
    }

    var reviewers: [Reviewer]

    func reviewer(keyID: String) -> Reviewer? { reviewers.first { $0.keyID == keyID } }

    /// A malformed line stops here with `path:line: what — fix`: a reviewers file that half reads must not
    /// quietly drop the person it meant to list (or keep the one it meant to revoke).
    static func parse(_ text: String, path: String) throws(GateError) -> ReviewerList {
        var reviewers: [Reviewer] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard !fields.isEmpty else { continue }
            func failure(_ reason: String) -> GateError { .reviewers(path: path, line: line, reason: reason) }
            guard fields.count >= 2 else { throw failure("expected \(lineFormat), found only '\(fields[0])'") }
            let key: PublicKey
            do {
                key = try PublicKey(derBase64: fields[1], source: "the key")
            } catch {
                throw failure(
                    "'\(fields[1].prefix(24))' is not the base64 of an Ed25519 public key — paste the body of the .pem.pub "
                        + "`cfa-gate keygen` wrote, on one line")
            }
            var items: Set<Int>?
            for option in fields.dropFirst(2) {
                guard option.hasPrefix("items="), items == nil else {
                    throw failure("unexpected '\(option)' — a line is \(lineFormat)")
                }
                let numbers = option.dropFirst("items=".count).split(separator: ",", omittingEmptySubsequences: false)
                let parsed = numbers.compactMap { Int($0) }.filter { $0 > 0 }
                guard !numbers.isEmpty, parsed.count == numbers.count else {
                    throw failure("'\(option)' must list item numbers, e.g. items=27 or items=26,27")
                }
                items = Set(parsed)
            }
            if let earlier = reviewers.first(where: { $0.key == key }) {
                throw failure("this key is already listed on line \(earlier.line) (as \(earlier.name)) — keep one line per key")
            }
            reviewers.append(Reviewer(name: fields[0], key: key, items: items, line: line))
        }
        return ReviewerList(reviewers: reviewers)
    }
}
