import Foundation
import GateTestSupport
import Testing

/// SwiftPM compiles what a symbolic link points at, so the gate judges it too: under the link's path, with the target's
/// content. A link it cannot follow inside the repository fails the `cfa` items instead of being skipped.
struct SymlinkedSourcesTests {
    private let features = "App/2 - AppModel/Features"

    /// The compliant app on `main`; on `change`, `links` (path → target) and `files` are committed.
    private func makeChange(files: [String: String], links: [String: String]) throws -> GitFixture {
        let fixture = try ChangeFixture.make(base: ChangeFixture.compliantAppWithAnalysisItems, change: files)
        for (path, target) in links {
            try FileManager.default.createSymbolicLink(atPath: fixture.path(path), withDestinationPath: target)
        }
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "links")
        return fixture
    }

    @Test func aFeatureExtensionCommittedAsASymlinkToATextFileIsFoundByItem17AndTheInventory() throws {
        let fixture = try makeChange(
            files: [
                "notes/x.txt": "import Foundation\n\nextension OrdersFeature {\n    func refreshLater() {\n        DispatchQueue.main.async {}\n    }\n}\n",
                "notes/reports.txt": """
                    import Foundation
                    import Observation

                    @MainActor @Observable
                    final class ReportsFeature {
                        func refresh() {
                            DispatchQueue.global().async {}
                        }
                    }

                    """,
            ],
            links: ["\(features)/OrdersFeature+Later.swift": "../../../notes/x.txt", "\(features)/ReportsFeature.swift": "../../../notes/reports.txt"])
        #expect(try fixture.git("ls-tree", "HEAD", "\(features)/OrdersFeature+Later.swift").hasPrefix("120000"))

        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let items = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["items"] as? [[String: Any]])
        let gcd = try #require(items.first { $0["number"] as? Int == 17 })
        #expect(gcd["status"] as? String == "failed")
        let gcdFiles = ((gcd["evidence"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        #expect(gcdFiles.contains("\(features)/OrdersFeature+Later.swift"), "\(gcd)")
        #expect(gcdFiles.contains("\(features)/ReportsFeature.swift"))

        let inventory = try #require(items.first { $0["number"] as? Int == 23 })
        let changes = ((inventory["evidence"] as? [String: Any])?["inventory"] as? [String: Any])?["changes"] as? [[String: Any]] ?? []
        #expect(changes.contains { $0["name"] as? String == "ReportsFeature" && $0["file"] as? String == "\(features)/ReportsFeature.swift" },
            "\(inventory)")
    }

    @Test func aLinkOutOfTheRepositoryOrToNothingOrInACircleFailsTheCFAItemsNamingIt() throws {
        let outside = try GitFixture()
        try outside.write("Elsewhere.swift", "import Foundation\nlet queue = DispatchQueue(label: \"x\")\n")
        let fixture = try makeChange(
            files: ["notes.txt": "x\n"],
            links: [
                "\(features)/Outside.swift": outside.path("Elsewhere.swift"), "\(features)/Gone.swift": "Missing.swift",
                "\(features)/Circle.swift": "Circle.swift", "\(features)/Vendor": "../../../..",
            ])

        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        let items = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["items"] as? [[String: Any]])
        for number in [17, 23] {
            let item = try #require(items.first { $0["number"] as? Int == number })
            #expect(item["status"] as? String == "failed", "\(item)")
            let diagnostics = (item["evidence"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
            let links = diagnostics.filter { $0["name"] as? String == "cfa-gate.source-link" }
            let named = Set(links.compactMap { $0["file"] as? String })
            #expect(named == Set(["Outside.swift", "Gone.swift", "Circle.swift", "Vendor"].map { "\(features)/\($0)" }), "item \(number): \(diagnostics)")
        }
        #expect(result.standardOutput.contains("points outside the repository"), "\(result.standardOutput)")
    }
}
