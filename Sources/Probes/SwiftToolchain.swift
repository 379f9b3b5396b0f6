import Foundation

/// The version line of the `swift` a run uses, recorded in the verdict.
public enum SwiftToolchain {
    public static func version(in context: ProbeContext) async -> String? {
        guard let swift = context.swiftExecutable else { return nil }
        let command = LoggedCommand(
            executable: swift, arguments: ["--version"], workingDirectory: context.repositoryRoot,
            logName: "swift-version", timeout: .seconds(60))
        let result = await command.run(in: context)
        // The verdict records the version line itself; a log it does not list would only be a file `verify`
        // cannot vouch for.
        try? FileManager.default.removeItem(atPath: "\(context.logDirectory)/swift-version.log")
        guard result.termination.succeeded else { return nil }
        return result.output.split(separator: "\n").first { $0.contains("Swift version") }.map(String.init)
    }
}
