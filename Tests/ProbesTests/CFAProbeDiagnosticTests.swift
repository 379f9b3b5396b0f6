@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import Probes
import Verdict

/// The verdict's evidence carries a finding's related locations, so every report made from the verdict can show them.
struct CFAProbeDiagnosticTests {
    @Test func aFindingsRelatedLocationsReachTheVerdict() throws {
        let finding = Finding(
            rule: "CFA-NO-FEATURE-PROTOCOL", item: 16, severity: .error, file: "App/OrdersFeatureAPI.swift", line: 1, column: 1,
            message: "OrdersFeatureAPI is a protocol standing in for a Feature",
            related: [RelatedLocation("App/OrdersViewModel.swift", SourceLocation(line: 5, column: 17), "OrdersViewModel.orders depends on it")])
        let diagnostic = CFAProbe.diagnostic(finding)
        #expect(diagnostic.related == [
            Diagnostic.RelatedLocation(file: "App/OrdersViewModel.swift", line: 5, column: 17, message: "OrdersViewModel.orders depends on it")
        ])
        var plain = finding
        plain.related = []
        #expect(CFAProbe.diagnostic(plain).related == nil)
        // Written only when present, so a verdict without related locations reads as before.
        let encoded = try String(decoding: JSONEncoder().encode(CFAProbe.diagnostic(plain)), as: UTF8.self)
        #expect(!encoded.contains("related"))
        let decoded = try JSONDecoder().decode(Diagnostic.self, from: JSONEncoder().encode(diagnostic))
        #expect(decoded == diagnostic)
    }
}
