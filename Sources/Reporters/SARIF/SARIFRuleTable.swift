/// `driver.rules` and the index of each id in it, so every result's `ruleIndex` points at its own descriptor.
///
/// Order: the catalogue as given (a repeated id keeps its first entry), then the built-in descriptors a result
/// used, then a minimal descriptor for any rule id a finding named that the catalogue lacks — SARIF consumers
/// such as GitHub drop or reject results whose rule is missing, and losing a finding is worse than a terse rule.
struct SARIFRuleTable: Sendable {
    private(set) var descriptors: [SARIFJSON] = []
    private var indexByID: [String: Int] = [:]
    private var catalog: [String: ReportRule] = [:]

    init(catalog rules: [ReportRule], usedRuleIDs: [String]) {
        for rule in rules where catalog[rule.id] == nil {
            catalog[rule.id] = rule
            add(rule.id, Self.descriptor(rule))
        }
        let used = Set(usedRuleIDs)
        for builtIn in SARIFBuiltInRule.allCases where used.contains(builtIn.rawValue) && indexByID[builtIn.rawValue] == nil {
            add(builtIn.rawValue, builtIn.descriptor)
        }
        for id in usedRuleIDs where indexByID[id] == nil {
            add(id, Self.uncatalogdDescriptor(id))
        }
    }

    func index(of id: String) -> Int? { indexByID[id] }

    /// The level of a finding that records no severity: its rule's default (a built-in rule's own), else `error`.
    func defaultLevel(of id: String) -> String {
        catalog[id].map { SARIFLevel.normalized($0.defaultLevel) } ?? SARIFBuiltInRule(rawValue: id)?.level ?? "error"
    }

    private mutating func add(_ id: String, _ descriptor: SARIFJSON) {
        indexByID[id] = descriptors.count
        descriptors.append(descriptor)
    }

    private static func descriptor(_ rule: ReportRule) -> SARIFJSON {
        let level = SARIFLevel.normalized(rule.defaultLevel)
        let tags: [SARIFJSON] = ["cfa"] + (rule.item.map { [.string("checklist-item-\($0)")] } ?? [])
        return [
            "id": .string(rule.id),
            "shortDescription": ["text": .string(rule.shortDescription)],
            "fullDescription": ["text": .string(rule.fullDescription)],
            "help": ["text": .string(rule.helpText)],
            "helpUri": rule.helpURI.map(SARIFJSON.string),
            "defaultConfiguration": ["level": .string(level)],
            "properties": ["tags": .array(tags), "problem.severity": .string(SARIFLevel.problemSeverity(level))],
        ]
    }

    private static func uncatalogdDescriptor(_ id: String) -> SARIFJSON {
        let text = "Findings reported under rule id \(id), which the rule catalogue given to cfa-gate does not describe."
        return [
            "id": .string(id),
            "shortDescription": ["text": .string(id)],
            "fullDescription": ["text": .string(text)],
            "help": ["text": .string(text)],
        ]
    }
}

/// SARIF's result levels, from the free-form severities tools print.
enum SARIFLevel {
    /// `error`/`fatal` → error, `warning` → warning, `note`/`remark`/`info` → note; nil → `fallback`; anything
    /// else → error, since an unrecognised severity on a failing item is not something to play down.
    static func of(severity: String?, fallback: String) -> String {
        guard let severity else { return fallback }
        switch severity.lowercased() {
        case "warning", "warn": return "warning"
        case "note", "remark", "info", "information": return "note"
        default: return "error"
        }
    }

    static func normalized(_ level: String) -> String {
        ["error", "warning", "note"].contains(level) ? level : "error"
    }

    /// GitHub's `problem.severity` vocabulary for non-security alerts.
    static func problemSeverity(_ level: String) -> String {
        switch level {
        case "warning": "warning"
        case "note": "recommendation"
        default: "error"
        }
    }
}
