import Foundation
import TestOrchestration
import Verdict

/// `cfa-gate merge`: many shard verdicts, already verified, become one run. Anything that keeps the shards
/// from adding up to the whole plan — a missing, repeated or foreign shard, a planned test no shard ran —
/// fails the merged result and is named in item 0, so every report shows it.
enum ShardMerge {
    /// One shard verdict whose signature already held.
    struct Shard: Sendable {
        var path: String
        var statement: Statement
        var verdictSHA256: String
        var keyID: String

        init(path: String, statement: Statement, verdictSHA256: String, keyID: String) {
            self.path = path
            self.statement = statement
            self.verdictSHA256 = verdictSHA256
            self.keyID = keyID
        }
    }

    struct Merged: Sendable {
        var reference: GatePredicate
        var items: [ItemResult]
        var result: GateResult
        var shards: [MergedShardRecord]
        var problems: [String]
        var runErrors: [String]?
        var startedAt: Date
        var finishedAt: Date

        /// Shard files named on the command line that were not there: each is a shard that never reported.
        mutating func noteAbsentFiles(_ paths: [String]) {
            problems += paths.map { "shard verdict \($0) is missing — its job was skipped, cancelled or never uploaded it" }
            items[0] = ShardMerge.mergeItem(count: reference.shard?.count ?? 0, problems: problems)
            if result == .passed { result = .failed }
        }
    }

    /// The number of the item that reports the merge itself.
    static let mergeItemNumber = 0

    static func merge(_ shards: [Shard]) -> Merged? {
        guard let first = shards.min(by: { ($0.statement.predicate.shard?.index ?? .max) < ($1.statement.predicate.shard?.index ?? .max) })
        else { return nil }
        let reference = first.statement.predicate
        var problems: [String] = []
        var accepted: [Shard] = []
        for shard in shards {
            if let foreign = foreignness(of: shard.statement.predicate, against: reference) {
                problems.append("foreign shard: \(shard.path) \(foreign)")
            } else {
                accepted.append(shard)
            }
        }
        let count = reference.shard?.count ?? 0
        var byIndex: [Int: [Shard]] = [:]
        for shard in accepted { byIndex[shard.statement.predicate.shard!.index, default: []].append(shard) }
        for index in byIndex.keys.sorted() where byIndex[index]!.count > 1 {
            problems.append("shard \(index)/\(count) appears \(byIndex[index]!.count) times: \(byIndex[index]!.map(\.path).joined(separator: ", "))")
        }
        let missing = (1...max(count, 1)).filter { byIndex[$0] == nil }
        if count > 0, !missing.isEmpty {
            problems.append(
                "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing"
                    + " — a skipped or cancelled matrix job never passes")
        }
        let used = byIndex.keys.sorted().map { byIndex[$0]![0] }

        // The shares must rebuild exactly the plan every shard recorded.
        var assignments: [String: Int] = [:]
        for shard in used {
            let record = shard.statement.predicate.shard!
            for test in record.tests {
                if let other = assignments[test] {
                    problems.append("test \(test) is in the share of shard \(other) and of shard \(record.index)")
                }
                assignments[test] = record.index
            }
        }
        if missing.isEmpty, let record = reference.shard,
           ShardPlan(count: count, balance: ShardPlan.Balance(rawValue: record.balance) ?? .hash, assignments: assignments).sha256
            != record.planSHA256
        {
            problems.append("the shards' shares do not make up the plan \(record.planSHA256.prefix(12))… they all recorded")
        }

        var items = mergeItems(used.map(\.statement.predicate), planned: assignments, problems: &problems)
        items.insert(mergeItem(count: count, problems: problems), at: 0)

        let shardResults = used.map(\.statement.predicate.result)
        let worstShard = shardResults.max(by: { severity($0) < severity($1) }) ?? .failed
        let itemsFail = items.contains { $0.status == .failed || $0.status == .error }
        var result = worstShard
        if result == .passed && itemsFail { result = items.contains { $0.status == .error } ? .error : .failed }
        return Merged(
            reference: reference, items: items, result: result,
            shards: used.map { shard in
                let predicate = shard.statement.predicate
                return MergedShardRecord(
                    index: predicate.shard!.index, verdictSHA256: shard.verdictSHA256, keyID: shard.keyID, result: predicate.result,
                    tests: predicate.shard!.tests.count)
            },
            problems: problems,
            runErrors: Optional(used.flatMap { $0.statement.predicate.runErrors ?? [] }).flatMap { $0.isEmpty ? nil : $0 },
            startedAt: used.map(\.statement.predicate.startedAt).min() ?? reference.startedAt,
            finishedAt: used.map(\.statement.predicate.finishedAt).max() ?? reference.finishedAt)
    }

