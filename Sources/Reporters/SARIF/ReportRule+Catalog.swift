import CFAAnalysis

extension ReportRule {
    /// The rule catalogue as report formats describe rules. The help text points at the README's rule
    /// reference, which travels with the tool; there is no web page to link to.
    static var catalog: [ReportRule] {
        RuleCatalog.descriptors.map { descriptor in
            ReportRule(
                id: descriptor.id, shortDescription: descriptor.summary, fullDescription: descriptor.help,
                helpURI: nil,
                helpText: "\(descriptor.help)\n\nRule reference: cfa-gate's README, section \"Rule reference\", entry \(descriptor.id).",
                defaultLevel: descriptor.defaultSeverity.rawValue, item: descriptor.item)
        }
    }
}
