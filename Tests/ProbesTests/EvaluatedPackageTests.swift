import Foundation
import GateTestSupport
import Sandbox
import Testing
@testable import Probes
@testable import Verdict

/// The package as SwiftPM describes it, the folder the tests run from, and the proof that no manifest ran again.
struct EvaluatedPackageTests {
    /// What `swift package describe --type json` wrote for a package with a tool, a dynamic and an automatic library and
    /// resources in a library and a test target (Swift 6.3), after a document of its own the manifest printed.
    static let describeLog = """
        warning: 'rich': the manifest printed this
        {
          "name" : "Decoy", "targets" : [], "products" : []
        }
        {
          "dependencies" : [],
          "manifest_display_name" : "Rich",
          "name" : "Rich",
          "path" : "/tmp/rich",
          "products" : [
            { "name" : "tool", "targets" : ["Tool"], "type" : { "executable" : null } },
            { "name" : "DynLib", "targets" : ["Lib"], "type" : { "library" : ["dynamic"] } },
            { "name" : "AutoLib", "targets" : ["Lib"], "type" : { "library" : ["automatic"] } }
          ],
          "targets" : [
            { "c99name" : "Tool", "module_type" : "SwiftTarget", "name" : "Tool", "path" : "Sources/Tool",
              "sources" : ["main.swift"], "type" : "executable" },
            { "c99name" : "LibTests", "module_type" : "SwiftTarget", "name" : "LibTests", "path" : "Tests/LibTests",
              "resources" : [{ "path" : "/tmp/rich/Tests/LibTests/fixture.json", "rule" : { "process" : {} } }],
              "sources" : ["T.swift"], "target_dependencies" : ["Lib"], "type" : "test" },
            { "c99name" : "Lib", "module_type" : "SwiftTarget", "name" : "Lib", "path" : "Sources/Lib",
              "resources" : [{ "path" : "/tmp/rich/Sources/Lib/data.txt", "rule" : { "copy" : {} } }],
              "sources" : ["x.swift"], "type" : "library" }
          ],
          "tools_version" : "6.0"
        }

        """

    @Test func theDescriptionNamesTheBundleAndWhatMayStandBesideIt() throws {
        let package = try EvaluatedPackage.parse(log: Self.describeLog, path: "describe.log")
        #expect(package.name == "Rich")
        #expect(package.testBundleName == "RichPackageTests.xctest")
        #expect(package.targets.map(\.name) == ["Tool", "LibTests", "Lib"])
        #expect(package.targets[1].targetDependencies == ["Lib"])
        #expect(package.targets[2].sources == ["x.swift"])
        #expect(package.products.map(\.kind) == [.executable, .library(linkage: "dynamic"), .library(linkage: "automatic")])
        // Resource bundles, the executable and the dynamic library: never a static or automatic library, never a guess.
        #expect(package.declaredCompanions == ["Rich_Lib.resources", "Rich_LibTests.resources", "libDynLib.so", "tool"])
    }

    @Test func aDescriptionThatCannotNameAFileOrIsMissingIsAnError() {
        let slashed = Self.describeLog.replacingOccurrences(of: "\"name\" : \"Rich\"", with: "\"name\" : \"../Rich\"")
        #expect(throws: EvaluationError.self) { try EvaluatedPackage.parse(log: slashed, path: "describe.log") }
        do {
            _ = try EvaluatedPackage.parse(log: "error: the manifest failed\n", path: "describe.log")
            Issue.record("a log without a description was read as one")
        } catch {
            #expect(error.description.hasPrefix("describe.log: "))
        }
    }

    // MARK: The folder the tests run from

    /// A bin folder as a build leaves it, with a library planted beside the bundle and a link standing for an output.
    private func binFolder(in fixture: GitFixture) throws -> String {
        try fixture.write("bin/RichPackageTests.xctest", "the bundle")
        try fixture.write("bin/libm.so.6", "planted")
        try fixture.write("bin/Rich_Lib.resources/data.txt", "hi")
        try fixture.write("bin/tool", "a tool")
        try fixture.write("bin/libDynLib.so", "a library")
        try fixture.write("bin/libAutoLib.a", "a static library")
        chmod(fixture.path("bin/RichPackageTests.xctest"), 0o755)
        return fixture.path("bin")
    }

    @Test func onlyTheBundleAndTheDeclaredOutputsAreCopiedWithTheDigestsOfTheirBytes() throws {
        let fixture = try GitFixture()
        let bin = try binFolder(in: fixture)
        let package = try EvaluatedPackage.parse(log: Self.describeLog, path: "describe.log")
        let runfiles = try TestRunfiles.assemble(
            bundle: package.testBundleName, binDirectory: bin, companions: package.declaredCompanions, into: fixture.path("runfiles"))
        #expect(runfiles.bundle == fixture.path("runfiles/RichPackageTests.xctest"))
        let copied = try FileManager.default.subpathsOfDirectory(atPath: fixture.path("runfiles")).sorted()
        // The planted library and the static one are named nowhere, so they are not there; nor is the resource bundle the
        // build did not make.
        #expect(copied == ["RichPackageTests.xctest", "Rich_Lib.resources", "Rich_Lib.resources/data.txt", "libDynLib.so", "tool"])
        #expect(runfiles.digests[runfiles.bundle] == Digest.sha256Hex(Data("the bundle".utf8)))
        #expect(runfiles.digests[fixture.path("runfiles/Rich_Lib.resources/data.txt")] == Digest.sha256Hex(Data("hi".utf8)))
        #expect(access(runfiles.bundle, X_OK) == 0)
        #expect(runfiles.firstChange() == nil)
    }