    static func mergeItem(count: Int, problems: [String]) -> ItemResult {
        ItemResult(
            number: mergeItemNumber, title: "The shards make up the whole run", section: "Shards",
            probe: "merge \(count) shards", status: problems.isEmpty ? .passed : .failed,
            summary: problems.isEmpty
                ? "\(count) of \(count) shards, one commit, one policy, one plan; every planned test reported"
                : problems[0] + (problems.count > 1 ? " (and \(problems.count - 1) more)" : ""),
            durationSeconds: 0,
            evidence: Evidence(diagnostics: problems.map { Diagnostic(kind: .command, severity: "error", name: "merge", message: $0) }))
    }

    /// Why `predicate` cannot be merged with `reference`, or nil when it can.
    static func foreignness(of predicate: GatePredicate, against reference: GatePredicate) -> String? {
        guard let shard = predicate.shard, let referenceShard = reference.shard else { return "is not a shard verdict (run it with --shard I/N)" }
        if predicate.repository.commit != reference.repository.commit {
            return "is for commit \(predicate.repository.commit), the others for \(reference.repository.commit)"
        }
        if predicate.repository.tree != reference.repository.tree { return "has tree \(predicate.repository.tree), the others \(reference.repository.tree)" }
        if predicate.checklist.sha256 != reference.checklist.sha256 {
            return "ran checklist \(predicate.checklist.sha256.prefix(12))…, the others \(reference.checklist.sha256.prefix(12))…"
        }
        if let difference = policyDifference(predicate.policy, reference.policy) { return difference }
        if predicate.tool != reference.tool {
            return "was made by \(predicate.tool.name) \(predicate.tool.version), the others by \(reference.tool.name) \(reference.tool.version)"
        }
        if shard.count != referenceShard.count { return "is one of \(shard.count) shards, the others of \(referenceShard.count)" }
        if shard.planSHA256 != referenceShard.planSHA256 {
            return "follows plan \(shard.planSHA256.prefix(12))…, the others \(referenceShard.planSHA256.prefix(12))…"
        }
        return nil
    }

    static func policyDifference(_ policy: PolicyRecord?, _ reference: PolicyRecord?) -> String? {
        let digests = { (record: PolicyRecord?) in (record?.files ?? []).map { "\($0.role.rawValue) \($0.sha256 ?? "none")" }.sorted() }
        guard digests(policy) != digests(reference) else { return nil }
        return "was judged under another policy (\(digests(policy).joined(separator: ", ")) against \(digests(reference).joined(separator: ", ")))"
    }

    /// Items by number: one that ran on a single shard is taken as it is; one that ran on several (the build on
    /// every shard, the test item's shares) takes the worst status, and the test item gathers every test case.
    static func mergeItems(_ predicates: [GatePredicate], planned: [String: Int], problems: inout [String]) -> [ItemResult] {
        var byNumber: [Int: [ItemResult]] = [:]
        var order: [Int] = []
        for predicate in predicates {
            for item in predicate.items {
                if byNumber[item.number] == nil { order.append(item.number) }
                byNumber[item.number, default: []].append(item)
            }
        }
        return order.sorted().map { number in
            let versions = byNumber[number]!
            if versions.contains(where: { $0.evidence.testRun != nil }) {
                return mergeTestItem(versions, planned: planned, problems: &problems)
            }
            guard versions.count > 1 else { return versions[0] }
            var worst = versions.max { severity($0.status) < severity($1.status) }!
            worst.durationSeconds = versions.map(\.durationSeconds).max() ?? worst.durationSeconds
            return worst
        }
    }

