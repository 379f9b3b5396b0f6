import CFAAnalysis
import Foundation
import Verdict

/// Proof that no SwiftPM command after the read-only evaluation ran a manifest again, where it could have written the
/// package: the bytes of SwiftPM's manifest cache (`<cache>/manifests`) and of the manifest files, digested after the
/// evaluation and after every later SwiftPM command of the lane. SwiftPM stores each evaluation it makes there, so an
/// evaluation with write access shows as a change.
struct ManifestCacheWitness: Sendable, Equatable {
    /// Path → SHA-256 of its bytes; a missing file has no entry.
    var digests: [String: String]

    static func take(in context: ProbeContext) -> ManifestCacheWitness {
        var digests: [String: String] = [:]
        let cache = "\(context.swiftPMCachePath)/manifests"
        let files = FileManager.default
        let manifests = ((try? files.contentsOfDirectory(atPath: context.packageDirectory)) ?? [])
            .filter(VendoredFolders.isManifestName)
            .map { "\(context.packageDirectory)/\($0)" }
        let cached = ((try? files.contentsOfDirectory(atPath: cache)) ?? []).map { "\(cache)/\($0)" }
        for path in manifests + cached {
            // An unreadable file is a digest of its own: it never equals a readable one.
            digests[path] = (try? Digest.sha256Hex(fileAt: path)) ?? "unreadable"
        }
        return ManifestCacheWitness(digests: digests)
    }

    /// Why `later` shows that `command` evaluated a manifest again; nil when nothing changed.
    func reevaluation(_ later: ManifestCacheWitness, by command: String) -> String? {
        guard let path = Set(digests.keys).union(later.digests.keys).sorted().first(where: { digests[$0] != later.digests[$0] }) else {
            return nil
        }
        return "\(path) changed during `\(command)`: SwiftPM evaluated a manifest again where it could write the package,"
            + " so nothing that command built is trusted — a manifest must evaluate the same way every time (no clock, no random values)"
    }
}
