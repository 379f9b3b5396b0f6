#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Sandbox
import TestOrchestration

/// Finds the bin folder `swift build --build-tests` wrote the test executable into: that of the configuration and
/// triple built. The executable's name, `<Package>PackageTests.xctest`, comes from SwiftPM's own evaluation of the
/// package (`EvaluatedPackage`), never from the manifest's text, and never "the newest bundle in the folder": manifest
/// code, a plugin or a restored cache can plant a future-dated `ZZZPackageTests.xctest` there.
enum TestBundleLocator {
    static func binDirectory(in context: ProbeContext, buildArguments: [String], runDirectory: String) async -> Result<String, TestRunnerError> {
        let binDirectory: String
        if buildArguments.isEmpty {
            binDirectory = defaultBinDirectory(packageDirectory: context.packageDirectory)
        } else {
            guard let swift = context.swiftExecutable else { return .failure(TestRunnerError("`swift` was not found on PATH")) }
            let logPath = "\(runDirectory)/bin-path.log"
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            let termination = await context.swiftPMProcess(
                swift, ["build", "--show-bin-path"] + context.swiftPMOptions + buildArguments, logPath: logPath, timeout: .seconds(120)
            ).run()
            // Read line by line: the manifest and plugins can print as much as they like before the path.
            var last: String?
            let read = LogFile.read(logPath) { line in if !line.overlong, line.text.hasPrefix("/") { last = String(line.text) } }
            guard termination.succeeded, let last else {
                // The log is in the run's folder, removed when the item ends: its last lines go with the error instead.
                return .failure(
                    TestRunnerError(
                        "`swift build --show-bin-path` failed (\(termination)); the last lines it printed are in the excerpt",
                        excerpt: OutputExcerpt.tail(of: read.excerpt, lines: 15)))
            }
            binDirectory = last
        }
        return .success(binDirectory)
    }

    /// The default configuration's folder for this machine's triple (`.build/x86_64-unknown-linux-gnu/debug`), not
    /// the `.build/debug` link, which anything that can write `.build` can point elsewhere. Asking SwiftPM would cost a
    /// second of package loading.
    static func defaultBinDirectory(packageDirectory: String) -> String {
        var system = utsname()
        uname(&system)
        let machine = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let triple = "\(packageDirectory)/.build/\(machine)-unknown-linux-gnu/debug"
        return FileManager.default.fileExists(atPath: triple) ? triple : "\(packageDirectory)/.build/debug"
    }
}
