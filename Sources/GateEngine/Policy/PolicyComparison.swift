import CFAAnalysis
import Checklist
import Foundation
import Git
import TestOrchestration
import Verdict

/// What the change's own policy files would change if merged: shown in the verdict, never obeyed.
enum PolicyComparison {
    /// Compares the policy in force with the change's version of each file (read from the change's commit).
    /// Files given on the command line are the user's, not the change's, and are left out.
    static func changes(from trusted: Policy, to proposed: Policy) -> [PolicyChange] {
        var changes: [PolicyChange] = []
        for role in PolicyFileRole.allCases {
            guard let old = trusted.file(role), old.source != .file, let new = proposed.file(role), old.sha256 != new.sha256 else {
                continue
            }
            let described: [PolicyChange]
            switch role {
            case .checklist: described = checklistChanges(old, new)
            case .configuration: described = configurationChanges(old, new)
            case .baseline: described = baselineChanges(old, new)
            case .quarantine: described = quarantineChanges(old, new)
            case .reviewers: described = reviewersChanges(old, new)
            }
            changes += described.isEmpty
                ? [PolicyChange(kind: .fileEdited, file: new.path, summary: "\(new.path) is edited; no item, rule or option it decides differs")]
                : described
        }
        return changes
    }

    static func checklistChanges(_ old: PolicyFile, _ new: PolicyFile) -> [PolicyChange] {
        // Deleted by the change: one line, not every difference from the built-in checklist.
        if old.blobID != nil, new.blobID == nil {
            return [PolicyChange(kind: .fileEdited, file: old.path, summary: "\(old.path) is deleted; the checklist built into cfa-gate would apply")]
        }
        let path = new.path
        let oldChecklist: Checklist
        let newChecklist: Checklist
        switch parsed(old, new, path: path, Policy.parsedChecklist) {
        case .success(let pair): (oldChecklist, newChecklist) = pair
        case .failure(let unreadable): return [unreadable.change]
        }
        var changes: [PolicyChange] = []
        let oldItems = Dictionary(oldChecklist.items.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        let newItems = Dictionary(newChecklist.items.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        for number in Set(oldItems.keys).union(newItems.keys).sorted() {
            switch (oldItems[number], newItems[number]) {
            case (nil, let added?):
                changes.append(PolicyChange(
                    kind: .itemAdded, file: path, line: added.line, summary: "item \(number) added: \(added.title) (`\(added.probe.displayText)`)"))
            case (let removed?, nil):
                changes.append(PolicyChange(
                    kind: .itemRemoved, file: path, summary: "item \(number) removed: \(removed.title) (`\(removed.probe.displayText)`)"))
            case (let before?, let after?):
                if before.probe.displayText != after.probe.displayText {
                    changes.append(PolicyChange(
                        kind: .itemRebound, file: path, line: after.line,
                        summary: "item \(number) rebound from `\(before.probe.displayText)` to `\(after.probe.displayText)`"))
                }
                if before.title != after.title {
                    changes.append(PolicyChange(
                        kind: .itemRetitled, file: path, line: after.line, summary: "item \(number) retitled from \"\(before.title)\" to \"\(after.title)\""))
                }
            case (nil, nil):
                break
            }
        }
        for (name, before, after) in optionTexts(oldChecklist.options, newChecklist.options) where before != after {
            changes.append(PolicyChange(kind: .checklistOption, file: path, summary: "option \(name) changed from \(before) to \(after)"))
        }
        return changes
    }

    private static func optionTexts(_ old: ChecklistOptions, _ new: ChecklistOptions) -> [(String, String, String)] {
        func text(_ value: (some CustomStringConvertible)?) -> String { value.map { "\($0)" } ?? "(unset)" }
        func duration(_ value: Duration?) -> String { value.map(GateDuration.format) ?? "(unset)" }
        func flaky(_ value: Bool?) -> String { value.map { $0 ? "allow" : "fail" } ?? "(unset)" }
        return [
            ("package-path", text(old.packagePath), text(new.packagePath)),
            ("build-timeout", duration(old.buildTimeout), duration(new.buildTimeout)),
            ("test-timeout", duration(old.testTimeout), duration(new.testTimeout)),
            ("command-timeout", duration(old.commandTimeout), duration(new.commandTimeout)),
            ("allow-skipped", text(old.allowSkipped), text(new.allowSkipped)),
            ("reviews-required", text(old.reviewsRequired), text(new.reviewsRequired)),
            ("test-case-timeout", duration(old.testCaseTimeout), duration(new.testCaseTimeout)),
            ("test-retries", text(old.testRetries), text(new.testRetries)),
            ("flaky", flaky(old.allowFlaky), flaky(new.allowFlaky)),
            ("test-isolation", text(old.testIsolation?.rawValue), text(new.testIsolation?.rawValue)),
            ("test-workers", text(old.testWorkers), text(new.testWorkers)),
            ("test-start", text(old.testStart?.rawValue), text(new.testStart?.rawValue)),
            ("model-build", text(old.modelBuild?.rawValue), text(new.modelBuild?.rawValue)),
            (
                "model-build-requires", text(old.modelBuildRequires?.map(\.rawValue).joined(separator: ",")),
                text(new.modelBuildRequires?.map(\.rawValue).joined(separator: ","))
            ),
            ("model-build-min-tests", text(old.modelBuildMinTests.map { "\($0)%" }), text(new.modelBuildMinTests.map { "\($0)%" })),
            ("sandbox", text(old.sandbox?.rawValue), text(new.sandbox?.rawValue)),
            ("withhold-environment", text(old.withheldEnvironment?.joined(separator: ",")), text(new.withheldEnvironment?.joined(separator: ","))),
            ("isolation", text(old.isolation?.rawValue), text(new.isolation?.rawValue)),
            ("probe-user", text(old.probeUser), text(new.probeUser)),
            ("hide-paths", text(old.hiddenPaths?.joined(separator: ",")), text(new.hiddenPaths?.joined(separator: ","))),
        ]
    }

    static func configurationChanges(_ old: PolicyFile, _ new: PolicyFile) -> [PolicyChange] {
        let path = new.data == nil ? old.path : new.path
        let oldConfiguration: AnalysisConfiguration
        let newConfiguration: AnalysisConfiguration
        switch parsed(old, new, path: path, Policy.parsedConfiguration) {
        case .success(let pair): (oldConfiguration, newConfiguration) = pair
        case .failure(let unreadable): return [unreadable.change]
        }
        var changes: [PolicyChange] = []
        for descriptor in RuleCatalog.descriptors {
            let before = setting(descriptor, in: oldConfiguration)
            let after = setting(descriptor, in: newConfiguration)
            guard before != after else { continue }
            let weaker = rank(after) < rank(before)
            changes.append(PolicyChange(
                kind: weaker ? .ruleWeakened : .ruleStrengthened, file: path,
                summary: "\(descriptor.id) turned "
                    + "\(weaker && after == .off ? "off" : weaker ? "down to \(after.rawValue)" : "up to \(after.rawValue)") (was \(before.rawValue))"))
        }
        for (name, before, after) in optionTexts(oldConfiguration, newConfiguration) where before != after {
            changes.append(PolicyChange(kind: .configurationOption, file: path, summary: "\(name) changed from \(before) to \(after)"))
        }
        return changes
    }

    /// Every finding the change's baseline would accept beyond the trusted one: a change must not baseline its
    /// own new findings, so each is shown to the reviewer (entries it drops only make the gate stricter).
    static func baselineChanges(_ old: PolicyFile, _ new: PolicyFile) -> [PolicyChange] {
        guard new.data != nil else { return [] }
        let oldBaseline = old.data == nil ? Baseline(entries: []) : try? Policy.parsedBaseline(old)
        let newBaseline: Baseline
        do {
            newBaseline = try Policy.parsedBaseline(new)
        } catch {
            return [PolicyChange(kind: .unreadable, file: new.path, summary: "\(new.path) as changed does not read: \(error)")]
        }
        return Baseline.additions(from: oldBaseline ?? Baseline(entries: []), to: newBaseline).map { entry in
            let print = entry.fingerprint
            let times = entry.count > 1 ? " ×\(entry.count)" : ""
            return PolicyChange(
                kind: .baselineEntryAdded, file: new.path,
                summary: "baseline accepts \(print.rule) in \(print.file)\(times): \(print.message)")
        }
    }

    /// Every test the change's quarantine would excuse that the trusted one does not, or would excuse for longer.
    static func quarantineChanges(_ old: PolicyFile, _ new: PolicyFile) -> [PolicyChange] {
        guard let newText = new.text else { return [] }
        let trusted = old.text.flatMap { try? Quarantine.parse($0, path: old.path) } ?? Quarantine()
        let proposed: Quarantine
        do {
            proposed = try Quarantine.parse(newText, path: new.path)
        } catch {
            return [PolicyChange(kind: .unreadable, file: new.path, summary: "\(new.path) as changed does not read: \(error)")]
        }
        let before = Dictionary(trusted.entries.map { ($0.test, $0.expires) }, uniquingKeysWith: max)
        return proposed.entries.filter { entry in before[entry.test].map { $0 < entry.expires } ?? true }.map { entry in
            PolicyChange(
                kind: .quarantineEntryAdded, file: new.path, line: entry.line,
                summary: "quarantines \(entry.test) until \(entry.expires) (owner \(entry.owner)): \(entry.reason)")
        }
    }

    /// Every reviewer the change's `gate/reviewers` would add, or allow more items, that the trusted one does not:
    /// a change must not approve itself, so each is listed for the person who merges, and none counts in `verify`.
    static func reviewersChanges(_ old: PolicyFile, _ new: PolicyFile) -> [PolicyChange] {
        guard new.data != nil else { return [] }
        let trusted = (try? Policy.parsedReviewers(old)) ?? ReviewerList(reviewers: [])
        let proposed: ReviewerList
        do {
            proposed = try Policy.parsedReviewers(new)
        } catch {
            return [PolicyChange(kind: .unreadable, file: new.path, summary: "\(new.path) as changed does not read: \(error)")]
        }
        return proposed.reviewers.compactMap { reviewer in
            let before = trusted.reviewer(keyID: reviewer.keyID)
            let scope = reviewer.items.map { "items \($0.sorted().map(String.init).joined(separator: ","))" } ?? "every manual item"
            if let before {
                guard let limited = before.items, !(reviewer.items.map { $0.isSubset(of: limited) } ?? false) else { return nil }
                return PolicyChange(
                    kind: .reviewerAdded, file: new.path, line: reviewer.line,
                    summary: "reviewer \(reviewer.name) (key \(reviewer.keyID.prefix(12))…) would sign for \(scope) (was items "
                        + "\(limited.sorted().map(String.init).joined(separator: ",")))")
            }
            return PolicyChange(
                kind: .reviewerAdded, file: new.path, line: reviewer.line,
                summary: "reviewer \(reviewer.name) (key \(reviewer.keyID.prefix(12))…) added for \(scope)")
        }
    }

    private struct Unreadable: Error {
        var change: PolicyChange
    }

    /// Both versions of a policy file parsed, or the one change saying that a version does not read.
    private static func parsed<Value>(
        _ old: PolicyFile, _ new: PolicyFile, path: String, _ parse: (PolicyFile) throws(GateError) -> Value
    ) -> Result<(Value, Value), Unreadable> {
        do {
            return .success((try parse(old), try parse(new)))
        } catch {
            return .failure(Unreadable(change: PolicyChange(kind: .unreadable, file: path, summary: "\(path) as changed does not read: \(error)")))
        }
    }

    private static func setting(_ descriptor: RuleDescriptor, in configuration: AnalysisConfiguration) -> AnalysisConfiguration.RuleSetting {
        configuration.rules[descriptor.id] ?? (descriptor.defaultSeverity == .error ? .error : .warning)
    }

    private static func rank(_ setting: AnalysisConfiguration.RuleSetting) -> Int {
        switch setting {
        case .off: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Every option but `rules`, as compact JSON, so any edit shows with its old and new value.
    private static func optionTexts(_ old: AnalysisConfiguration, _ new: AnalysisConfiguration) -> [(String, String, String)] {
        func json(_ value: some Encodable) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        }
        return [
            ("include", json(old.include), json(new.include)),
            ("exclude", json(old.exclude), json(new.exclude)),
            ("rootView", json(old.rootView), json(new.rootView)),
            ("features", json(old.features), json(new.features)),
            ("folders", json(old.folders), json(new.folders)),
            ("launch", json(old.launch), json(new.launch)),
            ("baseline", json(old.baseline), json(new.baseline)),
            ("modelBuild", json(old.modelBuild), json(new.modelBuild)),
        ]
    }
}
