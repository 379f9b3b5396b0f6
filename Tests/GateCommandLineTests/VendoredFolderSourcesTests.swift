import Foundation
import GateTestSupport
import Testing

/// SwiftPM compiles a target's `Pods/`, `Carthage/` and `DerivedData/` folders like any other, so the gate reads them
/// too, in the working tree (the `cfa` items) and in git objects (the inventory); a CocoaPods checkout beside its
/// `Podfile`, outside every target, stays out.
struct VendoredFolderSourcesTests {
    private let features = "App/2 - AppModel/Features"

    @Test func violationsUnderATargetsPodsCarthageAndDerivedDataFailItem17AndAreInTheInventory() throws {
        var base = ChangeFixture.compliantAppWithAnalysisItems
        base["Package.swift"] = """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "App", targets: [.target(name: "App", path: "App")])

            """
        base["Podfile"] = "platform :ios, '17.0'\n"
        base["Pods/Vendor/Queue.swift"] = "import Foundation\nlet vendoredQueue = DispatchQueue(label: \"vendored\")\n"
        let gcd = "import Foundation\n\nextension OrdersFeature {\n    func refreshLater() {\n        DispatchQueue.main.async {}\n    }\n}\n"
        let fixture = try ChangeFixture.make(base: base, change: [
            "\(features)/Podfile": "", "\(features)/Cartfile": "", "\(features)/App.xcodeproj/project.pbxproj": "",
            "\(features)/Pods/OrdersFeature+Later.swift": gcd,
            "\(features)/Carthage/OrdersFeature+Soon.swift": gcd.replacingOccurrences(of: "refreshLater", with: "refreshSoon"),
            "\(features)/DerivedData/ReportsFeature.swift": """
                import Foundation
                import Observation

                @MainActor @Observable
                final class ReportsFeature {
                    func refresh() {
                        DispatchQueue.global().async {}
                    }
                }

                """,
        ])

        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let items = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["items"] as? [[String: Any]])
        let item17 = try #require(items.first { $0["number"] as? Int == 17 })
        #expect(item17["status"] as? String == "failed")
        let files = Set(((item17["evidence"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String })
        #expect(files == Set([
            "\(features)/Pods/OrdersFeature+Later.swift", "\(features)/Carthage/OrdersFeature+Soon.swift", "\(features)/DerivedData/ReportsFeature.swift",
        ]), "\(item17)")

        let inventory = try #require(items.first { $0["number"] as? Int == 23 })
        let changes = ((inventory["evidence"] as? [String: Any])?["inventory"] as? [String: Any])?["changes"] as? [[String: Any]] ?? []
        #expect(changes.contains { $0["name"] as? String == "ReportsFeature" && $0["file"] as? String == "\(features)/DerivedData/ReportsFeature.swift" },
            "\(inventory)")
    }
}