    @Test func aCopyThatChangesOrGainsAFileIsNamed() throws {
        let fixture = try GitFixture()
        let bin = try binFolder(in: fixture)
        let runfiles = try TestRunfiles.assemble(
            bundle: "RichPackageTests.xctest", binDirectory: bin, companions: ["tool"], into: fixture.path("runfiles"))
        try fixture.write("runfiles/libm.so.6", "planted later")
        #expect(runfiles.firstChange() == fixture.path("runfiles/libm.so.6"))
        try fixture.remove("runfiles/libm.so.6")
        chmod(runfiles.bundle, 0o755)
        try fixture.write("runfiles/RichPackageTests.xctest", "a stand-in")
        #expect(runfiles.firstChange() == runfiles.bundle)
    }

    @Test func aLinkAmongTheDeclaredOutputsOrAMissingBundleIsRefused() throws {
        let fixture = try GitFixture()
        let bin = try binFolder(in: fixture)
        try FileManager.default.createSymbolicLink(atPath: "\(bin)/libDynLib2.so", withDestinationPath: "/usr/lib/x86_64-linux-gnu/libm.so.6")
        #expect(throws: RunfilesError.notAFile(path: "\(bin)/libDynLib2.so")) {
            try TestRunfiles.assemble(bundle: "RichPackageTests.xctest", binDirectory: bin, companions: ["libDynLib2.so"], into: fixture.path("a"))
        }
        #expect(throws: RunfilesError.notBuilt(path: "\(bin)/OtherPackageTests.xctest")) {
            try TestRunfiles.assemble(bundle: "OtherPackageTests.xctest", binDirectory: bin, companions: [], into: fixture.path("b"))
        }
    }

    // MARK: No manifest evaluated again

    private func context(for fixture: GitFixture) -> ProbeContext {
        ProbeContext(
            repositoryRoot: fixture.root, packageDirectory: fixture.root, logDirectory: fixture.path("logs"),
            environment: SwiftPackageFixture.environment(for: fixture), timeouts: ProbeTimeouts())
    }

    @Test func aChangedManifestCacheOrManifestIsAReevaluationNamingTheFile() throws {
        let fixture = try GitFixture()
        try fixture.write("Package.swift", "// swift-tools-version:6.0\n")
        let context = context(for: fixture)
        try fixture.write("logs/private/swiftpm-cache/manifests/manifest.db", "one evaluation")
        let witness = ManifestCacheWitness.take(in: context)
        #expect(witness.reevaluation(ManifestCacheWitness.take(in: context), by: "swift build") == nil)
        try fixture.write("logs/private/swiftpm-cache/manifests/manifest.db", "two evaluations")
        let message = witness.reevaluation(ManifestCacheWitness.take(in: context), by: "swift build")
        #expect(message?.hasPrefix(fixture.path("logs/private/swiftpm-cache/manifests/manifest.db") + " changed during `swift build`") == true)
        try fixture.write("Package@swift-6.0.swift", "// swift-tools-version:6.0\n")
        #expect(witness.reevaluation(ManifestCacheWitness.take(in: context), by: "swift build")?.hasPrefix(fixture.path("Package@swift-6.0.swift")) == true)
    }

    /// The evaluation's sandbox: the package leaves the writable paths for the read-only ones; the private folder stays.
    @Test func theEvaluationSeesThePackageReadOnly() {
        let sandbox = ProcessSandbox(files: FilePolicy(writable: ["/repo/app", "/repo/.git/cfa-gate/probes"], readOnly: ["/repo/.git"]))
        let evaluating = sandbox.protecting(["/repo/app"])
        #expect(evaluating.files == FilePolicy(writable: ["/repo/.git/cfa-gate/probes"], readOnly: ["/repo/.git", "/repo/app"]))
    }

    @Test func aCommittedBuildFolderIsRefusedBeforeSwiftPMRuns() async throws {
        let fixture = try GitFixture()
        try SwiftPackageFixture.writeCalculator(into: fixture)
        try fixture.write(".gitignore", "")
        try fixture.makeRepository(committing: [".build/build.db": "the change's own build database"])
        let evaluation = await PackageEvaluation.run(in: context(for: fixture))
        #expect(evaluation.failure?.status == .error)
        #expect(evaluation.failure?.summary.hasPrefix(".build is tracked in git") == true, "\(evaluation.failure?.summary ?? "")")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("logs/\(PackageEvaluation.logName).log")), "SwiftPM ran")
    }
}
