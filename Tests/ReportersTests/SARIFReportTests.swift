import CFAAnalysis
import GateTestSupport
import Foundation
import Testing
@testable import Reporters
@testable import Verdict

/// The SARIF fields code scanning relies on, read back from the rendered log.
struct SARIFReportTests {
    private func run(_ statement: Statement, repositoryURI: String? = SARIFSampleRules.repositoryURI) throws -> SARIFJSONValue {
        let log = try SARIFJSONValue.decode(SARIFReport.render(statement, rules: SARIFSampleRules.catalog, repositoryURI: repositoryURI))
        return try #require(log[path: ["runs", 0]])
    }

    private func analyze(_ findings: [Diagnostic], rules: [ReportRule] = SARIFSampleRules.catalog, packagePath: String = ".") throws -> SARIFJSONValue {
        let log = try SARIFJSONValue.decode(SARIFReport.render(
            findings: findings, rules: rules, repositoryURI: nil, toolVersion: "9.9.9", packagePath: packagePath))
        return try #require(log[path: ["runs", 0]])
    }

    private func results(_ run: SARIFJSONValue) -> [SARIFJSONValue] { run["results"]?.arrayValue ?? [] }

    @Test func logHeaderAndDriverAreWhatCodeScanningRequires() throws {
        let log = try SARIFJSONValue.decode(SARIFReport.render(SampleVerdicts.failing, rules: SARIFSampleRules.catalog, repositoryURI: nil))
        #expect(log["version"] == .string("2.1.0"))
        #expect(log["$schema"] == .string(SARIFReport.schemaURI))
        let driver = try #require(log[path: ["runs", 0, "tool", "driver"]])
        #expect(driver["name"] == .string("cfa-gate"))
        #expect(driver["version"] == .string("0.1.0"))
        #expect(driver["informationUri"] == .string(DocumentationLink.home.url))
        for rule in driver["rules"]?.arrayValue ?? [] {
            #expect(rule[path: ["shortDescription", "text"]]?.stringValue?.isEmpty == false)
            #expect(rule[path: ["fullDescription", "text"]]?.stringValue?.isEmpty == false)
            #expect(rule[path: ["help", "text"]]?.stringValue?.isEmpty == false)
        }
    }

