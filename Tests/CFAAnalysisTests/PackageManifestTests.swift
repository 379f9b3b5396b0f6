@testable import CFAAnalysis
import Testing

/// `Package.swift` read with SwiftParser: targets, their settings and what test targets are built with.
struct PackageManifestTests {
    @Test func targetsFlagsAndDependenciesAreReadAsWritten() {
        let manifest = PackageManifest.parse("""
            // swift-tools-version:6.0
            import PackageDescription

            let shared: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-warn-long-expression-type-checking=100"])]

            let package = Package(
                name: "Shop",
                dependencies: [
                    .package(url: "https://example.com/a.git", from: "1.0.0"),
                ],
                targets: [
                    .target(name: "Core", path: "Code/Core", swiftSettings: shared),
                    .target(
                        name: "Hook",   // C
                        linkerSettings: [.linkedLibrary("dl"), .unsafeFlags(["-Wl,--wrap=exit"])],
                        plugins: [.plugin(name: "Gen", package: "gen")]),
                    .plugin(name: "Gen", capability: .buildTool()),
                    .testTarget(name: "CoreTests", dependencies: ["Core", .target(name: "Hook"), .product(name: "A", package: "a")]),
                ]
            )
            """)

        #expect(manifest.targets.map(\.name) == ["Core", "Hook", "Gen", "CoreTests"])
        #expect(manifest.targets.map(\.kind) == ["target", "target", "plugin", "testTarget"])
        #expect(manifest.targets.map(\.folder) == ["Code/Core", "Sources/Hook", "Plugins/Gen", "Tests/CoreTests"])
        #expect(manifest.targets[3].dependencies == ["Core", "Hook", "A"])
        #expect(manifest.targets[1].linkerSettings.map(\.source) == [".linkedLibrary(\"dl\")", ".unsafeFlags([\"-Wl,--wrap=exit\"])"])
        #expect(manifest.targets[1].plugins.map(\.source) == [".plugin(name: \"Gen\", package: \"gen\")"])
        #expect(manifest.targets[1].line == 13)
        #expect(manifest.unsafeFlags.map(\.line) == [4, 15])
        #expect(manifest.packageDependencies.map(\.source) == [".package(url: \"https://example.com/a.git\", from: \"1.0.0\")"])
        #expect(manifest.dependencies(ofTest: "CoreTests") == ["Core", "Hook"])
    }

    @Test func layoutAndCommentsDoNotChangeWhatIsCompared() {
        let one = PackageManifest.parse("let p = Package(name: \"A\", targets: [.target(name: \"A\", linkerSettings: [.linkedLibrary(\"z\")])])")
        let two = PackageManifest.parse("""
            let p = Package(
                name: "A",
                targets: [
                    .target(name: "A", /* the one */ linkerSettings: [
                        .linkedLibrary("z"),
                    ]),
                ])
            """)
        #expect(one.targets[0].linkerSettings.map(\.text) == two.targets[0].linkerSettings.map(\.text))
        #expect(one.targets[0].arguments["name"] == two.targets[0].arguments["name"])
    }
}
