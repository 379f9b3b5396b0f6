@testable import CFAAnalysis
import Foundation
import Testing

/// The working tree's symbolic links are followed as SwiftPM follows them; the ones that cannot be are findings.
struct SymlinkDiscoveryTests {
    /// A temporary repository root holding `files`, then `links` (path → target); removed by the caller.
    private func makeTree(files: [String: String], links: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-links-\(UUID().uuidString)").resolvingSymlinksInPath().path
        for (path, text) in files {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        for (path, target) in links {
            let url = URL(fileURLWithPath: "\(root)/\(path)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }
        return root
    }

    private func text(_ input: SourceInput) -> String? { Analyzer.text(of: input) }

    @Test func aLinkedFileIsASourceUnderItsOwnPathAndALinkedFolderIsWalkedUnderTheLinks() throws {
        let root = try makeTree(
            files: ["notes/x.txt": "struct Hidden {}\n", "shared/Kit/Tool.swift": "struct Tool {}\n", "App/Real.swift": "struct Real {}\n"],
            links: ["App/X.swift": "../notes/x.txt", "App/Kit": "../shared/Kit", "App/readme": "../notes/x.txt", "App/Legacy": "../shared/Kit"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        var configuration = AnalysisConfiguration()
        configuration.exclude = ["App/Legacy", "shared"]

        let found = SourceDiscovery.swiftFiles(repositoryRoot: root, configuration: configuration)

        #expect(found.map(\.path) == ["App/Kit/Tool.swift", "App/Real.swift", "App/X.swift"])
        #expect(found.allSatisfy { $0.unresolvedLink == nil })
        #expect(found.map(text) == ["struct Tool {}\n", "struct Real {}\n", "struct Hidden {}\n"])
        // In a package folder, the paths stay repository-relative.
        #expect(SourceDiscovery.swiftFiles(repositoryRoot: root, scope: "App", configuration: configuration).map(\.path)
            == ["App/Kit/Tool.swift", "App/Legacy/Tool.swift", "App/Real.swift", "App/X.swift"])
    }

    @Test func linksOutOfTheRepositoryToNothingOrInACircleAreFindingsNoConfigurationTurnsOff() async throws {
        let outside = try makeTree(files: ["Elsewhere.swift": "import Foundation\nlet q = DispatchQueue(label: \"x\")\n"], links: [:])
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let root = try makeTree(
            files: ["App/Real.swift": "struct Real {}\n"],
            links: [
                "App/Outside.swift": "\(outside)/Elsewhere.swift", "App/Gone.swift": "Missing.swift", "App/Circle.swift": "Circle.swift",
                "App/Up": "..", "App/Vendor": outside, "App/logo.png": "/nowhere/logo.png",
            ])
        defer { try? FileManager.default.removeItem(atPath: root) }

        let found = SourceDiscovery.swiftFiles(repositoryRoot: root, configuration: AnalysisConfiguration())
        #expect(found.filter { $0.unresolvedLink == nil }.map(\.path) == ["App/Real.swift"])
        let unresolved = Dictionary(uniqueKeysWithValues: found.compactMap { input in input.unresolvedLink.map { (input.path, $0.problem) } })
        #expect(unresolved == [
            "App/Outside.swift": .outsideRepository, "App/Gone.swift": .dangling, "App/Circle.swift": .loop, "App/Up": .loop,
            "App/Vendor": .outsideRepository,
        ])

        var configuration = AnalysisConfiguration()
        configuration.rules = Dictionary(uniqueKeysWithValues: RuleCatalog.descriptors.map { ($0.id, .off) })
        let result = await Analyzer.analyze(repositoryRoot: root, configuration: configuration)
        let links = result.findings.filter { $0.rule == SourceLink.id }
        #expect(links.map(\.file) == ["App/Circle.swift", "App/Gone.swift", "App/Outside.swift", "App/Up", "App/Vendor"])
        #expect(links.allSatisfy { $0.severity == .error })
        #expect(links.first { $0.file == "App/Gone.swift" }?.message.hasPrefix("symbolic link to Missing.swift points at nothing") == true)
        #expect(Baseline(findings: result.findings).findingCount == 0)
    }

    @Test func theSnapshotHoldsWhatTheLinkPointedAtWhenItWasTaken() async throws {
        let root = try makeTree(files: ["notes/x.txt": "struct Before {}\n"], links: ["App/X.swift": "../notes/x.txt"])
        defer { try? FileManager.default.removeItem(atPath: root) }

        let snapshot = await Analyzer.sources(repositoryRoot: root, configuration: AnalysisConfiguration(), contentHash: { _ in "key" })
        try "struct After {}\n".write(toFile: "\(root)/notes/x.txt", atomically: true, encoding: .utf8)

        #expect(snapshot.map(\.path) == ["App/X.swift"])
        #expect(snapshot.map(text) == ["struct Before {}\n"])
    }
}
