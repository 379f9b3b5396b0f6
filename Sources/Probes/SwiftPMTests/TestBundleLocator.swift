import Foundation
import Sandbox
import TestOrchestration

/// Finds the test executable `swift build --build-tests` produced: `<bin>/<Package>PackageTests.xctest`.
enum TestBundleLocator {
    static func locate(in context: ProbeContext, buildArguments: [String], runDirectory: String) async -> Result<String, TestRunnerError> {
        let binDirectory: String
        if buildArguments.isEmpty {
            // The default configuration's folder; asking SwiftPM costs a second of package loading.
            binDirectory = "\(context.packageDirectory)/.build/debug"
        } else {
            guard let swift = context.swiftExecutable else { return .failure(TestRunnerError("`swift` was not found on PATH")) }
            let logPath = "\(runDirectory)/bin-path.log"
            _ = FileManager.default.createFile(atPath: logPath, contents: nil)
            let termination = await ChildProcess(
                executable: swift, arguments: ["build", "--show-bin-path"] + buildArguments, workingDirectory: context.packageDirectory,
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
        let files = FileManager.default
        let bundles = ((try? files.contentsOfDirectory(atPath: binDirectory)) ?? []).filter { $0.hasSuffix("PackageTests.xctest") }
        // A renamed package leaves its old bundle behind: the one just built is the newest.
        let newest = bundles.max { modified("\(binDirectory)/\($0)") < modified("\(binDirectory)/\($1)") }
        guard let newest, files.isExecutableFile(atPath: "\(binDirectory)/\(newest)") else {
            return .failure(TestRunnerError(
                "no test bundle (*PackageTests.xctest) in \(binDirectory) after building the tests — does the package have a test target?"))
        }
        return .success("\(binDirectory)/\(newest)")
    }

    private static func modified(_ path: String) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
}
