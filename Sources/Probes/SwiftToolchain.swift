import Foundation

/// The version line of the `swift` a run uses, recorded in the verdict.
public enum SwiftToolchain {
    public static func version(in context: ProbeContext) async -> String? {
        guard let swift = context.swiftExecutable else { return nil }
        let command = LoggedCommand(
            executable: versionExecutable(beside: swift), arguments: ["--version"], workingDirectory: context.repositoryRoot,
            logName: "swift-version", timeout: .seconds(60))
        let result = await command.run(in: context)
        // The verdict records the version line itself; a log it does not list would only be a file `verify`
        // cannot vouch for.
        try? FileManager.default.removeItem(atPath: "\(context.logDirectory)/swift-version.log")
        guard result.termination.succeeded else { return nil }
        return result.output.head.first { $0.contains("Swift version") }
    }

    /// The compiler beside the `swift` on PATH, which is the one `swift build` runs: it prints the same version line
    /// without the driver process `swift --version` starts first, which runs beside the first build and slows it.
    /// `swift` itself where there is no compiler beside it (a toolchain manager's shim).
    static func versionExecutable(beside swift: String) -> String {
        let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
        let frontend = resolved.deletingLastPathComponent().appendingPathComponent("swift-frontend").path
        return FileManager.default.isExecutableFile(atPath: frontend) ? frontend : swift
    }
}
