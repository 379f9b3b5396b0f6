import CFAAnalysis
import Foundation
import Verdict

/// `partialFingerprints["cfaGate/v1"]`: the identity of a finding across runs, so code scanning keeps one alert
/// per problem as the code around it changes.
///
/// It hashes the finding's `FindingFingerprint` — rule id, file path and whitespace-normalized message, the
/// identity the baseline matches on — and the finding's occurrence number among identical findings of the same
/// run; never the line or column, so an alert survives lines being added above it.
enum SARIFFingerprint {
    static let key = "cfaGate/v1"

    /// One fingerprint per finding, in order.
    static func fingerprints(for findings: [SARIFFinding]) -> [String] {
        var occurrences: [String: Int] = [:]
        return findings.map { finding in
            let identity = FindingFingerprint(rule: finding.ruleID, file: finding.file ?? "", message: finding.message).identityText
            let occurrence = occurrences[identity, default: 0]
            occurrences[identity] = occurrence + 1
            return Digest.sha256Hex(Data("\(identity)\u{0}\(occurrence)".utf8))
        }
    }
}
