import Foundation
import Sandbox

/// Where the XCTest tests' statuses come from: the observer library (`libCFAGateXCTestObserver.so`, built beside
/// cfa-gate) preloaded into every XCTest process, which reports each test on a pipe the gate created
/// (`XCTestChannelReader`); or why there is none. Without it XCTest tests cannot be judged: their console output is
/// text any test can print, so there is no fallback to it.
enum XCTestChannel: Sendable, Equatable {
    case observer(library: String)
    case unavailable(String)

    static let libraryName = "libCFAGateXCTestObserver.so"
    /// The variable that makes the preloaded library register its observer (`CFA_XCTEST_OBSERVER_VARIABLE` in
    /// `XCTestObserverLoader.h`); the library clears it, and `LD_PRELOAD`, before the bundle's `main`.
    static let roleVariable = "CFA_GATE_XCTEST_OBSERVER"

    /// The library beside the gate, if it links the same XCTest as `bundle`: one process cannot hold two.
    static func prepare(for bundle: String) -> XCTestChannel {
        guard let library = ForkServer.libraryBesideExecutable(named: libraryName) else {
            return .unavailable(
                "\(libraryName) is not installed beside cfa-gate, so no XCTest status can be read"
                    + " — build it there (`bash Scripts/bootstrap.sh`, or `swift build --product CFAGateXCTestObserver` beside the gate)")
        }
        // LD_PRELOAD splits its list at spaces and colons.
        guard !library.contains(where: { $0 == " " || $0 == ":" }) else {
            return .unavailable("the XCTest observer's path \(library) holds a space or colon — install cfa-gate in a folder without them")
        }
        guard let observerXCTest = xctestFolder(of: library) else {
            return .unavailable("\(library): cannot tell which libXCTest.so it links (no run path naming one) — rebuild it with `bash Scripts/bootstrap.sh`")
        }
        guard let bundleXCTest = xctestFolder(of: bundle) else {
            return .unavailable("\(bundle): cannot tell which libXCTest.so the test bundle links (no run path naming one) — build it with SwiftPM")
        }
        guard observerXCTest == bundleXCTest else {
            return .unavailable(
                "the test bundle links the XCTest in \(bundleXCTest) but \(libraryName) the one in \(observerXCTest); one process cannot hold both"
                    + " — build cfa-gate with the toolchain that builds the package (`bash Scripts/bootstrap.sh` with that `swift` on PATH)")
        }
        return .observer(library: library)
    }

    /// The folder, symlinks resolved, of the first `libXCTest.so` along a file's run path: the one the loader takes.
    static func xctestFolder(of file: String) -> String? {
        guard let entries = ELFRunPath.entries(of: file) else { return nil }
        for entry in entries where FileManager.default.fileExists(atPath: "\(entry)/libXCTest.so") {
            return URL(fileURLWithPath: "\(entry)/libXCTest.so").resolvingSymlinksInPath().deletingLastPathComponent().path
        }
        return nil
    }

    /// A fork server's additions: the observer preloaded after the fork server library, and told to register. Every
    /// process the server forks then has it, and it writes only where XCTest runs tests.
    func prepare(_ configuration: inout ForkServer.Configuration) {
        guard case .observer(let library) = self else { return }
        configuration.alsoPreloaded.append(library)
        configuration.environment[Self.roleVariable] = "1"
    }

    /// What an executed XCTest process's environment adds: the library preloaded and told to register its observer.
    func environment(_ base: [String: String]) -> [String: String] {
        guard case .observer(let library) = self else { return base }
        var environment = base
        environment["LD_PRELOAD"] = library
        environment[Self.roleVariable] = "1"
        return environment
    }
}
