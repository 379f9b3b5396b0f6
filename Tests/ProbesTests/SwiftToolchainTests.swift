import Foundation
import Testing
@testable import Probes

/// The version line comes from the compiler beside the `swift` on PATH, through its symlinks, or from `swift`.
struct SwiftToolchainTests {
    private func folder() throws -> String {
        let path = NSTemporaryDirectory() + "toolchain-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: "\(path)/toolchain/usr/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: "\(path)/bin", withIntermediateDirectories: true)
        return path
    }

    private func executable(_ path: String) throws {
        try Data("#!/bin/sh\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    @Test func theCompilerBesideTheResolvedSwiftPrintsTheVersion() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try executable("\(root)/toolchain/usr/bin/swift")
        try executable("\(root)/toolchain/usr/bin/swift-frontend")
        try FileManager.default.createSymbolicLink(atPath: "\(root)/bin/swift", withDestinationPath: "\(root)/toolchain/usr/bin/swift")
        let chosen = SwiftToolchain.versionExecutable(beside: "\(root)/bin/swift")
        #expect(URL(fileURLWithPath: chosen).resolvingSymlinksInPath() == URL(fileURLWithPath: "\(root)/toolchain/usr/bin/swift-frontend").resolvingSymlinksInPath())
    }

    @Test func withoutACompilerBesideItSwiftItselfDoes() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try executable("\(root)/bin/swift")
        #expect(SwiftToolchain.versionExecutable(beside: "\(root)/bin/swift") == "\(root)/bin/swift")
    }
}
