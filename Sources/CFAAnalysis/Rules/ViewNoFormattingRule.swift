/// Item 11: presentation formatting belongs to the ViewModel. A View that formats dates, numbers or strings
/// itself holds presentation logic no test reaches; the ViewModel exposes the finished text.
/// A warning: where formatting ends and layout begins is a judgement.
struct ViewNoFormattingRule: Rule {
    static let id = "CFA-VIEW-NO-FORMATTING"
    let descriptor = RuleDescriptor(
        id: id, item: 11, defaultSeverity: .warning,
        summary: "Views leave formatting to the ViewModel: no Formatter types, .formatted(…) or String(format:)",
        help: """
            Reported (warning), once per line: a View (root view, screen or component, extensions included) naming a \
            Foundation formatter (`DateFormatter`, `NumberFormatter`, `ISO8601DateFormatter`, `DateComponentsFormatter`, \
            `RelativeDateTimeFormatter`, `MeasurementFormatter`, `ByteCountFormatter`, `PersonNameComponentsFormatter`, \
            `ListFormatter`), calling `.formatted(…)` or `String(format:)`. SwiftUI's own formatting in `Text(date, style:)`, \
            `Text(value, format:)` and other `format:` parameters is not reported. Fix: expose the finished text from the \
            ViewModel (`var updatedText: String { … .formatted(date: .abbreviated, time: .omitted) }`).
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    static let formatterTypes: Set<String> = [
        "DateFormatter", "NumberFormatter", "ISO8601DateFormatter", "DateComponentsFormatter", "DateIntervalFormatter",
        "RelativeDateTimeFormatter", "MeasurementFormatter", "ByteCountFormatter", "PersonNameComponentsFormatter", "ListFormatter",
    ]

    func check(_ index: CodebaseIndex) -> [Finding] {
        var findings: [Finding] = []
        for view in index.allEntries where index.isView(view) {
            for part in view.parts where !part.facts.isPreviewOnly {
                var uses: [(location: SourceLocation, what: String)] = []
                for reference in part.facts.scope.references where !reference.inPreview {
                    // Whole names: `DateFormatter` in `DateFormatter.localizedString(…)` is recorded on its own too.
                    if Self.formatterTypes.contains(reference.name) { uses.append((reference.location, reference.name)) }
                }
                for call in part.facts.scope.calls where !call.inPreview {
                    if call.shape.name == "formatted", call.shape.base != "viewModel", Self.isFoundationFormatted(call.shape) {
                        uses.append((call.location, "`.formatted(…)`"))
                    } else if call.shape.name == "String", call.shape.base == nil, call.shape.labels.first == "format" {
                        uses.append((call.location, "`String(format:)`"))
                    }
                }
                var lines: Set<Int> = []
                for use in uses.sorted(by: { $0.location < $1.location }) where lines.insert(use.location.line).inserted {
                    findings.append(descriptor.finding(
                        part.file, use.location,
                        "\(view.name) formats with \(use.what); presentation formatting belongs to the ViewModel "
                            + "— expose the finished text from it"))
                }
            }
        }
        return findings
    }

    /// Foundation's shapes: `formatted()`, `formatted(.number…)`, `formatted(date:time:)`. An app's own method of that name with
    /// other labels (`unit.formatted(kilograms:)`) keeps its formatting in the type that declares it.
    static func isFoundationFormatted(_ shape: CallShape) -> Bool {
        shape.labels.isEmpty || shape.labels == [nil] || shape.labels == ["date", "time"]
    }
}

extension ViewNoFormattingRule {
    static let reference = """
        "Bundle and system reads and presentation formatting belong to the ViewModel" (Reference 13, ViewModels \
        and Screens, rule 3; the gate's rule 11). Formatting done in a View is presentation logic no ViewModel \
        test reaches. Warning, not error: how much a View may shape its text is a judgement. **Reported:** once per \
        line, at the first use: a View — root view, screen or component, extensions included — naming a \
        Foundation formatter (`DateFormatter`, `NumberFormatter`, `ISO8601DateFormatter`, \
        `DateComponentsFormatter`, `DateIntervalFormatter`, `RelativeDateTimeFormatter`, `MeasurementFormatter`, \
        `ByteCountFormatter`, `PersonNameComponentsFormatter`, `ListFormatter`), calling `.formatted(…)` on a value \
        (`order.date.formatted(date: .abbreviated, time: .omitted)`), or `String(format:)`. **Not reported:** \
        SwiftUI's own formatting — `Text(order.date, style: .relative)`, `Text(total, format: .currency(code: \
        "EUR"))`, `LabeledContent(…, value:, format:)`, `TextField(value:format:)`: these declare how SwiftUI \
        renders a value rather than compute a string, they stay live (a `.relative` or `.timer` style updates \
        itself, which a ViewModel string could only match with a timer) and CFA's pages do not name them; a \
        `.formatted(…)` the ViewModel itself provides (`viewModel.formatted(…)`) and an app's own method of that \
        name with other labels (`unit.formatted(kilograms: weight)`), whose formatting lives in the type that \
        declares it; string interpolation; ViewModels, where formatting belongs; `#Preview` and `#if DEBUG` code. **Fix:** expose the finished text \
        from the ViewModel (`var placedText: String { order.date.formatted(date: .abbreviated, time: .omitted) \
        }`).
        """

    static let examples: [RuleExample] = [
        // A row formatting a number itself.
        RuleExample(
            .compliant(
                CompliantApp.componentPath,
                replacing: [
                    "    let name: String\n": "    let name: String\n    let total: Double\n",
                    "        Text(name)":
                        "        Text(name)\n        Text(↓total.formatted(.currency(code: \"EUR\")))\n        Text(↓String(format: \"%.2f\", total))",
                ])),
        // SwiftUI renders the value with its own format; the app's own `formatted(euros:)` formats where it is declared.
        RuleExample(
            .compliant(
                CompliantApp.componentPath,
                replacing: [
                    "    let name: String\n": "    let name: String\n    let total: Double\n",
                    "        Text(name)":
                        "        Text(name)\n        Text(total, format: .currency(code: \"EUR\"))\n        Text(total.formatted(euros: true))",
                ])),
    ]
}