    static func mergeTestItem(_ versions: [ItemResult], planned: [String: Int], problems: inout [String]) -> ItemResult {
        var merged = versions.max { severity($0.status) < severity($1.status) }!
        // Each shard ran its own share; the unavailable tests every shard lists are kept once, if the shards agree.
        var cases = versions.flatMap { ($0.evidence.testCases ?? []).filter(\.status.ran) }
        cases += agreedUnavailableTests(versions, problems: &problems)
        if let difference = modelBuildDifference(versions) { problems.append(difference) }
        let reported = Set(cases.map(\.id))
        let unreported = planned.keys.filter { !reported.contains($0) }.sorted()
        for test in unreported {
            problems.append("planned test \(test) (shard \(planned[test]!)) never reported")
            cases.append(TestCaseResult(id: test, status: .notRun, attempts: []))
        }
        cases.sort { $0.id < $1.id }
        // A shard may hold only skipped tests; the whole run may not.
        let ran = cases.filter(\.status.ran)
        if !ran.isEmpty, !ran.contains(where: { $0.status != .skipped }) {
            problems.append("no shard executed a test: all \(ran.count) planned tests were skipped")
        }
        var counts: [String: Int] = [:]
        for testCase in cases { counts[testCase.status.rawValue, default: 0] += 1 }
        let records = versions.compactMap(\.evidence.testRun)
        var run = records[0]
        run.expected = planned.count
        run.counts = counts
        run.ranFirst = Array(Set(records.flatMap(\.ranFirst))).sorted()
        run.problems = records.flatMap(\.problems)
        merged.evidence.testCases = cases
        // The shares are disjoint and unavailable tests are in no count, so the shards' totals add up to the whole run's.
        let totals = versions.compactMap(\.evidence.tests)
        if !totals.isEmpty {
            merged.evidence.tests = TestCounts(
                passed: totals.map(\.passed).reduce(0, +), failed: totals.map(\.failed).reduce(0, +) + unreported.count,
                skipped: totals.map(\.skipped).reduce(0, +))
        }
        merged.evidence.testRun = run
        merged.evidence.diagnostics = versions.flatMap(\.evidence.diagnostics)
        merged.evidence.excerpt = versions.flatMap(\.evidence.excerpt)
        merged.evidence.logs = versions.flatMap(\.evidence.logs)
        if !unreported.isEmpty, merged.status == .passed { merged.status = .failed }
        merged.durationSeconds = versions.map(\.durationSeconds).max() ?? merged.durationSeconds
        let phrase = TestCaseStatus.allCases.compactMap { status in counts[status.rawValue].map { "\($0) \(status.phrase)" } }
        // The shards' own opening says why the model build ran (`model build (no Package.swift): 10 of 18 files`); all agree.
        let scope = merged.evidence.modelBuild.map { record in
            let opening = versions.first.flatMap { $0.summary.range(of: #"^model build[^:]*: \d+ of \d+ files"#, options: .regularExpression) }
            let counted = "model build: \(record.compiled.count) of \(record.compiled.count + record.excluded.count) files"
            return (opening.map { String(versions[0].summary[$0]) } ?? counted) + "; "
        } ?? ""
        merged.summary = "\(scope)\(phrase.joined(separator: ", ")) across \(versions.count) shard\(versions.count == 1 ? "" : "s")"
            + (records.contains { $0.isolation == .batch } ? TestIsolation.batch.summaryNote : "")
        return merged
    }

    /// The unavailable tests, once: every shard of one commit lists the same ones with the same reasons (the model build
    /// is deterministic), so a test one shard lists and another does not, or lists for another reason, is a problem
    /// named with the shards that disagree.
    static func agreedUnavailableTests(_ versions: [ItemResult], problems: inout [String]) -> [TestCaseResult] {
        let lists = versions.map { version in
            (shard: version.evidence.testRun?.shard.map { "shard \($0.index)" } ?? "a shard",
             tests: (version.evidence.testCases ?? []).filter { $0.status == .unavailable })
        }
        let mismatch = " — the shards did not build the same model package"
        // Each test as the first shard listing it gave it, and that shard's name for the message.
        var agreed: [String: (test: TestCaseResult, shard: String)] = [:]
        for (number, list) in lists.enumerated() {
            let byID = Dictionary(list.tests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for id in Set(agreed.keys).union(byID.keys).sorted() {
                switch (agreed[id], byID[id]) {
                case (let kept?, let other?) where kept.test.excerpt != other.excerpt:
                    problems.append(
                        "unavailable test \(id) has another reason in \(list.shard) (\(other.excerpt.first ?? "none")) than in \(kept.shard)"
                            + " (\(kept.test.excerpt.first ?? "none"))\(mismatch)")
                case (let kept?, nil):
                    problems.append("unavailable test \(id) is listed by \(kept.shard) but not by \(list.shard)\(mismatch)")
                case (nil, let other?):
                    if number > 0 { problems.append("unavailable test \(id) is listed by \(list.shard) but not by \(lists[0].shard)\(mismatch)") }
                    agreed[id] = (other, list.shard)
                case (_?, _?), (nil, nil):
                    break
                }
            }
        }
        return agreed.values.map(\.test).sorted { $0.id < $1.id }
    }

    /// Why the shards' model builds differ, or nil: each shard builds its own, and all must have left out the same files.
    static func modelBuildDifference(_ versions: [ItemResult]) -> String? {
        let records = versions.map(\.evidence.modelBuild)
        guard let first = records.first, records.contains(where: { $0 != first }) else { return nil }
        return "the shards' model builds differ (compiled \(records.map { "\($0?.compiled.count ?? 0)" }.joined(separator: ", ")) files)"
            + " — every shard must build the same files"
    }

    static func severity(_ status: ItemStatus) -> Int {
        switch status {
        case .passed, .manual: 0
        case .skipped: 1
        case .failed: 2
        case .error: 3
        }
    }

    static func severity(_ result: GateResult) -> Int {
        switch result {
        case .passed: 0
        case .failed: 1
        case .error: 2
        }
    }
}
