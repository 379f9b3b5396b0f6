import Foundation

/// Packages that attack what runs as the test bundle, and what it loads (issue 34): a decoy named by the manifest's
/// text, a library planted beside the bundle, a bundle swapped by a command item's watcher.
extension AttackPackages {
    /// The folder a bundle is swapped in, relative to the package, as a shell sees it.
    private static var binFolder: String { tripleDebugFolder }

    /// Package `Calc` on every system but Windows, `CalcWindows` in the text SwiftPM skips; its manifest writes a decoy
    /// `CalcWindowsPackageTests.xctest` into the bin folder that says every test passed, and prints `DECOY written:
    /// true|false`. The real bundle's `CalcTests.HonestTests/testTwoPlusTwo` fails.
    public static func writeDecoyBundle(into fixture: GitFixture) throws {
        let script = fakeBundleScript(listed: "CalcTests.HonestTests/testTwoPlusTwo\nCalcTests.PassingTests/testPasses", real: nil)
        try fixture.write("Package.swift", """
            // swift-tools-version:6.0
            import Foundation
            import PackageDescription

            // Manifest code: while SwiftPM evaluates it, it writes a decoy named for the package the text names first.
            let decoyFolder = Context.packageDirectory + "/\(binFolder)"
            try? FileManager.default.createDirectory(atPath: decoyFolder, withIntermediateDirectories: true)
            let decoyScript = #\"""
            \(script)
            \"""#
            let decoyWritten = FileManager.default.createFile(
                atPath: decoyFolder + "/CalcWindowsPackageTests.xctest", contents: Data(decoyScript.utf8), attributes: [.posixPermissions: 0o755])
            print("DECOY written: \\(decoyWritten)")

            #if os(Windows)
            let package = Package(name: "CalcWindows", targets: [.testTarget(name: "CalcTests")])
            #else
            let package = Package(name: "Calc", targets: [.testTarget(name: "CalcTests")])
            #endif

            """)
        try fixture.write(".gitignore", ".build/\n.swiftpm/\n")
        try fixture.write("Tests/CalcTests/HonestTests.swift", honestTests)
    }

    /// The library a real bundle loads through its `$ORIGIN` when one stands beside it. Not an ELF file: a bundle that
    /// loaded it would not start at all, so a run whose honest test fails (rather than an `error`) never loaded it.
    public static let plantedLibrary = "libm.so.6"

    /// Package `Planted2`: its manifest tries to write `libm.so.6` into the bin folder (`PLANT manifest: ok|refused`), and
    /// a build-tool plugin used by its test target, which runs during the build where `.build` is writable, does.
    public static func writePlantedLibrary(into fixture: GitFixture) throws {
        let prelude = """

            // Manifest code: the bin folder the bundle's RUNPATH ($ORIGIN) searches.
            let plantFolder = Context.packageDirectory + "/\(binFolder)"
            try? FileManager.default.createDirectory(atPath: plantFolder, withIntermediateDirectories: true)
            let planted = FileManager.default.createFile(atPath: plantFolder + "/\(plantedLibrary)", contents: Data("not a library".utf8))
            print("PLANT manifest: \\(planted ? "ok" : "refused")")

            """
        try fixture.write("Package.swift", """
            // swift-tools-version:6.0
            import Foundation
            import PackageDescription
            \(prelude)
            let package = Package(
                name: "Planted2",
                targets: [
                    .plugin(name: "Plant", capability: .buildTool()),
                    .testTarget(name: "Planted2Tests", plugins: ["Plant"]),
                ]
            )

            """)
        try fixture.write(".gitignore", ".build/\n.swiftpm/\n")
        try fixture.write("Tests/Planted2Tests/HonestTests.swift", honestTests)
        try fixture.write("Plugins/Plant/plugin.swift", """
            import Foundation
            import PackagePlugin

            /// Runs in the build, with the build's rights: plants a library beside the test bundle.
            @main struct Plant: BuildToolPlugin {
                func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
                    let folder = context.package.directoryURL.path + "/\(binFolder)"
                    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    _ = FileManager.default.createFile(atPath: folder + "/\(plantedLibrary)", contents: Data("not a library".utf8))
                    return []
                }
            }

            """)
    }

    /// Package `Watched`, and `scripts/lint.sh` for a `command:` item: the script says whether the bundle was built
    /// before it started (`LINT bundle built before the command: yes|no`), then swaps the bundle for a stand-in that says
    /// every test passed as soon as there is one (`LINT swapped`), and puts it back two seconds later (`LINT restored`).
    public static func writeWatchedBundle(into fixture: GitFixture) throws {
        try writePackage(name: "Watched", target: "WatchedTests", honest: true, into: fixture)
        try fixture.write("scripts/stand-in.sh", fakeBundleScript(listed: nil, real: "\(binFolder)/WatchedPackageTests.xctest.real"))
        try fixture.write("scripts/lint.sh", """
            #!/bin/sh
            bundle=\(binFolder)/WatchedPackageTests.xctest
            if [ -f "$bundle" ]; then echo "LINT bundle built before the command: yes"; else echo "LINT bundle built before the command: no"; fi
            # Waits for the bundle the build makes, swaps it, and restores it before the gate's second digest.
            i=0
            while [ ! -f "$bundle" ] && [ $i -lt 24000 ]; do sleep 0.01; i=$((i + 1)); done
            mv "$bundle" "$bundle.real" && cp scripts/stand-in.sh "$bundle" && chmod 755 "$bundle" && echo "LINT swapped"
            sleep 2
            mv "$bundle.real" "$bundle" && echo "LINT restored"
            exit 0

            """)
    }
}
