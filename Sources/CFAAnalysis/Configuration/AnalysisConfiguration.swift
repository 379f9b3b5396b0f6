import Foundation

/// What a real app may need to tell the analyser. Read from `.cfa-gate.json` at the repository root;
/// every key is optional and the defaults follow the rule catalogue.
public struct AnalysisConfiguration: Sendable, Equatable, Codable {
    /// Repository-relative folders to analyse; empty means the whole repository.
    public var include: [String] = []
    /// Repository-relative folders or files to leave out (besides `.build`, `DerivedData`, `Pods`,
    /// `Carthage` and hidden folders, which are always left out). A trailing `/**` is allowed.
    public var exclude: [String] = []
    /// The structural root view, which needs no ViewModel (item 6).
    public var rootView = Self.defaultRootView
    /// Which types are Features besides the types of `AppModel`'s stored properties.
    public var features: [FeaturePattern] = [FeaturePattern(name: "*Feature"), FeaturePattern(name: "*Manager", folder: "Features")]
    public var folders = FolderAliases()
    /// Per rule id: "error", "warning" or "off".
    public var rules: [String: RuleSetting] = [:]
    /// How `applicationDidFinishLaunching()` starts Features (item 9).
    public var launch = LaunchStyle.synchronous
    /// The baseline of known findings, relative to the folder of this file; nil means `.cfa-gate-baseline.json`
    /// beside it, when that exists.
    public var baseline: String?
    /// What the model build (an Xcode app built here as a package of its Linux-compilable files) must leave out besides
    /// what it finds.
    public var modelBuild = ModelBuildSettings()

    public init() {}

    /// The reason `.cfa-gate.json` gives for leaving `path` out of the model build; nil when it names no such file.
    public func modelBuildLeaveOut(_ path: String) -> String? {
        modelBuild.exclude.first { SourceDiscovery.covers($0.path, path) }?.reason
    }

    /// `modelBuild`: `{"exclude": [{"path": "App/Sync.swift", "reason": "uses NSUbiquitousKeyValueStore"}]}`; a path may be a
    /// file or a folder, with or without `/**`, as `exclude` takes them.
    public struct ModelBuildSettings: Sendable, Codable, Equatable {
        public var exclude: [Exclusion] = []

        public init() {}

        public struct Exclusion: Sendable, Codable, Equatable {
            public var path: String
            /// Required: the verdict says it for the file (`left out by .cfa-gate.json: <reason>`).
            public var reason: String

            public init(path: String, reason: String) {
                self.path = path
                self.reason = reason
            }

