import Foundation
import GateTestSupport
@testable import Git
import Testing
@testable import Probes

/// The git-objects walk leaves out a vendored folder only where the manifests committed at that commit say SwiftPM
/// does not compile it, as the working-tree walk does.
struct PackageSourceListingTests {
    @Test func aTargetsPodsFolderIsListedAndACheckoutBesideItsPodfileIsNot() throws {
        let fixture = try GitFixture()
        try fixture.git("init", "-q", "-b", "main")
        let files = [
            "Package.swift": "import PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"App\", path: \"Client\")])\n",
            "Client/Views/Podfile": "", "Client/Views/Pods/Bad.swift": "struct A {}\n",
            "Sources/App/Carthage/Bad.swift": "struct B {}\n", "Sources/App/Cartfile": "",
            "Podfile": "", "Pods/Kit/Kit.swift": "struct Vendored {}\n",
        ]
        for (path, text) in files { try fixture.write(path, text) }
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "package")
        let repository = try GitRepository.discover(startingAt: fixture.root)

        #expect(try repository.packageSwiftFiles(at: "HEAD", under: "").files.map(\.path) == [
            "Client/Views/Pods/Bad.swift", "Package.swift", "Sources/App/Carthage/Bad.swift",
        ])

        // In a package folder of the repository, the manifest there decides; a manifest committed as a link could say
        // anything, so then nothing vendored is left out.
        try fixture.git("mv", "Package.swift", "Real.swift.txt")
        try FileManager.default.createSymbolicLink(atPath: fixture.path("Package.swift"), withDestinationPath: "Real.swift.txt")
        try fixture.git("add", "-A")
        try fixture.git("commit", "-q", "-m", "link")
        #expect(try repository.packageSwiftFiles(at: "HEAD", under: ".").files.map(\.path).contains("Pods/Kit/Kit.swift"))
    }
}
