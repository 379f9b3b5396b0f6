#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GateTestSupport
import Testing

/// The documented ways to make the signing key, run as written in a checkout: the private half lands outside it, in a
/// folder only its owner can open, and only the public half in the tree.
struct KeyRecipeTests {
    /// README.md's CI block's key step, and the first two lines of Signing.md's "Keys" block.
    static func recipes() throws -> [(String, String)] {
        let readme = try #require(try ReadmeCIBlockTests.readmeSteps().first { $0.contains("cfa-gate keygen ") })
        let signing = try String(
            contentsOf: KeyReachTests.repositoryRoot.appendingPathComponent("Documentation/Signing.md"), encoding: .utf8)
        let keys = try #require(signing.components(separatedBy: "## Keys").dropFirst().first?.components(separatedBy: "```sh\n").dropFirst().first)
        let lines = keys.split(separator: "\n").prefix(2).joined(separator: "\n")
        return [("README.md", readme), ("Signing.md", lines)]
    }

    @Test func theDocumentedKeyRecipesWriteThePrivateKeyOutsideTheCheckout() throws {
        for (source, recipe) in try Self.recipes() {
            let checkout = try GitFixture()
            try checkout.git("init", "-q", "-b", "main")
            let home = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-home-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: home) }
            let binaries = URL(fileURLWithPath: CFAGateBinary.path).deletingLastPathComponent().path
            var environment = checkout.isolatedEnvironment
            environment["HOME"] = home
            environment["PATH"] = "\(binaries):/usr/bin:/bin"
            let result = try checkout.run("/bin/bash", ["-e", "-c", recipe], environment: environment)
            #expect(result.status == 0, "\(source): \(recipe)\n\(result.standardError)")
            #expect(Self.filesHoldingAPrivateKey(under: checkout.root).isEmpty, "\(source) put a private key in the checkout")
            let published = try String(contentsOfFile: checkout.path(".github/cfa-gate.pub"), encoding: .utf8)
            #expect(published.hasPrefix("-----BEGIN PUBLIC KEY-----"), "\(source)")
            let kept = Self.filesHoldingAPrivateKey(under: home)
            #expect(kept.count == 1, "\(source): \(kept)")
            var status = stat()
            for file in kept {
                #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600, "\(source): \(file)")
                let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
                #expect(stat(folder, &status) == 0 && status.st_mode & 0o077 == 0, "\(source): \(folder) is open to others")
            }
        }
    }

    static func filesHoldingAPrivateKey(under root: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.map { "\(root)/\($0)" }.filter { path in
            !path.contains("/.git/") && (try? String(contentsOfFile: path, encoding: .utf8))?.contains("PRIVATE KEY") == true
        }
    }
}
