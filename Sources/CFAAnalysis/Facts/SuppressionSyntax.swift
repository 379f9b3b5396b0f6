import Foundation
/// `// cfa-gate:ignore CFA-RULE-ID[, CFA-OTHER] -- reason`
enum SuppressionSyntax {
    static let marker = "cfa-gate:ignore"

    static func parse(comment: String) -> (ruleIDs: [String], reason: String?)? {
        guard comment.hasPrefix("//"), let markerRange = comment.range(of: marker) else { return nil }
        let rest = comment[markerRange.upperBound...]
        let parts = rest.components(separatedBy: "--")
        let ids = parts[0].split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        let reason = parts.count > 1
            ? parts.dropFirst().joined(separator: "--").trimmingCharacters(in: .whitespaces)
            : nil
        return (ids, reason?.isEmpty == true ? nil : reason)
    }
}
