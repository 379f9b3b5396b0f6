/// Which folders named like a dependency manager's or Xcode's (`Pods`, `Carthage`, `DerivedData`) the analyser may
/// leave out. SwiftPM compiles every source file under a target's folder whatever its folders are called, so a name
/// alone proves nothing: a violating view in `Sources/App/Views/Pods/` is compiled. Such a folder is left out only
/// when it is clearly vendored — its manager's file is beside it (`Podfile` for `Pods`, `Cartfile` for `Carthage`,
/// an `.xcodeproj` or `.xcworkspace` for the project-relative `DerivedData` Xcode and `xcodebuild -derivedDataPath`
/// make) — and it is not inside (nor above) a folder SwiftPM compiles. A change can add a `Podfile` as easily as a
/// folder, which is why the marker alone is not enough either. Without a manifest (an Xcode project, whose compiled
/// files the gate cannot list) only such a folder at the top of the package is left out, where CocoaPods, Carthage
/// and Xcode put theirs beside the project; one deeper down (`App/Views/Pods/` beside a planted `Podfile`) is read.
public struct VendoredFolders: Sendable, Equatable {
    /// The package's target folders, relative to the package ("" for the whole package), or nil without a manifest.
    public var targetFolders: [String]?

    /// The folders SwiftPM compiles, as SwiftPM's own evaluation of the package (`swift package describe`) reports
    /// them, or as `init(manifests:)` reads them; nil for a folder without a `Package.swift` (an Xcode project).
    public init(targetFolders: [String]?) {
        self.targetFolders = targetFolders
    }

    /// SwiftPM's default target folders, which a target without `path:` uses; a manifest's text cannot hide them.
    static let defaultTargetRoots = ["Sources", "Tests", "Plugins"]

    /// The target folders the manifests' text declares (`Package.swift` and every `Package@swift-….swift`, since
    /// SwiftPM picks one by tools version): the union over every `#if` branch and every manifest, plus SwiftPM's
    /// default folders. A `path:` that is not a string literal could name any folder, so then the whole package
    /// counts as compiled. No manifest (an empty list): nil.
    public init(manifests: [String]) {
        guard !manifests.isEmpty else {
            self.init(targetFolders: nil)
            return
        }
        var folders = Self.defaultTargetRoots
        for manifest in manifests.map(PackageManifest.parse) {
            if manifest.hasComputedTargetPath { folders.append("") }
            folders += manifest.targetPaths.map(Self.normalized)
        }
        self.init(targetFolders: Array(Set(folders)).sorted())
    }

    /// The manifests' file names among a folder's entries.
    public static func isManifestName(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// Whether the folder at `path` (relative to the package), beside `siblings` (the names in the folder holding it),
    /// is left out. Only the three vendored names ever are; hidden folders are the walk's own business.
    public func skips(_ path: String, siblings: Set<String>) -> Bool {
        let components = path.split(separator: "/").map(String.init)
        guard let name = components.last, Self.hasMarker(name, siblings: siblings) else { return false }
        guard let targetFolders else { return components.count == 1 }
        return !targetFolders.contains { target in
            target.isEmpty || path == target || path.hasPrefix(target + "/") || target.hasPrefix(path + "/")
        }
    }

    /// The vendored name's manager file (or Xcode project) is among `siblings`.
    static func hasMarker(_ name: String, siblings: Set<String>) -> Bool {
        switch name {
        case "Pods": siblings.contains("Podfile") || siblings.contains("Podfile.lock")
        case "Carthage": siblings.contains("Cartfile") || siblings.contains("Cartfile.resolved")
        case "DerivedData": siblings.contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
        default: false
        }
    }

    /// `./Sources/App/` → `Sources/App`; `.` → "" (the whole package).
    static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")
    }
}
