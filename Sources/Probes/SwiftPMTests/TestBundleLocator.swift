#if canImport(Glibc)
import Glibc
#endif
import CFAAnalysis
import Foundation
import Sandbox
import TestOrchestration

/// Names the test executable `swift build --build-tests` produced: `<bin>/<Package>PackageTests.xctest`, with the
/// package's name as its manifest declares it and the bin folder of the configuration and triple built.
///
/// Never "the newest bundle in the folder": manifest code, a plugin or a restored cache can plant a future-dated
/// `ZZZPackageTests.xctest` there, which would then be the one listed and run.
enum TestBundleLocator {
    static func locate(in context: ProbeContext, buildArguments: [String], runDirectory: String) async -> Result<String, TestRunnerError> {
        let manifestPath = "\(context.packageDirectory)/Package.swift"
        guard let manifest = try? String(contentsOfFile: manifestPath, encoding: .utf8) else {
            return .failure(TestRunnerError("\(manifestPath): cannot read the manifest to name the test bundle"))
        }
        guard let name = PackageManifest.parse(manifest).name, !name.isEmpty, !name.contains("/") else {
            return .failure(TestRunnerError(
                "\(manifestPath): `Package(name:)` is not a string literal, so the gate cannot name the test bundle it must run"
                    + " — write the package's name as a literal"))
        }
        let binDirectory: String
        if buildArguments.isEmpty {
            binDirectory = defaultBinDirectory(packageDirectory: context.packageDirectory)
        } else {
            guard let swift = context.swiftExecutable else { return .failure(TestRunnerError("`swift` was not found on PATH")) }
            let logPath = "\(runDirectory)/bin-path.log"
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            let termination = await ChildProcess(
                executable: swift, arguments: ["build", "--show-bin-path"] + ProbeContext.swiftPMOptions + buildArguments,
                workingDirectory: context.packageDirectory,
                environment: context.environment, logPath: logPath, timeout: .seconds(120)
            ).run()
            // Read line by line: the manifest and plugins can print as much as they like before the path.
            var last: String?
            _ = LogFile.read(logPath) { line in if !line.overlong, line.text.hasPrefix("/") { last = String(line.text) } }
            guard termination.succeeded, let last else {
                return .failure(TestRunnerError("`swift build --show-bin-path` failed (\(termination)); see the log"))
            }
            binDirectory = last
        }
        let bundle = "\(binDirectory)/\(name)PackageTests.xctest"
        var status = stat()
        guard lstat(bundle, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, access(bundle, X_OK) == 0 else {
            return .failure(TestRunnerError(
                "\(bundle): no test executable after building the tests — does the package have a test target?"))
        }
        return .success(bundle)
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
