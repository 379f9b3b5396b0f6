import Foundation
import Sandbox

/// The package as SwiftPM itself evaluates it (`swift package describe --type json`), never as the manifest's text
/// reads: a `Package(name:)` under `#if os(Windows)` or one computed at evaluation is what SwiftPM says it is.
///
/// It is evaluated once per run, before any SwiftPM command that could evaluate the manifest with write access, where
/// the package (and so `.build`) is read-only: manifest code cannot plant a bundle or a library in the outputs of the
/// build it is part of. SwiftPM keeps the evaluation in its manifest cache (`ManifestCacheWitness`), and every later
/// SwiftPM command of the run, with the same environment, reads it from there instead of running the manifest again.
struct EvaluatedPackage: Sendable, Equatable, Decodable {
    var name: String
    var targets: [Target]
    var products: [Product]

    struct Target: Sendable, Equatable, Decodable {
        var name: String
        var c99name: String
        /// `library`, `executable`, `test`, `macro`, `plugin`, `system-target`, `binary`…
        var type: String
        /// Relative to the package.
        var path: String
        var targetDependencies: [String]?
        var sources: [String]? = nil
        /// Absolute paths of the target's resources; a target with some gets a resource bundle.
        var resources: [Resource]? = nil

        enum CodingKeys: String, CodingKey {
            case name, c99name, type, path, sources, resources
            case targetDependencies = "target_dependencies"
        }
    }

    struct Resource: Sendable, Equatable, Decodable {
        var path: String
    }

    struct Product: Sendable, Equatable, Decodable {
        enum Kind: Sendable, Equatable {
            case executable
            case library(linkage: String)
            /// `test`, `plugin`, `snippet`, `macro`: nothing a test process loads beside its bundle.
            case other(String)
        }

        var name: String
        var kind: Kind

        private enum CodingKeys: String, CodingKey { case name, type }

        private struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// SwiftPM writes the type as an object of one key: `{"executable": null}`, `{"library": ["dynamic"]}`.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            let type = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .type)
            guard let key = type.allKeys.first else {
                throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "a product type without a kind")
            }
            switch key.stringValue {
            case "executable": kind = .executable
            case "library": kind = .library(linkage: (try? type.decode([String].self, forKey: key))?.first ?? "automatic")
            default: kind = .other(key.stringValue)
            }
        }

        init(name: String, kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// The test executable `swift build --build-tests` links for this package.
    var testBundleName: String { "\(name)PackageTests.xctest" }

    /// What the build declares beside the test bundle that a test process may need, by file name in the bin folder:
    /// each resource bundle of the package's targets (`<Package>_<Target>.resources`), its executables (tests run a tool
    /// found beside `Bundle.main`) and its dynamic libraries (which the bundle finds through `$ORIGIN`).
    var declaredCompanions: [String] {
        let bundles = targets.filter { !($0.resources ?? []).isEmpty }.map { "\(name)_\($0.name).resources" }
        let products = products.compactMap { product -> String? in
            switch product.kind {
            case .executable: product.name
            case .library(linkage: "dynamic"): "lib\(product.name).so"
            case .library, .other: nil
            }
        }
        return (bundles + products).sorted()
    }

    /// Reads a description from the log `swift package describe --type json` wrote. What the manifest printed comes
    /// first, as SwiftPM's warnings, and can be anything, a document of its own included; SwiftPM prints the description
    /// last, so it is the last document that starts at the beginning of a line with a lone `{` and runs to the end.
    static func parse(log text: String, path: String) throws(EvaluationError) -> EvaluatedPackage {
        guard let start = text.range(of: "\n{\n", options: .backwards)?.upperBound ?? (text.hasPrefix("{\n") ? text.index(after: text.startIndex) : nil)
        else {
            throw .unreadable(path: path, reason: "it holds no JSON document")
        }
        let document = "{" + text[start...]
        let package: EvaluatedPackage
        do {
            package = try JSONDecoder().decode(EvaluatedPackage.self, from: Data(document.utf8))
        } catch {
            throw .unreadable(path: path, reason: "\(error)".split(separator: "\n").first.map(String.init) ?? "not a package description")
        }
        guard !package.name.isEmpty, !package.name.contains("/"), package.name != ".", package.name != ".." else {
            throw .unreadable(path: path, reason: "the package's name `\(package.name)` cannot name a file")
        }
        return package
    }

    /// The largest description read: a manifest that prints more than any package's description is refused.
    static let maximumLogSize = 64 << 20

    /// Evaluates the package with SwiftPM where it is read-only: the run's sandbox with the package (and so `.build`)
    /// among the read-only paths, the probes' private folder (SwiftPM's cache) the only place it writes.
    static func evaluate(in context: ProbeContext, logPath: String) async throws(EvaluationError) -> EvaluatedPackage {
        guard let swift = context.swiftExecutable else { throw .swiftMissing }
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let package = URL(fileURLWithPath: context.packageDirectory).resolvingSymlinksInPath().path
        let termination = await context.swiftPMProcess(
            swift, ["package"] + context.swiftPMOptions + ["describe", "--type", "json"], logPath: logPath, timeout: context.timeouts.build,
            sandbox: ProcessSandbox.current.protecting([package])
        ).run()
        guard termination.succeeded else {
            let command = "swift package describe --type json"
            let abnormal = termination.abnormalOutcome(running: command, evidence: .empty)?.summary
            throw .failed(path: logPath, reason: abnormal ?? "`\(command)` \(termination.exitPhrase)")
        }
        guard LogFile.size(logPath) <= maximumLogSize, let data = FileManager.default.contents(atPath: logPath) else {
            throw .unreadable(path: logPath, reason: "it is larger than \(maximumLogSize >> 20) MiB")
        }
        return try parse(log: String(decoding: data, as: UTF8.self), path: logPath)
    }
}

/// Why the gate could not learn the package from SwiftPM: every `build` and `test` item is then `error`.
enum EvaluationError: Error, Equatable, CustomStringConvertible {
    case swiftMissing
    case failed(path: String, reason: String)
    case unreadable(path: String, reason: String)
    case trackedBuildFolder(path: String)

    var description: String {
        switch self {
        case .swiftMissing:
            "`swift` was not found on PATH — install a Swift toolchain or put its usr/bin on PATH"
        case .failed(let path, let reason):
            "\(path): evaluating the package where it is read-only failed: \(reason) — a manifest must evaluate without writing the"
                + " package; see the log"
        case .unreadable(let path, let reason):
            "\(path): SwiftPM's description of the package cannot be read: \(reason) — see the log"
        case .trackedBuildFolder(let path):
            "\(path) is tracked in git: the build would start from the change's own objects and build database"
                + " — remove it from the commit (`git rm -r --cached \(path)`) and list it in .gitignore"
        }
    }
}

extension ProcessTermination {
    /// "exited 1", for a process that ended by itself.
    var exitPhrase: String {
        switch self {
        case .exited(let code): "exited \(code)"
        case .signalled(let signal): "was killed by signal \(signal)"
        case .timedOut, .interrupted, .launchFailed: "did not finish"
        }
    }
}
