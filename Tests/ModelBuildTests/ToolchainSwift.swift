import Foundation

/// The `swift` driver on this run's PATH, resolved: the model build asks its `swiftc` which modules exist.
enum ToolchainSwift {
    struct Missing: Error {}

    static func path() throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/swift"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path }
        }
        throw Missing()
    }
}
