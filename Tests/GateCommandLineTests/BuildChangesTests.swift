import Foundation
import GateTestSupport
import Testing

/// What a change adds to its own build is listed under *Policy change*: the gate cannot stop code in the test bundle
/// from rewriting its own results, so the reviewer must see it.
struct BuildChangesTests {
    private let manifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Shop"),
                .testTarget(name: "ShopTests", dependencies: ["Shop"]),
            ]
        )

        """
    private let hookedManifest = """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "Shop",
            dependencies: [.package(url: "https://example.com/helper.git", from: "1.0.0")],
            targets: [
                .target(name: "Shop"),
                .target(name: "Hook", cSettings: [.unsafeFlags(["-O0"])], linkerSettings: [.linkedLibrary("dl"), .unsafeFlags(["-Wl,-z,now"])]),
                .testTarget(name: "ShopTests", dependencies: ["Shop", .target(name: "Hook")]),
            ]
        )

        """

    @Test func aCTargetWithAConstructorAddedAsATestDependencyIsListed() throws {
        let fixture = try ChangeFixture.make(
            base: [
                "gate/cfa-change-gate.md": "1. **Fine.** <!-- probe: command: true -->\n", "Package.swift": manifest,
                "Sources/Shop/Shop.swift": "public struct Shop {}\n", "Tests/ShopTests/ShopTests.swift": "import Testing\n",
            ],
            change: [
                "Package.swift": hookedManifest,
                "Sources/Hook/hook.c": "__attribute__((constructor)) static void hook(void) {}\n",
                "Sources/Hook/include/hook.h": "void nothing(void);\n",
            ])
        let result = try CFAGateBinary.run(
            ["run", "--no-progress", "--out", fixture.path("v.json"), "--summary", fixture.path("summary.md")], in: fixture)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")

        let policy = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["policy"] as? [String: Any])
        let changes = try #require(policy["changes"] as? [[String: Any]])
        let byKind = Dictionary(grouping: changes, by: { $0["kind"] as? String ?? "" }).mapValues { $0.compactMap { $0["summary"] as? String } }
        #expect(byKind["buildTargetAdded"] == ["target Hook added (sources in Sources/Hook) — built into test target ShopTests"], "\(byKind)")
        #expect(byKind["buildTargetChanged"] == ["testTarget ShopTests changed: dependencies — a test target"])
        #expect(byKind["nativeSourceAdded"] == [
            "C-family source added (target Hook, built into test target ShopTests; "
                + "mentions `constructor`: code that runs when the binary loads, before any test)"
        ])
        #expect(byKind["unsafeFlagsAdded"] == [".unsafeFlags([\"-O0\"]) added"])
        #expect(byKind["linkerSettingAdded"] == [
            "linker setting .linkedLibrary(\"dl\") added to Hook — built into test target ShopTests",
            "linker setting .unsafeFlags([\"-Wl,-z,now\"]) added to Hook — built into test target ShopTests",
        ])
        #expect(byKind["packageDependencyAdded"] == ["package dependency .package(url: \"https://example.com/helper.git\", from: \"1.0.0\") added"])
        #expect(changes.contains { $0["kind"] as? String == "buildTargetAdded" && $0["file"] as? String == "Package.swift" && $0["line"] as? Int == 9 })

        #expect(result.standardOutput.contains("Sources/Hook/hook.c: C-family source added (target Hook"), "\(result.standardOutput)")
        #expect(changes.contains { $0["kind"] as? String == "nativeSourceAdded" && $0["file"] as? String == "Sources/Hook/hook.c" })
        let markdown = try String(contentsOfFile: fixture.path("summary.md"), encoding: .utf8)
        #expect(markdown.contains("### Policy change"))
        #expect(markdown.contains("target Hook added (sources in Sources/Hook) — built into test target ShopTests"), "\(markdown)")
    }

    @Test func aManifestEditThatDeclaresNothingNewIsStillSaidAndAnUntouchedOneIsNot() throws {
        let fixture = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": "1. **Fine.** <!-- probe: command: true -->\n", "Package.swift": manifest],
            change: ["Package.swift": manifest.replacingOccurrences(of: "name: \"Shop\",\n", with: "name: \"Shop\", // renamed later\n")])
        let result = try CFAGateBinary.run(["run", "--no-progress", "--out", fixture.path("v.json")], in: fixture)
        #expect(result.status == 0)
        let policy = try #require(try ChangeFixture.predicate(ofVerdictAt: fixture.path("v.json"))["policy"] as? [String: Any])
        let summaries = (policy["changes"] as? [[String: Any]] ?? []).compactMap { $0["summary"] as? String }
        #expect(summaries == ["Package.swift is edited; no target, unsafeFlags, linker setting, plugin or package dependency it declares differs as written"])

        let untouched = try ChangeFixture.make(
            base: ["gate/cfa-change-gate.md": "1. **Fine.** <!-- probe: command: true -->\n", "Package.swift": manifest], change: ["notes.txt": "x\n"])
        _ = try CFAGateBinary.run(["run", "--no-progress", "--out", untouched.path("v.json")], in: untouched)
        let quiet = try #require(try ChangeFixture.predicate(ofVerdictAt: untouched.path("v.json"))["policy"] as? [String: Any])
        #expect(quiet["changes"] == nil)
    }
}
