import Foundation
import GateTestSupport

/// Runs the real `cfa-gate` binary that SwiftPM built beside this test bundle, as a user would.
struct CFAGateBinary {
    static var path: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return bundle.deletingLastPathComponent().appendingPathComponent("cfa-gate").path
    }

    static func run(_ arguments: [String], in fixture: GitFixture, environment: [String: String]? = nil) throws -> ProcessResult {
        try fixture.run(path, arguments, environment: environment ?? SwiftPackageFixture.environment(for: fixture))
    }
}
