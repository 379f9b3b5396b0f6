import Foundation

/// What the model build reads of an Xcode project (`project.pbxproj`): its native targets, the files each compiles,
/// and the build settings of one configuration, target over project.
public struct XcodeProject: Sendable, Equatable {
    /// A build setting's value: Xcode writes a list either as one space-separated string or as an array.
    public enum SettingValue: Sendable, Equatable {
        case string(String)
        case list([String])

        /// The value's words, as Xcode splits a list setting (quotes are not honored: flag names have no spaces).
        var words: [String] {
            switch self {
            case .string(let text): text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            case .list(let items): items
            }
        }

        var text: String {
            switch self {
            case .string(let text): text
            case .list(let items): items.joined(separator: " ")
            }
        }
    }

    public struct Configuration: Sendable, Equatable {
        public var name: String
        public var settings: [String: SettingValue]
        /// The `.xcconfig` the configuration is based on: its name, and its path relative to the project's folder where
        /// that is inside it.
        public var baseConfiguration: String?
        public var baseConfigurationPath: String?
    }

    public struct Target: Sendable, Equatable {
        public var name: String
        /// `com.apple.product-type.application`, `….bundle.unit-test`, ….
        public var productType: String
        public var configurations: [Configuration]
        /// The configuration Xcode builds when none is asked for (`defaultConfigurationName`).
        public var defaultConfiguration: String?
        /// Folders, relative to the project's folder, that Xcode 16's synchronized groups compile whole.
        public var folders: [String]
        /// Files of the Sources build phase (classic groups), relative to the project's folder.
        public var files: [String]

        public var isApplication: Bool { productType.hasPrefix("com.apple.product-type.application") }
        public var isUnitTest: Bool { productType == "com.apple.product-type.bundle.unit-test" }
        public var isUITest: Bool { productType == "com.apple.product-type.bundle.ui-testing" }

        /// Whether the target compiles `path` (relative to the project's folder).
        public func owns(_ path: String) -> Bool {
            files.contains(path) || folders.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : "\($0)/") }
        }
    }

    public var targets: [Target]
    public var projectConfigurations: [Configuration]
    public var defaultConfiguration: String?

    /// Reads `project.pbxproj` text; a malformed file is an error, a well-formed one missing parts gives fewer targets.
    public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> XcodeProject {
        let root = try PropertyListText.parse(bytes).dictionary ?? [:]
        let objects = root["objects"]?.dictionary ?? [:]
        func object(_ id: PropertyListValue?) -> [String: PropertyListValue]? { id?.string.flatMap { objects[$0]?.dictionary } }
        let paths = GroupPaths(objects: objects)
        func configurations(of listID: PropertyListValue?) -> (list: [Configuration], defaultName: String?) {
            guard let list = object(listID) else { return ([], nil) }
            let configurations = (list["buildConfigurations"]?.array ?? []).compactMap { id -> Configuration? in
                guard let entry = object(id), entry["isa"]?.string == "XCBuildConfiguration" else { return nil }
                var settings: [String: SettingValue] = [:]
                for (key, value) in entry["buildSettings"]?.dictionary ?? [:] {
                    if let text = value.string {
                        settings[key] = .string(text)
                    } else if let items = value.array {
                        settings[key] = .list(items.compactMap(\.string))
                    }
                }
                var base = object(entry["baseConfigurationReference"]).map { $0["path"]?.string ?? $0["name"]?.string ?? "an .xcconfig" }
                var basePath = entry["baseConfigurationReference"]?.string.flatMap(paths.path(of:))
                // Xcode 16 and later name an .xcconfig inside a synchronized folder by that folder and a path below it.
                if base == nil, let relative = entry["baseConfigurationReferenceRelativePath"]?.string {
                    base = relative.split(separator: "/").last.map(String.init) ?? relative
                    basePath = entry["baseConfigurationReferenceAnchor"]?.string.flatMap(paths.path(of:))
                        .flatMap { XcodeConfigurationFile.joined($0, relative) }
                }
                return Configuration(name: entry["name"]?.string ?? "", settings: settings, baseConfiguration: base, baseConfigurationPath: basePath)
            }
            return (configurations, list["defaultConfigurationName"]?.string)
        }
        let project = objects.values.first { $0.dictionary?["isa"]?.string == "PBXProject" }?.dictionary ?? [:]
        let projectConfigurations = configurations(of: project["buildConfigurationList"])
        // The project's own list of targets, in its order; a target object it does not list is not built.
        let targets = (project["targets"]?.array ?? []).compactMap { id -> Target? in
            guard let entry = object(id), entry["isa"]?.string == "PBXNativeTarget" else { return nil }
            let own = configurations(of: entry["buildConfigurationList"])
            let folders = (entry["fileSystemSynchronizedGroups"]?.array ?? []).compactMap { id in id.string.flatMap(paths.path(of:)) }
            var files: [String] = []
            for phase in (entry["buildPhases"]?.array ?? []).compactMap(object) where phase["isa"]?.string == "PBXSourcesBuildPhase" {
                for build in (phase["files"]?.array ?? []).compactMap(object) {
                    if let path = build["fileRef"]?.string.flatMap(paths.path(of:)) { files.append(path) }
                }
            }
            return Target(
                name: entry["name"]?.string ?? "", productType: entry["productType"]?.string ?? "", configurations: own.list,
                defaultConfiguration: own.defaultName, folders: folders, files: files)
        }
        return XcodeProject(targets: targets, projectConfigurations: projectConfigurations.list, defaultConfiguration: projectConfigurations.defaultName)
    }

    /// Paths of file references and groups relative to the project's folder, through their parent groups.
    private struct GroupPaths {
        var objects: [String: PropertyListValue]
        var parents: [String: String] = [:]

        init(objects: [String: PropertyListValue]) {
            self.objects = objects
            for (id, value) in objects {
                guard let entry = value.dictionary, let isa = entry["isa"]?.string, isa == "PBXGroup" || isa == "PBXVariantGroup" else { continue }
                for child in entry["children"]?.array ?? [] { if let child = child.string { parents[child] = id } }
            }
        }

        /// nil for anything outside the project's folder (SDK, built products, absolute paths).
        func path(of id: String) -> String? {
            var components: [String] = []
            var current: String? = id
            var steps = 0
            // A cycle of groups in a hostile file ends at the step limit rather than looping.
            while let node = current, steps < 256 {
                steps += 1
                guard let entry = objects[node]?.dictionary else { return nil }
                let tree = entry["sourceTree"]?.string ?? "<group>"
                if let path = entry["path"]?.string, !path.isEmpty { components.insert(path, at: 0) }
                switch tree {
                case "<group>": current = parents[node]
                case "SOURCE_ROOT": current = nil
                default: return nil
                }
            }
            guard current == nil else { return nil }
            let joined = components.joined(separator: "/")
            guard !joined.hasPrefix("/"), !joined.split(separator: "/").contains("..") else { return nil }
            return joined.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        }
    }
}

