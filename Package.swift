// swift-tools-version:6.0
import Foundation
import PackageDescription

/// SwiftSyntax and SwiftParser come from the toolchain that builds us (`<toolchain>/usr/lib/swift/host`),
/// never from the network. Found from the `swift` on PATH, symlinks resolved; `CFA_GATE_SWIFT_HOST_LIBS`
/// names the folder instead.
func toolchainHostLibraries() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let override = environment["CFA_GATE_SWIFT_HOST_LIBS"], !override.isEmpty { return override }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
        // <toolchain>/usr/bin/swift → <toolchain>/usr/lib/swift/host
        let usr = candidate.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        let host = usr.appendingPathComponent("lib/swift/host").path
        if FileManager.default.fileExists(atPath: "\(host)/SwiftParser.swiftmodule") { return host }
    }
    return "/usr/lib/swift/host"
}

let hostLibraries = toolchainHostLibraries()
let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]
/// Every target that imports CFAAnalysis (or SwiftSyntax itself) needs the toolchain's module folder.
let toolchainSyntax: [SwiftSetting] = [.unsafeFlags(["-I", hostLibraries])]

let package = Package(
    name: "cfa-gate",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "cfa-gate", targets: ["cfa-gate"]),
        // Preloaded into a test bundle to fork one process per test from a copy loaded once (Sources/CForkServer).
        .library(name: "CFAGateForkServer", type: .dynamic, targets: ["CForkServer"]),
        // Preloaded into a test bundle to report XCTest's statuses on a pipe the gate owns (Sources/XCTestObserver).
        .library(name: "CFAGateXCTestObserver", type: .dynamic, targets: ["XCTestObserver"]),
    ],
    targets: [
        .systemLibrary(name: "CGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"])]),
        .systemLibrary(
            name: "CCmarkGFM", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),

        .target(name: "CForkServer", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CXCTestObserver"),
        .target(name: "XCTestObserver", dependencies: ["CXCTestObserver"], swiftSettings: strict),
        .target(name: "TextSafety", swiftSettings: strict),
        .target(name: "Sandbox", swiftSettings: strict),
        .target(name: "Checklist", dependencies: ["CCmarkGFM"], resources: [.embedInCode("cfa-change-gate.md")], swiftSettings: strict),
        .target(name: "Git", dependencies: ["CGit2"], swiftSettings: strict),
        .target(name: "Verdict", dependencies: ["COpenSSL"], swiftSettings: strict),
        .target(
            name: "CFAAnalysis",
            swiftSettings: strict + toolchainSyntax,
            linkerSettings: [
                .unsafeFlags(["-L", hostLibraries, "-lSwiftParser", "-lSwiftSyntax", "-Xlinker", "-rpath", "-Xlinker", hostLibraries])
            ]),
        .target(name: "ModelBuild", dependencies: ["CFAAnalysis", "Sandbox"], swiftSettings: strict + toolchainSyntax),
        .target(name: "TestOrchestration", dependencies: ["Checklist", "Verdict"], swiftSettings: strict),
        .target(name: "Probes", dependencies: ["CFAAnalysis", "Checklist", "Git", "ModelBuild", "Sandbox", "TestOrchestration", "Verdict"], swiftSettings: strict + toolchainSyntax),
        .target(
            name: "GateEngine", dependencies: ["CFAAnalysis", "Checklist", "Git", "Probes", "Sandbox", "TestOrchestration", "Verdict"],
            swiftSettings: strict + toolchainSyntax),
        .target(
            name: "Reporters", dependencies: ["CFAAnalysis", "Checklist", "TextSafety", "Verdict"], swiftSettings: strict + toolchainSyntax),
        .target(
            name: "GateCommandLine",
            dependencies: ["CFAAnalysis", "Checklist", "GateEngine", "Git", "Probes", "Reporters", "Sandbox", "TextSafety", "Verdict"],
            swiftSettings: strict + toolchainSyntax),
        .executableTarget(name: "cfa-gate", dependencies: ["GateCommandLine"], swiftSettings: strict + toolchainSyntax),

        // Test support: runs a program where namespaces are refused, as Docker's default seccomp profile refuses them.
        .executableTarget(name: "NoNamespaces", path: "Tests/NoNamespaces"),
        .target(name: "GateTestSupport", dependencies: ["CFAAnalysis", "Verdict"], path: "Tests/GateTestSupport", swiftSettings: toolchainSyntax),
        .testTarget(name: "ChecklistTests", dependencies: ["Checklist"]),
        .testTarget(name: "GitTests", dependencies: ["Git", "GateTestSupport"], swiftSettings: toolchainSyntax),
        .testTarget(name: "VerdictTests", dependencies: ["Verdict"]),
        .testTarget(name: "CFAAnalysisTests", dependencies: ["CFAAnalysis", "GateTestSupport"], swiftSettings: toolchainSyntax),
        .testTarget(name: "TestOrchestrationTests", dependencies: ["TestOrchestration", "Verdict"]),
        .testTarget(name: "ProbesTests", dependencies: ["Probes", "Git", "Verdict", "GateTestSupport", "TestOrchestration", "Sandbox", "Checklist"], swiftSettings: toolchainSyntax),
        .testTarget(name: "ModelBuildTests", dependencies: ["ModelBuild", "CFAAnalysis", "GateTestSupport"], swiftSettings: toolchainSyntax),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "GateTestSupport"], swiftSettings: toolchainSyntax),
        .testTarget(name: "GateEngineTests", dependencies: ["GateEngine", "CFAAnalysis", "Checklist", "Verdict", "Git", "GateTestSupport", "Sandbox"], swiftSettings: toolchainSyntax),
        .testTarget(name: "TextSafetyTests", dependencies: ["TextSafety"]),
        .testTarget(name: "ReportersTests", dependencies: ["Reporters", "TextSafety", "Verdict", "GateTestSupport"], exclude: ["Golden"], swiftSettings: toolchainSyntax),
        .testTarget(name: "GateCommandLineTests", dependencies: ["GateCommandLine", "cfa-gate", "NoNamespaces", "TextSafety", "Verdict", "GateTestSupport", "Sandbox"], swiftSettings: toolchainSyntax),
    ],
    swiftLanguageModes: [.v6]
)