            public init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                path = try container.decode(String.self, forKey: .path)
                // A missing reason is reported by `ConfigurationFile` with the entry and the fix.
                reason = try container.decodeIfPresent(String.self, forKey: .reason) ?? ""
            }
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            exclude = try container.decodeIfPresent([Exclusion].self, forKey: .exclude) ?? []
        }
    }

    public static let defaultRootView = "RootTabView"

    /// The names a root view goes by: the configured one; with the default, `RootView` too, which CFA apps also call
    /// their root (the catalogue lists it among the traps: a root taken for a screen is told to grow a ViewModel).
    public var rootViewNames: Set<String> { rootView == Self.defaultRootView ? [rootView, "RootView"] : [rootView] }

    public static let fileName = ".cfa-gate.json"

    public enum LaunchStyle: String, Sendable, Codable, Equatable {
        /// Synchronously calls each Feature's `startLoading()`; no `await`, no `Task`.
        case synchronous
        /// An `async` launch that awaits each Feature's `refresh()`; still guarded, still no stored Task.
        case awaitedRefresh = "awaited-refresh"
    }

    public enum RuleSetting: String, Sendable, Codable, Equatable {
        case error, warning, off
    }

    /// A name pattern with one `*`, optionally only under a folder (matched like folder aliases).
    public struct FeaturePattern: Sendable, Codable, Equatable {
        var name: String
        var folder: String?

        init(name: String, folder: String? = nil) {
            self.name = name
            self.folder = folder
        }

        /// What the `*` stands for in `typeName` (`Progress` for `ProgressManager` under `*Manager`); nil when the name does not match.
        func wildcardPart(of typeName: String) -> String? {
            guard NamePattern.matches(name, typeName), let star = name.firstIndex(of: "*") else { return nil }
            let prefix = name[..<star].count, suffix = name[name.index(after: star)...].count
            return String(typeName.dropFirst(prefix).dropLast(suffix))
        }

        func matches(typeName: String, path: String) -> Bool {
            guard NamePattern.matches(name, typeName) else { return false }
            guard let folder else { return true }
            return FolderName.path(path, contains: folder)
        }
    }

    /// Folder names the catalogue relies on. Matching ignores case, spaces and a numbering prefix
    /// such as `1 - `, so `View Model Tests`, `ViewModelTests` and `2 - View model tests` all match.
    public struct FolderAliases: Sendable, Codable, Equatable {
        var screens = ["Views"]
        var features = ["Features"]
        var storage = ["User Data Storage", "Networking & Data Storage", "Storage"]
        var viewModelTests = ["View Model Tests"]
        var featureTests = ["Feature Tests", "AppModel Tests"]
        var testSupport = ["Support", "Test Support"]

        init() {}

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let defaults = FolderAliases()
            screens = try container.decodeIfPresent([String].self, forKey: .screens) ?? defaults.screens
            features = try container.decodeIfPresent([String].self, forKey: .features) ?? defaults.features
            storage = try container.decodeIfPresent([String].self, forKey: .storage) ?? defaults.storage
            viewModelTests = try container.decodeIfPresent([String].self, forKey: .viewModelTests) ?? defaults.viewModelTests
            featureTests = try container.decodeIfPresent([String].self, forKey: .featureTests) ?? defaults.featureTests
            testSupport = try container.decodeIfPresent([String].self, forKey: .testSupport) ?? defaults.testSupport
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AnalysisConfiguration()
        include = try container.decodeIfPresent([String].self, forKey: .include) ?? defaults.include
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? defaults.exclude
        rootView = try container.decodeIfPresent(String.self, forKey: .rootView) ?? defaults.rootView
        features = try container.decodeIfPresent([FeaturePattern].self, forKey: .features) ?? defaults.features
        folders = try container.decodeIfPresent(FolderAliases.self, forKey: .folders) ?? defaults.folders
        rules = try container.decodeIfPresent([String: RuleSetting].self, forKey: .rules) ?? defaults.rules
        launch = try container.decodeIfPresent(LaunchStyle.self, forKey: .launch) ?? defaults.launch
        baseline = try container.decodeIfPresent(String.self, forKey: .baseline)
        modelBuild = try container.decodeIfPresent(ModelBuildSettings.self, forKey: .modelBuild) ?? defaults.modelBuild
    }
}

/// `*Feature`, `Legacy*`, `*Manager`: one `*` standing for any run of characters.
enum NamePattern {
    static func matches(_ pattern: String, _ name: String) -> Bool {
        guard let star = pattern.firstIndex(of: "*") else { return pattern == name }
        let prefix = pattern[..<star], suffix = pattern[pattern.index(after: star)...]
        return name.count > prefix.count + suffix.count && name.hasPrefix(prefix) && name.hasSuffix(suffix)
    }
}

enum FolderName {
    /// `2 - View Model Tests` → `viewmodeltests`.
    static func normalized(_ name: some StringProtocol) -> String {
        var text = Substring(name)
        if let dash = text.firstIndex(of: "-"), text[..<dash].trimmingCharacters(in: .whitespaces).allSatisfy(\.isNumber),
            !text[..<dash].trimmingCharacters(in: .whitespaces).isEmpty
        {
            text = text[text.index(after: dash)...]
        }
        return text.lowercased().filter { !$0.isWhitespace }
    }

    /// True when a folder of `path` (not its file name) matches `alias`.
    static func path(_ path: String, contains alias: String) -> Bool {
        let wanted = normalized(alias)
        return path.split(separator: "/").dropLast().contains { normalized($0) == wanted }
    }

    static func path(_ path: String, containsAnyOf aliases: [String]) -> Bool {
        aliases.contains { self.path(path, contains: $0) }
    }
}