    @Test func failingVerdictYieldsOneResultPerLocatedFinding() throws {
        let results = results(try run(SampleVerdicts.failing))
        // Two rule findings, one compiler error, the test failure that names its file, one dirty path; the
        // file-less XCTest failure and the manual item produce nothing.
        #expect(results.map { $0["ruleId"]?.stringValue } == [
            "CFA-VIEWMODEL-INLINE", "CFA-VIEWMODEL-ADJACENT", "cfa-gate.build", "cfa-gate.test", "cfa-gate.git-clean",
        ])
        #expect(results.map { $0["level"]?.stringValue } == ["error", "warning", "error", "error", "error"])
        #expect(results[3][path: ["message", "text"]] == .string("AppTests.OrdersFeatureTests/placesOrder(): Expectation failed: (total → 4) == 5"))
        #expect(results[1][path: ["message", "text"]] == .string(SampleVerdicts.awkwardMessage))
    }

    @Test("every ruleId resolves in driver.rules at its ruleIndex", arguments: JUnitSARIFGoldens.samples.keys.sorted())
    func ruleIndexesResolve(sample: String) throws {
        let run = try run(try #require(JUnitSARIFGoldens.samples[sample]))
        let rules = run[path: ["tool", "driver", "rules"]]?.arrayValue ?? []
        for result in results(run) {
            let index = try #require(result["ruleIndex"]?.numberValue.map(Int.init))
            #expect(rules.indices.contains(index) && rules[index]["id"] == result["ruleId"])
        }
        let ids = rules.compactMap { $0["id"]?.stringValue }
        #expect(Set(ids).count == ids.count)
    }

    @Test func builtInRulesAppearOnlyWhenAResultUsesThem() throws {
        func ruleIDs(_ run: SARIFJSONValue) -> [String] {
            run[path: ["tool", "driver", "rules"]]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        }
        let catalog = SARIFSampleRules.catalog.map(\.id)
        #expect(ruleIDs(try run(SampleVerdicts.passing)) == catalog)
        #expect(ruleIDs(try run(SampleVerdicts.errored)) == catalog)
        #expect(ruleIDs(try run(SampleVerdicts.failing)) == catalog + ["cfa-gate.build", "cfa-gate.test", "cfa-gate.git-clean"])
        #expect(ruleIDs(try analyze(SARIFSampleRules.ruleFindings)) == catalog + ["CFA-ADOPTION"])
    }

    @Test func catalogRulesKeepTheirDescriptionsLevelsAndItems() throws {
        let rules = try run(SampleVerdicts.failing)[path: ["tool", "driver", "rules"]]?.arrayValue ?? []
        let inline = try #require(rules.first)
        #expect(inline["id"] == .string("CFA-VIEWMODEL-INLINE"))
        #expect(inline[path: ["shortDescription", "text"]] == .string("Each screen creates its own ViewModel inline"))
        #expect(inline["helpUri"] == .string(DocumentationLink.rule("CFA-VIEWMODEL-INLINE").url))
        #expect(inline[path: ["properties", "tags"]] == .array([.string("cfa"), .string("checklist-item-1")]))
        #expect(rules[1]["helpUri"] == nil)
        #expect(rules[2][path: ["defaultConfiguration", "level"]] == .string("warning"))
        #expect(rules[2][path: ["properties", "problem.severity"]] == .string("warning"))
    }

    @Test func aRepeatedCatalogIDKeepsItsFirstEntry() throws {
        let first = SARIFSampleRules.catalog[0]
        var second = first
        second.shortDescription = "a second, conflicting entry"
        let rules = try analyze([], rules: [first, second])[path: ["tool", "driver", "rules"]]?.arrayValue ?? []
        #expect(rules.count == 1)
        #expect(rules.first?[path: ["shortDescription", "text"]] == .string(first.shortDescription))
    }

    @Test func locationsAreRepositoryRelativeWithLinesAndColumns() throws {
        let results = results(try run(SampleVerdicts.failing))
        let first = try #require(results.first?[path: ["locations", 0, "physicalLocation"]])
        #expect(first["artifactLocation"] == .object([
            "uri": .string("Sources/App/1%20-%20View/Views/Orders/OrdersView.swift"), "uriBaseId": .string("%SRCROOT%"),
        ]))
        #expect(first["region"] == .object(["startLine": .number(12), "startColumn": .number(5)]))
        // An uncommitted path concerns the whole file: line 1, no column.
        #expect(results[4][path: ["locations", 0, "physicalLocation", "region"]] == .object(["startLine": .number(1)]))
    }

    @Test func aFindingWithoutAFileIsShownOnThePackageManifest() throws {
        let adoption = Diagnostic(kind: .rule, severity: "error", name: "CFA-ADOPTION", message: "not a CFA app")
        for (packagePath, manifest) in [(".", "Package.swift"), ("Examples/HabitTracker/", "Examples/HabitTracker/Package.swift")] {
            let location = try #require(results(try analyze([adoption], packagePath: packagePath)).first?[path: ["locations", 0]])
            #expect(location[path: ["physicalLocation", "artifactLocation", "uri"]] == .string(manifest))
            #expect(location[path: ["physicalLocation", "region", "startLine"]] == .number(1))
            #expect(location[path: ["message", "text"]]?.stringValue?.contains("No file was recorded") == true)
        }
        // In a verdict the manifest is the one at the recorded package path.
        var statement = SampleVerdicts.failing
        statement.predicate.items[1].evidence.diagnostics = [Diagnostic(kind: .compiler, severity: "error", message: "link command failed")]
        let build = try #require(results(try run(statement)).first { $0["ruleId"] == .string("cfa-gate.build") })
        #expect(build[path: ["locations", 0, "physicalLocation", "artifactLocation", "uri"]] == .string("Examples/HabitTracker/Package.swift"))
    }

    @Test func uncatalogdRuleIDsGetADescriptorAndSeverityFallsBackToTheRuleDefault() throws {
        let findings = [
            Diagnostic(kind: .rule, file: "A.swift", line: 2, name: "CFA-VIEWMODEL-ADJACENT", message: "no severity recorded"),
            Diagnostic(kind: .rule, file: "B.swift", line: 3, name: "CFA-FUTURE-RULE", message: "from a newer analyser"),
            Diagnostic(kind: .rule, file: "C.swift", line: 4, message: "a finding that names no rule"),
            Diagnostic(kind: .command, message: "command output has no place in SARIF"),
        ]
        let run = try analyze(findings)
        let results = results(run)
        #expect(results.map { $0["ruleId"]?.stringValue } == ["CFA-VIEWMODEL-ADJACENT", "CFA-FUTURE-RULE", "cfa-gate.unnamed-rule"])
        #expect(results.map { $0["level"]?.stringValue } == ["warning", "error", "error"])
        let future = try #require(run[path: ["tool", "driver", "rules"]]?.arrayValue?.first { $0["id"] == .string("CFA-FUTURE-RULE") })
        #expect(future[path: ["shortDescription", "text"]] == .string("CFA-FUTURE-RULE"))
    }

    @Test func severitiesMapToSARIFLevels() {
        #expect(SARIFLevel.of(severity: "error", fallback: "note") == "error")
        #expect(SARIFLevel.of(severity: "Warning", fallback: "error") == "warning")
        #expect(SARIFLevel.of(severity: "note", fallback: "error") == "note")
        #expect(SARIFLevel.of(severity: "remark", fallback: "error") == "note")
        #expect(SARIFLevel.of(severity: "fatal error", fallback: "note") == "error")
        #expect(SARIFLevel.of(severity: nil, fallback: "warning") == "warning")
        #expect(SARIFLevel.normalized("critical") == "error")
    }

    @Test func fingerprintIgnoresLineAndColumnButNotRuleFileOrMessage() throws {
        func fingerprint(_ diagnostic: Diagnostic) throws -> SARIFJSONValue? {
            results(try analyze([diagnostic])).first?[path: ["partialFingerprints", "cfaGate/v1"]]
        }
        let original = Diagnostic(kind: .rule, file: "Sources/A.swift", line: 12, column: 5, severity: "error", name: "CFA-NO-GCD-LOCKS", message: "DispatchQueue  in\n A")
        var moved = original
        moved.line = 40
        moved.column = 1
        moved.message = "DispatchQueue in A"
        var otherFile = original
        otherFile.file = "Sources/B.swift"
        var otherRule = original
        otherRule.name = "CFA-NO-COMBINE"
        var otherMessage = original
        otherMessage.message = "DispatchGroup in A"
        var dotted = original
        dotted.file = "./Sources/A.swift"

        let value = try #require(try fingerprint(original)?.stringValue)
        #expect(value.count == 64 && value.allSatisfy(\.isHexDigit))
        #expect(try fingerprint(moved) == fingerprint(original))
        #expect(try fingerprint(dotted) == fingerprint(original))
        for changed in [otherFile, otherRule, otherMessage] {
            #expect(try fingerprint(changed) != fingerprint(original))
        }
    }

    @Test func identicalFindingsInOneFileGetDistinctStableFingerprints() throws {
        let finding = Diagnostic(kind: .rule, file: "A.swift", line: 1, name: "CFA-NO-GCD-LOCKS", message: "DispatchQueue")
        var later = finding
        later.line = 9
        let fingerprints = results(try analyze([finding, later])).map { $0[path: ["partialFingerprints", "cfaGate/v1"]] }
        #expect(fingerprints.count == 2 && fingerprints[0] != fingerprints[1])
        var shifted = [finding, later]
        shifted[0].line = 5
        shifted[1].line = 20
        #expect(results(try analyze(shifted)).map { $0[path: ["partialFingerprints", "cfaGate/v1"]] } == fingerprints)
    }

    @Test func pathsBecomePercentEncodedURIReferences() {
        #expect(SARIFArtifactURI.reference(forPath: "Sources/App/1 - View/A.swift") == ("Sources/App/1%20-%20View/A.swift", true))
        #expect(SARIFArtifactURI.reference(forPath: "Sources/100%/a#b?c:d.swift") == ("Sources/100%25/a%23b%3Fc%3Ad.swift", true))
        #expect(SARIFArtifactURI.reference(forPath: "Sources/Café/Ünïcode.swift") == ("Sources/Caf%C3%A9/%C3%9Cn%C3%AFcode.swift", true))
        #expect(SARIFArtifactURI.reference(forPath: "Sources/a+b(c)@d.swift") == ("Sources/a+b(c)@d.swift", true))
        #expect(SARIFArtifactURI.reference(forPath: "/usr/include/my header.h") == ("file:///usr/include/my%20header.h", false))
    }

    @Test func anAbsolutePathHasNoBaseIDAndADotPrefixIsDropped() throws {
        let findings = [
            Diagnostic(kind: .compiler, file: "/tmp/x y.swift", line: 1, severity: "error", message: "m"),
            Diagnostic(kind: .compiler, file: "././Sources/A.swift", line: 1, severity: "error", message: "m"),
        ]
        let locations = results(try analyze(findings)).map { $0[path: ["locations", 0, "physicalLocation", "artifactLocation"]] }
        #expect(locations == [
            .object(["uri": .string("file:///tmp/x%20y.swift")]),
            .object(["uri": .string("Sources/A.swift"), "uriBaseId": .string("%SRCROOT%")]),
        ])
    }

    @Test func runDetailsNameTheCommitBranchAndCategory() throws {
        let run = try run(SampleVerdicts.failing)
        #expect(run[path: ["automationDetails", "id"]] == .string("cfa-gate/"))
        #expect(run["versionControlProvenance"] == .array([.object([
            "repositoryUri": .string(SARIFSampleRules.repositoryURI), "revisionId": .string(SampleVerdicts.commit),
            "branch": .string("feature/orders"), "mappedTo": .object(["uriBaseId": .string("%SRCROOT%")]),
        ])]))
        #expect(run[path: ["originalUriBaseIds", "%SRCROOT%"]]?["uri"] == nil)
        #expect(run[path: ["originalUriBaseIds", "%SRCROOT%", "description", "text"]] != nil)
        #expect(run[path: ["invocations", 0, "executionSuccessful"]] == .bool(true))
        #expect(run[path: ["properties", "verdictResult"]] == .string("failed"))
        #expect(try self.run(SampleVerdicts.failing, repositoryURI: nil)["versionControlProvenance"] == nil)
    }

    @Test func anErroredVerdictIsAnUnsuccessfulInvocationNamingTheItem() throws {
        let invocation = try #require(try run(SampleVerdicts.errored)[path: ["invocations", 0]])
        #expect(invocation["executionSuccessful"] == .bool(false))
        let notifications = invocation["toolExecutionNotifications"]?.arrayValue ?? []
        #expect(notifications.count == 1)
        #expect(notifications.first?["level"] == .string("error"))
        #expect(notifications.first?[path: ["message", "text"]]?.stringValue?.hasPrefix("item 24 (The package builds) could not run: timed out") == true)
        #expect(results(try run(SampleVerdicts.errored)).isEmpty)
    }

    @Test func analyzeRunRecordsTheToolVersionAndNoVerdictDetails() throws {
        let run = try analyze(SARIFSampleRules.ruleFindings)
        #expect(run[path: ["tool", "driver", "version"]] == .string("9.9.9"))
        #expect(run[path: ["invocations", 0]] == .object(["executionSuccessful": .bool(true)]))
        #expect(run["properties"] == nil)
        #expect(results(run).count == 4)
    }

    @Test func outputIsDeterministicWithSortedKeys() throws {
        let once = SARIFReport.render(SampleVerdicts.failing, rules: SARIFSampleRules.catalog, repositoryURI: nil)
        #expect(once == SARIFReport.render(SampleVerdicts.failing, rules: SARIFSampleRules.catalog, repositoryURI: nil))
        let keys = once.split(separator: "\n").prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(keys == ["{", "\"$schema\" : \"\(SARIFReport.schemaURI)\",", "\"runs\" : ["])
        #expect(once.hasSuffix("}\n"))
    }

    /// One defect, one finding: its other places are SARIF `relatedLocations`, numbered, each with its message, valid
    /// against the schema; the fingerprint is the same as without them.
    @Test func relatedLocationsAreWrittenAndLeaveTheFingerprintAlone() throws {
        let plain = Diagnostic(
            kind: .rule, file: "App/Features/OrdersFeatureAPI.swift", line: 1, column: 1, severity: "error", name: "CFA-NO-FEATURE-PROTOCOL",
            message: "OrdersFeatureAPI is a protocol standing in for a Feature")
        var related = plain
        related.related = [
            Diagnostic.RelatedLocation(file: "App/Views/Orders/OrdersViewModel.swift", line: 5, column: 17, message: "OrdersViewModel.orders depends on it"),
            Diagnostic.RelatedLocation(file: "App/Views/Orders/OrdersViewModel.swift", line: 7, column: 10, message: "init parameter `orders` takes it"),
        ]
        let result = try #require(results(try analyze([related])).first)
        let locations = try #require(result["relatedLocations"]?.arrayValue)
        #expect(locations.map { $0["id"] } == [.number(1), .number(2)])
        #expect(locations[0][path: ["physicalLocation", "artifactLocation", "uri"]] == .string("App/Views/Orders/OrdersViewModel.swift"))
        #expect(locations[0][path: ["physicalLocation", "region", "startLine"]] == .number(5))
        #expect(locations[1][path: ["physicalLocation", "region", "startColumn"]] == .number(10))
        #expect(locations[1][path: ["message", "text"]] == .string("init parameter `orders` takes it"))
        let without = try #require(results(try analyze([plain])).first)
        #expect(without["relatedLocations"] == nil)
        #expect(without["partialFingerprints"] == result["partialFingerprints"])
        let checker = try #require(SARIFSchemaTests.checker)
        let log = try SARIFJSONValue.decode(SARIFReport.render(
            findings: [related], rules: SARIFSampleRules.catalog, repositoryURI: nil, toolVersion: "0.1.0"))
        #expect(checker.errors(in: log) == [])
    }
}
