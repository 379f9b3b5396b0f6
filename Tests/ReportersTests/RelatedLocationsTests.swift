import GateTestSupport
import Testing
@testable import Reporters
@testable import Verdict

/// One defect, one finding: the Markdown and HTML findings list its other places after the message, linked like the
/// finding's own location, and cap a long list.
struct RelatedLocationsTests {
    private func finding(related count: Int) -> Diagnostic {
        Diagnostic(
            kind: .rule, file: "App/Features/OrdersFeatureAPI.swift", line: 1, column: 1, severity: "error", name: "CFA-NO-FEATURE-PROTOCOL",
            message: "OrdersFeatureAPI is a protocol standing in for a Feature",
            related: (1...max(count, 1)).prefix(count).map { line in
                Diagnostic.RelatedLocation(file: "App/Views/OrdersViewModel.swift", line: line, column: 5, message: "uses it")
            })
    }

    @Test func markdownListsTheOtherPlaces() {
        let line = MarkdownItemDetails.line(for: finding(related: 2), links: nil)
        #expect(line.hasSuffix("a Feature — also at [App/Views/OrdersViewModel.swift:1](App/Views/OrdersViewModel.swift#L1), "
            + "[App/Views/OrdersViewModel.swift:2](App/Views/OrdersViewModel.swift#L2)"), "\(line)")
        #expect(!MarkdownItemDetails.line(for: finding(related: 0), links: nil).contains("also at"))
        let many = MarkdownItemDetails.line(for: finding(related: 12), links: nil)
        #expect(many.hasSuffix("OrdersViewModel.swift#L10) and 2 more"), "\(many)")
    }

    @Test func htmlListsTheOtherPlaces() {
        let item = HTMLItemDetails.finding(finding(related: 1), links: nil)
        #expect(item.hasSuffix("a Feature — also at <code>App/Views/OrdersViewModel.swift:1</code></li>"), "\(item)")
        #expect(!HTMLItemDetails.finding(finding(related: 0), links: nil).contains("also at"))
    }
}
