/// One finding per defect across rules, as Clang-Tidy's aliases do it: where several rules see the same expression, the
/// most specific one reports it and the others' findings become its related locations. Decided here and nowhere else;
/// each rule's reference page quotes it (`RuleReferenceMarkdown`), and the example on CFA-VIEW-INIT-CLEAN's page carries
/// all three rules.
///
/// "The same expression" is read as the same line: a finding of a rule further down a chain is absorbed when a finding of
/// a rule above it sits on its line or lists that line among its related locations (a screen's input and the call handing
/// it over). A finding more severe than the one it would join stays, so that configuring one rule as a warning never
/// silences another's error; so does one whose better-placed rival was suppressed, since a suppression names one rule.
/// A checklist item binding only an absorbed rule still fails: the finding that absorbed it counts for that rule too
/// (`Finding.coveredRules`), at a severity at least its own.
enum FindingPrecedence {
    /// Most specific first: a screen handed a Feature (CFA-VIEW-INIT-CLEAN), then the root view's own rule, then any View
    /// naming the AppModel or a Feature.
    static let chains: [[String]] = [
        [ViewInitCleanRule.id, RootViewStructuralRule.id, ViewNoModelAccessRule.id]
    ]

    /// The findings with every absorbed finding moved into the related locations of the one that reports its line.
    static func settle(_ findings: [Finding]) -> [Finding] {
        var settled = findings
        var absorbed: Set<Int> = []
        for chain in chains {
            // (file, line) → the index of the finding of a higher rule that reports that line.
            var owners: [Place: Int] = [:]
            for rule in chain {
                let ofRule = settled.indices.filter { settled[$0].rule == rule && !absorbed.contains($0) }
                var claimed: [(Place, Int)] = []
                for index in ofRule {
                    let finding = settled[index]
                    let place = Place(file: finding.file, line: finding.line)
                    if let owner = owners[place], settled[owner].severity >= finding.severity {
                        settled[owner].related.append(RelatedLocation(
                            finding.file, SourceLocation(line: finding.line, column: finding.column),
                            "\(finding.rule) sees it too: \(finding.message)", absorbedRule: finding.rule))
                        absorbed.insert(index)
                        continue
                    }
                    claimed.append((place, index))
                    claimed += finding.related.map { (Place(file: $0.file, line: $0.line), index) }
                }
                // Registered after the whole rule is read, so that a rule never absorbs its own findings.
                // A finding that stayed for its severity owns its line from then on, for the rules below it.
                for (place, index) in claimed where owners[place].map({ settled[$0].severity < settled[index].severity }) ?? true {
                    owners[place] = index
                }
            }
        }
        return settled.indices.filter { !absorbed.contains($0) }.map { index in
            var finding = settled[index]
            finding.related.sort()
            return finding
        }
    }

    /// The rule page's paragraph: which rules outrank `id` on one expression and which it outranks; nil outside any chain.
    static func paragraph(for id: String) -> String? {
        guard let chain = chains.first(where: { $0.contains(id) }), let position = chain.firstIndex(of: id) else { return nil }
        let link = { (rule: String) in "[\(rule)](\(RuleReferenceMarkdown.pageName(rule)))" }
        let order = chain.map(link).joined(separator: " › ")
        var text = "**Precedence** (one finding per defect): where these rules see the same expression — one line — the first "
            + "reports it and the others' findings are listed as its related locations: \(order)."
        if position > 0 {
            text += " So this rule stays silent on a line \(chain[..<position].map(link).joined(separator: " or ")) reports"
                + " (at the finding or one of its related locations), unless its own finding is the more severe."
        }
        return text
    }

    private struct Place: Hashable {
        var file: String
        var line: Int
    }
}
