import Foundation
import Verdict

/// `partialFingerprints["cfaGate/v1"]`: the identity of a finding across runs, so code scanning keeps one alert
/// per problem as the code around it changes.
///
/// It hashes the rule id, the file path, the message with its whitespace normalised, and the finding's
/// occurrence number among identical (rule, file, message) findings of the same run — never the line or column,
/// so an alert survives lines being added above it.
enum SARIFFingerprint {
    static let key = "cfaGate/v1"

    /// One fingerprint per finding, in order.
    static func fingerprints(for findings: [SARIFFinding]) -> [String] {
        var occurrences: [String: Int] = [:]
        return findings.map { finding in
            let identity = [finding.ruleID, finding.file ?? "", normalised(finding.message)].joined(separator: "\u{0}")
            let occurrence = occurrences[identity, default: 0]
            occurrences[identity] = occurrence + 1
            return Digest.sha256Hex(Data("\(identity)\u{0}\(occurrence)".utf8))
        }
    }

    /// Runs of whitespace (including line breaks) become one space, and the ends are trimmed, so re-wrapped or
    /// re-indented output does not change a finding's identity.
    static func normalised(_ message: String) -> String {
        message.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
