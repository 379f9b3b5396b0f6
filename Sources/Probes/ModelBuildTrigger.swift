import Foundation
import Git

extension ModelBuildScope {
    /// Why the model build is used; every model-build summary says it.
    public enum Trigger: Sendable, Equatable {
        /// No `Package.swift` at the package path, as an Xcode app has.
        case noPackageManifest
        /// An Xcode app whose `Package.swift` (a side package of model checks, say) SwiftPM cannot load on this platform.
        case manifestDoesNotLoad

        var phrase: String {
            switch self {
            case .noPackageManifest: "no Package.swift"
            case .manifestDoesNotLoad: "Package.swift does not load here"
            }
        }
    }

    /// Whether SwiftPM's read-only evaluation could not load the manifest: in an Xcode app (`committedXcodeProject`), the
    /// one case where a `Package.swift` gives way to the model build. A plain package whose manifest does not load stays
    /// the build's failure, so a change cannot downgrade a real package by breaking its manifest; a refusal (a tracked
    /// `.build`, an unreadable file) never gives way.
    static func manifestDoesNotLoad(_ evaluation: PackageEvaluation) -> Bool {
        guard case .failure(.failed) = evaluation.package else { return false }
        return true
    }

    /// The first `.xcodeproj` or `.xcworkspace` within two folders of the root that HEAD tracks (its `project.pbxproj` or
    /// `contents.xcworkspacedata`): a folder merely left in the working tree does not make a repository an Xcode app.
    static func committedXcodeProject(in repositoryRoot: String) -> String? {
        guard let repository = try? GitRepository.discover(startingAt: repositoryRoot) else { return nil }
        var folders = [""]
        for _ in 0..<2 {
            var next: [String] = []
            for folder in folders {
                let absolute = folder.isEmpty ? repositoryRoot : "\(repositoryRoot)/\(folder)"
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: absolute)) ?? []).sorted() where !name.hasPrefix(".") {
                    let path = folder.isEmpty ? name : "\(folder)/\(name)"
                    let marker = name.hasSuffix(".xcodeproj") ? "project.pbxproj" : name.hasSuffix(".xcworkspace") ? "contents.xcworkspacedata" : nil
                    if let marker {
                        if (try? repository.hasEntry(at: "HEAD", path: "\(path)/\(marker)")) == true { return path }
                    } else {
                        var isFolder: ObjCBool = false
                        if FileManager.default.fileExists(atPath: "\(absolute)/\(name)", isDirectory: &isFolder), isFolder.boolValue { next.append(path) }
                    }
                }
            }
            folders = next
        }
        return nil
    }
}
