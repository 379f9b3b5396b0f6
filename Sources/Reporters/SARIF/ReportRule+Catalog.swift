import CFAAnalysis

extension ReportRule {
    /// The rule catalogue as report formats describe rules, each with its reference page as the help link.
    static var catalog: [ReportRule] {
        RuleCatalog.descriptors.map { descriptor in
            let page = DocumentationLink.rule(descriptor.id)
            return ReportRule(
                id: descriptor.id, shortDescription: descriptor.summary, fullDescription: descriptor.help,
                helpURI: page.url,
                helpText: "\(descriptor.help)\n\nRule reference: \(page)",
                defaultLevel: descriptor.defaultSeverity.rawValue, item: descriptor.item)
        }
    }
}