extension XcodeProject {
    /// The configuration the gate reads: `Debug`, as Xcode's test action builds; else the list's default, else the first.
    static func chosenConfiguration(_ configurations: [Configuration], defaultName: String?) -> Configuration? {
        configurations.first { $0.name == "Debug" } ?? configurations.first { $0.name == defaultName } ?? configurations.first
    }

    /// The target's settings of the chosen configuration over the project's of the same name, each over its `.xcconfig`
    /// (`xcconfig` reads one by its path, nil when it cannot): `$(inherited)` in a setting stands for the level below's
    /// value, and at the bottom for nothing, Xcode's defaults being the mapping's.
    func settings(of target: Target, xcconfig: (String) -> [String: SettingValue]? = { _ in nil })
        -> (configuration: String?, settings: [String: SettingValue], baseConfigurations: [(name: String, read: Bool)])
    {
        let own = Self.chosenConfiguration(target.configurations, defaultName: target.defaultConfiguration)
        let name = own?.name ?? Self.chosenConfiguration(projectConfigurations, defaultName: defaultConfiguration)?.name
        let project = projectConfigurations.first { $0.name == name }
        var merged: [String: SettingValue] = [:]
        var bases: [(name: String, read: Bool)] = []
        func layer(_ settings: [String: SettingValue]) {
            for (key, value) in settings {
                let words = value.words
                guard words.contains("$(inherited)") || words.contains("${inherited}") else {
                    merged[key] = value
                    continue
                }
                let inherited = merged[key]?.words ?? []
                merged[key] = .list(words.flatMap { $0 == "$(inherited)" || $0 == "${inherited}" ? inherited : [$0] })
            }
        }
        for configuration in [project, own].compactMap({ $0 }) {
            if let base = configuration.baseConfiguration {
                let settings = configuration.baseConfigurationPath.flatMap(xcconfig)
                bases.append((base, settings != nil))
                layer(settings ?? [:])
            }
            layer(configuration.settings)
        }
        return (name, merged, bases)
    }
}

