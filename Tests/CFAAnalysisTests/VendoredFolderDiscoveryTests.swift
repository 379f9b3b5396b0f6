@testable import CFAAnalysis
import Foundation
import Testing

/// SwiftPM compiles every file under a target's folder, whatever its folders are called: a folder named `Pods`,
/// `Carthage` or `DerivedData` is left out only where it is clearly vendored and not inside a target.
struct VendoredFolderDiscoveryTests {
    /// A temporary package root holding `files` (path → text); removed by the caller.
    private func makeTree(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-vendored-\(UUID().uuidString)").resolvingSymlinksInPath().path
        for (path, text) in files {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    private func found(_ root: String, vendoredFolders: VendoredFolders? = nil) -> [String] {
        SourceDiscovery.swiftFiles(repositoryRoot: root, configuration: AnalysisConfiguration(), vendoredFolders: vendoredFolders).map(\.path)
    }

    private let package = """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(name: "App", targets: [.target(name: "App"), .testTarget(name: "AppTests", dependencies: ["App"])])

        """

    @Test func aVendoredNameInsideATargetIsReadEvenBesideAPlantedMarker() throws {
        let root = try makeTree([
            "Package.swift": package,
            "Sources/App/Views/Pods/Bad.swift": "struct A {}\n", "Sources/App/Views/Podfile": "",
            "Sources/App/Views/Carthage/Bad.swift": "struct B {}\n", "Sources/App/Views/Cartfile": "",
            "Sources/App/Views/DerivedData/Bad.swift": "struct C {}\n", "Sources/App/Views/App.xcodeproj/project.pbxproj": "",
            "Tests/AppTests/Pods/Helper.swift": "struct D {}\n", "Tests/AppTests/Podfile.lock": "",
            // A real CocoaPods checkout beside its Podfile, outside every target: never compiled by SwiftPM.
            "Podfile": "platform :ios\n", "Pods/Alamofire/Session.swift": "struct Vendored {}\n",
            "Cartfile": "", "Carthage/Checkouts/Kit/Kit.swift": "struct Checkout {}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }

        #expect(found(root) == [
            "Package.swift", "Sources/App/Views/Carthage/Bad.swift", "Sources/App/Views/DerivedData/Bad.swift", "Sources/App/Views/Pods/Bad.swift",
            "Tests/AppTests/Pods/Helper.swift",
        ])
    }

    @Test func aCustomPathBehindAnIfBranchOrAComputedPathIsATargetToo() throws {
        let hidden = """
            import PackageDescription
            #if os(Windows)
            let package = Package(name: "Decoy", targets: [.target(name: "Decoy")])
            #else
            let package = Package(name: "App", targets: [.target(name: "App", path: "Client")])
            #endif

            """
        let root = try makeTree([
            "Package.swift": hidden, "Client/Pods/Bad.swift": "struct A {}\n", "Client/Podfile": "",
            "Podfile": "", "Pods/Vendored.swift": "struct V {}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(found(root) == ["Client/Pods/Bad.swift", "Package.swift"])

        // A target's folder the text cannot name (a variable) could be any folder: nothing vendored is left out.
        let computed = "import PackageDescription\nlet folder = \"Pods\"\nlet package = Package(name: \"App\", targets: [.target(name: \"App\", path: folder)])\n"
        try computed.write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
        #expect(found(root) == ["Client/Pods/Bad.swift", "Package.swift", "Pods/Vendored.swift"])

        // `Package@swift-….swift` is a manifest too: SwiftPM picks it by tools version.
        try package.write(toFile: "\(root)/Package.swift", atomically: true, encoding: .utf8)
        try "import PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"App\", path: \"Pods\")])\n"
            .write(toFile: "\(root)/Package@swift-6.0.swift", atomically: true, encoding: .utf8)
        #expect(found(root).contains("Pods/Vendored.swift"))
    }

    @Test func withoutAManifestOnlyAMarkedFolderAtTheTopIsLeftOut() throws {
        let root = try makeTree([
            "Podfile": "", "Pods/Vendored.swift": "struct V {}\n", "App.xcodeproj/project.pbxproj": "", "DerivedData/Build/Gen.swift": "struct G {}\n",
            "Carthage/Checkouts/Unmarked.swift": "struct U {}\n",
            "App/Views/Podfile": "", "App/Views/Pods/Bad.swift": "struct A {}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(found(root) == ["App/Views/Pods/Bad.swift", "Carthage/Checkouts/Unmarked.swift"])
    }

    @Test func theCallerCanNameTheTargetFoldersItself() throws {
        let root = try makeTree(["Package.swift": package, "Lib/Pods/Bad.swift": "struct A {}\n", "Lib/Podfile": "", "Podfile": "", "Pods/V.swift": ""])
        defer { try? FileManager.default.removeItem(atPath: root) }
        // As `swift package describe` would report them: only `Lib` is compiled; the manifest's text is not read.
        #expect(found(root, vendoredFolders: VendoredFolders(targetFolders: ["Lib"])) == ["Lib/Pods/Bad.swift", "Package.swift"])
        #expect(found(root) == ["Package.swift"])
    }
}
