import Testing
@testable import Probes

struct ChangedTestTargetsTests {
    static let graph = [
        ChangedTestTargets.Target(name: "Core", c99name: "Core", type: "library", path: "Sources/Core", targetDependencies: nil),
        ChangedTestTargets.Target(name: "Feature-UI", c99name: "Feature_UI", type: "library", path: "Sources/Feature-UI", targetDependencies: ["Core"]),
        ChangedTestTargets.Target(name: "CoreTests", c99name: "CoreTests", type: "test", path: "Tests/CoreTests", targetDependencies: ["Core"]),
        ChangedTestTargets.Target(
            name: "Feature-UITests", c99name: "Feature_UITests", type: "test", path: "Tests/Feature-UITests", targetDependencies: ["Feature-UI"]),
        ChangedTestTargets.Target(name: "Other", c99name: "Other", type: "library", path: "Sources/Other", targetDependencies: nil),
    ]

    private func order(_ changed: [String], packagePath: String = "") -> ChangedTestTargets.Order {
        ChangedTestTargets.order(changed: changed, packagePath: packagePath, graph: Self.graph, against: "against main")
    }

    @Test func testsOfTargetsThatDependOnTheChangeGoFirstThroughTheWholeChain() {
        let core = order(["App/Sources/Core/Store.swift"], packagePath: "App")
        #expect(core.targets == ["CoreTests", "Feature_UITests"])
        #expect(core.reason == "CoreTests, Feature-UITests are affected by changes to Core against main")
        #expect(order(["Sources/Feature-UI/View.swift"]).targets == ["Feature_UITests"])
        #expect(order(["Tests/CoreTests/StoreTests.swift"]).targets == ["CoreTests"])
    }

    @Test func aChangeNoTestReachesOrdersNothing() {
        #expect(order(["Sources/Other/Thing.swift"]).targets.isEmpty)
    }

    @Test func theManifestTheLockFileAndFilesInNoTargetAffectEverything() {
        for changed in [["Package.swift"], ["Sources/Core/A.swift", "Package.resolved"], ["README.md"], ["Sources/Coreless.swift"]] {
            let result = order(changed)
            #expect(result.targets.isEmpty)
            #expect(result.reason?.contains("every test target is affected") == true)
        }
        #expect(order(["Other/x.swift"], packagePath: "App").reason?.hasPrefix("`Other/x.swift` is outside the package") == true)
    }
}