/// An `.xcconfig` file: `KEY = value` lines, `//` comments, `#include "other.xcconfig"` (and `#include?`), bounded.
public enum XcodeConfigurationFile {
    public static let byteLimit = 1 << 20
    public static let includeLimit = 16

    /// `read` returns the text of a path relative to the project's folder, or nil; includes are relative to the including
    /// file, and a path leaving the project's folder is not followed.
    public static func settings(at path: String, read: (String) -> String?) -> [String: XcodeProject.SettingValue]? {
        var budget = includeLimit
        return settings(at: path, read: read, budget: &budget)
    }

    private static func settings(at path: String, read: (String) -> String?, budget: inout Int) -> [String: XcodeProject.SettingValue]? {
        guard budget > 0, let text = read(path), text.utf8.count <= byteLimit else { return nil }
        budget -= 1
        var settings: [String: XcodeProject.SettingValue] = [:]
        let folder = (path as NSString).deletingLastPathComponent
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"")
                else { continue }
                let included = String(trimmed[trimmed.index(after: open)..<close])
                guard let resolved = joined(folder, included) else { continue }
                for (key, value) in Self.settings(at: resolved, read: read, budget: &budget) ?? [:] { settings[key] = value }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            guard !key.isEmpty, !key.contains(" ") else { continue }
            let assigned = XcodeProject.SettingValue.string(value.trimmingCharacters(in: .whitespaces))
            // `$(inherited)` after an earlier assignment (here or in an include) extends it, as Xcode's build system does;
            // with none, it is left for the level below.
            if let earlier = settings[key], assigned.words.contains(where: { $0 == "$(inherited)" || $0 == "${inherited}" }) {
                settings[key] = .list(assigned.words.flatMap { $0 == "$(inherited)" || $0 == "${inherited}" ? earlier.words : [$0] })
            } else {
                settings[key] = assigned
            }
        }
        return settings
    }

    /// `folder/relative`, normalized; nil when absolute or when it climbs out of the project's folder.
    static func joined(_ folder: String, _ relative: String) -> String? {
        guard !relative.hasPrefix("/") else { return nil }
        var parts: [Substring] = folder.split(separator: "/")
        for part in relative.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}

