@testable import CFAAnalysis
import Testing

/// A Feature declared in a module or folder the analysis leaves out (`include`, or a package beside the app) is out
/// of sight: the analysis cannot tell it is a Feature, so the findings that follow from that say so and give the fix,
/// rather than telling the author to move a Feature out of AppModel.
struct FeatureOutsideTheAnalysisTests {
    /// The compliant app with its Feature renamed to a name no Feature pattern matches, then its declaration kept or
    /// left out.
    private static func app(declaringTheFeature: Bool) -> [String: String] {
        var files = CompliantApp.files.mapValues { $0.replacingOccurrences(of: "OrdersFeature", with: "OrdersStore") }
        if !declaringTheFeature { files[CompliantApp.featurePath] = nil }
        return files
    }

    private static let hint = "if it is a Feature, analyse the folder that declares it too (`include`, or the whole repository)"

    @Test func theFindingsNameTheUnseenTypeAndTheFix() throws {
        let files = Self.app(declaringTheFeature: false)
        let adoption = Analysis.findings("CFA-ADOPTION", in: files)
        #expect(adoption.contains { $0.message.contains("AppModel stores `OrdersStore`, which no analysed file declares — \(Self.hint)") }, "\(adoption)")
        let shape = try #require(Analysis.findings("CFA-APPMODEL-SHAPE", in: files).first)
        #expect(shape.message.contains("no analysed file declares OrdersStore: \(Self.hint)"), "\(shape.message)")
        let initDefault = try #require(Analysis.findings("CFA-VIEWMODEL-INIT-DEFAULT", in: files).first)
        #expect(initDefault.message.contains("which no analysed file declares as a Feature — \(Self.hint)"), "\(initDefault.message)")
    }

    @Test func aDeclaredTypeIsJudgedAsBeforeWithoutTheHint() {
        // Declared in the analysis, `OrdersStore` is a class AppModel stores outside the View layer: a Feature.
        let findings = Analysis.result(Self.app(declaringTheFeature: true)).findings
        #expect(!findings.contains { $0.message.contains(Self.hint) }, "\(findings)")
        #expect(!findings.contains { ["CFA-ADOPTION", "CFA-APPMODEL-SHAPE", "CFA-VIEWMODEL-INIT-DEFAULT"].contains($0.rule) }, "\(findings)")
    }
}
