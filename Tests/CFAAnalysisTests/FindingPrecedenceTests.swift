import Testing
@testable import CFAAnalysis

/// Issue 36, item 2: a screen handed a Feature read from `AppModel.shared` in the root view is seen by three rules; one
/// reports it (CFA-VIEW-INIT-CLEAN, as `FindingPrecedence` decides) and lists the other two as related locations.
struct FindingPrecedenceTests {
    /// CFA-VIEW-INIT-CLEAN's examples: a Feature parameter handed over by the root, and a call handing a Feature read
    /// from `AppModel.shared` to a screen taking a protocol.
    static let handedFeatureApps: [[String: String]] = [ViewInitCleanRule.examples[0].app, ViewInitCleanRule.examples[1].app]
    static let involved = [ViewInitCleanRule.id, RootViewStructuralRule.id, ViewNoModelAccessRule.id]

    private static func lineOfHandingCall(in app: [String: String]) throws -> Int {
        let root = try #require(app[CompliantApp.rootPath])
        let offset = try #require(root.components(separatedBy: "\n").firstIndex { $0.contains("AppModel.shared.ordersFeature") })
        return offset + 1
    }

    @Test(arguments: handedFeatureApps)
    func eachRuleSeesTheHandingLineOnItsOwn(app: [String: String]) throws {
        let line = try Self.lineOfHandingCall(in: app)
        let facts = app.map { FactExtractor.facts(path: $0.key, source: $0.value) }
        let index = CodebaseIndex(files: facts, configuration: AnalysisConfiguration())
        for rule in RuleCatalog.rules where Self.involved.contains(rule.descriptor.id) {
            let places = rule.check(index).flatMap { [($0.file, $0.line)] + $0.related.map { ($0.file, $0.line) } }
            #expect(places.contains { $0 == (CompliantApp.rootPath, line) }, "\(rule.descriptor.id) no longer sees the line")
        }
    }

    @Test(arguments: handedFeatureApps)
    func theHandedFeatureIsReportedOnceWithTheOthersRelated(app: [String: String]) throws {
        let line = try Self.lineOfHandingCall(in: app)
        let findings = Analysis.result(app).findings.filter { Self.involved.contains($0.rule) }
        let touching = findings.filter { finding in
            (finding.file == CompliantApp.rootPath && finding.line == line)
                || finding.related.contains { $0.file == CompliantApp.rootPath && $0.line == line }
        }
        #expect(touching.map(\.rule) == [ViewInitCleanRule.id])
        let related = touching.first?.related.map(\.message) ?? []
        #expect(related.contains { $0.hasPrefix("\(RootViewStructuralRule.id) sees it too: RootTabView uses a Feature read from `AppModel.shared`") })
        #expect(related.contains { $0.hasPrefix("\(ViewNoModelAccessRule.id) sees it too: RootTabView names a Feature read from `AppModel.shared`") })
    }

    @Test func theCallSiteMessageNamesAFeatureReadThroughTheAppModel() throws {
        let finding = try #require(Analysis.result(Self.handedFeatureApps[1]).findings.first { $0.rule == ViewInitCleanRule.id })
        #expect(finding.message.contains("hands the screen a Feature read from `AppModel.shared` as `feature`"))
        #expect(!finding.message.contains("the AppModel"))
    }

    @Test func aMoreSevereFindingIsNotAbsorbedByAWarning() throws {
        var configuration = AnalysisConfiguration()
        configuration.rules = [ViewInitCleanRule.id: .warning]
        let app = Self.handedFeatureApps[1]
        let line = try Self.lineOfHandingCall(in: app)
        let onLine = Analysis.result(app, configuration: configuration).findings
            .filter { $0.file == CompliantApp.rootPath && $0.line == line }
        // The root view's error stays beside the warning, and absorbs the other View rule's.
        #expect(onLine.map(\.rule).sorted() == [RootViewStructuralRule.id, ViewInitCleanRule.id].sorted())
        #expect(onLine.first { $0.rule == RootViewStructuralRule.id }?.related.map(\.message).first?.hasPrefix(ViewNoModelAccessRule.id) == true)
    }

    @Test func aSuppressedWinnerAbsorbsNothing() throws {
        var app = Self.handedFeatureApps[1]
        let root = try #require(app[CompliantApp.rootPath])
        app[CompliantApp.rootPath] = root.replacingOccurrences(
            of: "RevealView(feature: AppModel.shared.ordersFeature)",
            with: "RevealView(feature: AppModel.shared.ordersFeature) // cfa-gate:ignore CFA-VIEW-INIT-CLEAN -- migrating")
        let line = try Self.lineOfHandingCall(in: app)
        let result = Analysis.result(app)
        #expect(result.suppressed.map(\.finding.rule) == [ViewInitCleanRule.id])
        let onLine = result.findings.filter { $0.file == CompliantApp.rootPath && $0.line == line }
        #expect(onLine.map(\.rule) == [RootViewStructuralRule.id])
    }

    @Test func everyRuleOfAChainSaysSoOnItsPage() {
        for id in Self.involved {
            let page = RuleReferenceMarkdown.page(RuleCatalog.descriptor(for: id)!)
            #expect(page.contains("**Precedence**"), "\(id)")
            #expect(page.contains("[CFA-VIEW-INIT-CLEAN](CFA-VIEW-INIT-CLEAN.md) › [CFA-ROOTTAB-STRUCTURAL]"), "\(id)")
        }
        #expect(FindingPrecedence.paragraph(for: NoGCDLocksRule.id) == nil)
    }
}