/// The Xcode build settings the model package compiles with: the app target's for the app's files, the unit-test
/// target's for the tests, of the project whose targets compile the chosen files.
public struct XcodeBuildSettings: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public var name: String
        /// The configuration read ("Debug"); nil when the target has none.
        public var configuration: String?
        public var swift: SwiftTargetSettings
    }

    /// The `.xcodeproj` read, as a repository path; nil when none was.
    public var project: String?
    public var app: Target?
    public var tests: Target?
    /// What was not read and why: no project, an unreadable one, an `.xcconfig` base.
    public var notes: [String] = []

    public var appSettings: SwiftTargetSettings { app?.swift ?? SwiftTargetSettings() }
    public var testSettings: SwiftTargetSettings { tests?.swift ?? appSettings }

    static let projectLimit = 16

    /// Reads the repository's projects and picks the one whose targets compile most of `sources` and `tests` (repository
    /// paths); where no target lists its files, the one whose folder holds most of them, the closest folder first.
    static func read(repositoryRoot: String, sources: [String], tests: [String]) -> XcodeBuildSettings {
        var candidates: [(path: String, project: XcodeProject, owned: Int, contained: Int)] = []
        var notes: [String] = []
        for path in projectPaths(repositoryRoot: repositoryRoot).prefix(projectLimit) {
            let file = "\(repositoryRoot)/\(path)/project.pbxproj"
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
                let size = attributes[.size] as? Int, size <= PropertyListText.byteLimit,
                let data = FileManager.default.contents(atPath: file)
            else {
                notes.append("`\(path)/project.pbxproj` was not read: missing or larger than \(PropertyListText.byteLimit) bytes")
                continue
            }
            do throws(PropertyListError) {
                let project = try XcodeProject.read([UInt8](data))
                let folder = (path as NSString).deletingLastPathComponent
                let relative = (sources + tests).compactMap { relativePath($0, under: folder) }
                let owned = relative.filter { file in project.targets.contains { $0.owns(file) } }.count
                candidates.append((path, project, owned, relative.count))
            } catch {
                notes.append("`\(path)/project.pbxproj` \(error.description); Xcode's defaults are used")
            }
        }
        let ranked = candidates.sorted {
            ($0.owned, $0.contained, $0.path.split(separator: "/").count, $1.path) > ($1.owned, $1.contained, $1.path.split(separator: "/").count, $0.path)
        }
        guard let chosen = ranked.first else {
            return XcodeBuildSettings(notes: notes.isEmpty ? ["no Xcode project; Xcode's defaults are used"] : notes)
        }
        let folder = (chosen.path as NSString).deletingLastPathComponent
        let project = chosen.project
        let appFiles = sources.compactMap { relativePath($0, under: folder) }
        let testFiles = tests.compactMap { relativePath($0, under: folder) }
        func owning(_ files: [String], among targets: [XcodeProject.Target]) -> XcodeProject.Target? {
            let counts = targets.map { target in files.filter(target.owns).count }
            guard let best = counts.max(), best > 0, let index = counts.firstIndex(of: best) else { return nil }
            return targets[index]
        }
        let builders = project.targets.filter { !$0.isUnitTest && !$0.isUITest }
        let appTarget = owning(appFiles, among: builders) ?? builders.first(where: \.isApplication) ?? builders.first
        let unitTests = project.targets.filter(\.isUnitTest)
        let testTarget = owning(testFiles, among: unitTests)
            ?? unitTests.first { $0.name == "\(appTarget?.name ?? "")Tests" } ?? (unitTests.count == 1 ? unitTests.first : nil)
        func described(_ target: XcodeProject.Target?) -> Target? {
            guard let target else { return nil }
            let read = project.settings(of: target) { path in
                XcodeConfigurationFile.settings(at: path) { relative in
                    contents(of: folder.isEmpty ? relative : "\(folder)/\(relative)", in: repositoryRoot)
                }
            }
            for base in read.baseConfigurations {
                let file = "`\(SwiftTargetSettings.printable(base.name))` (an .xcconfig of \(SwiftTargetSettings.printable(target.name)))"
                let note = base.read ? "\(file) was read" : "\(file) was not read: outside the project's folder, missing or too large"
                if !notes.contains(note) { notes.append(note) }
            }
            return Target(name: SwiftTargetSettings.printable(target.name), configuration: read.configuration.map(SwiftTargetSettings.printable),
                swift: SwiftTargetSettings.from(read.settings))
        }
        var settings = XcodeBuildSettings(project: chosen.path, app: described(appTarget), tests: described(testTarget))
        if settings.app == nil { notes.append("`\(chosen.path)` has no target that builds the app; Xcode's defaults are used") }
        if settings.tests == nil, !tests.isEmpty { notes.append("no unit-test target of `\(chosen.path)` owns the tests; they use the app's settings") }
        settings.notes = notes
        return settings
    }

    /// Every `*.xcodeproj` folder of the repository holding a `project.pbxproj`, outside hidden folders.
    static func projectPaths(repositoryRoot: String) -> [String] {
        guard let entries = FileManager.default.enumerator(atPath: repositoryRoot) else { return [] }
        var found: [String] = []
        while let entry = entries.nextObject() as? String {
            if entry.hasPrefix(".") || entry.contains("/.") {
                entries.skipDescendants()
                continue
            }
            if entry.hasSuffix(".xcodeproj") {
                entries.skipDescendants()
                if FileManager.default.fileExists(atPath: "\(repositoryRoot)/\(entry)/project.pbxproj") { found.append(entry) }
            }
        }
        // The shallowest first, so a repository with more projects than are read keeps the app's over vendored ones.
        return found.sorted { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }
    }

    /// The text of a repository file that is a regular file inside the repository once links are resolved, or nil.
    static func contents(of path: String, in repositoryRoot: String) -> String? {
        let root = URL(fileURLWithPath: repositoryRoot).resolvingSymlinksInPath().path
        let file = URL(fileURLWithPath: "\(repositoryRoot)/\(path)").resolvingSymlinksInPath().path
        guard file.hasPrefix("\(root)/"), let attributes = try? FileManager.default.attributesOfItem(atPath: file),
            attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? Int,
            size <= XcodeConfigurationFile.byteLimit, let data = FileManager.default.contents(atPath: file)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// `path` relative to `folder` (both repository paths; "" is the root), nil when outside it.
    static func relativePath(_ path: String, under folder: String) -> String? {
        guard !folder.isEmpty else { return path }
        return path.hasPrefix("\(folder)/") ? String(path.dropFirst(folder.count + 1)) : nil
    }
}
