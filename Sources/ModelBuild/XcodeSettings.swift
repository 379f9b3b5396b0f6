/// The Swift settings of one model-package target, from the build settings of the Xcode target it stands for, so the
/// committed sources compile as Xcode compiles them. Every value written into the manifest comes from this file's own
/// tables and enums, never from the project's text: the `project.pbxproj` is the change's to write.
public struct SwiftTargetSettings: Sendable, Equatable {
    public enum LanguageMode: String, Sendable, Equatable {
        case v5, v6
    }

    public enum StrictConcurrency: String, Sendable, Equatable {
        case minimal, targeted, complete
    }

    /// A setting that was read but not passed, with why.
    public struct Ignored: Sendable, Equatable {
        public var setting: String
        public var reason: String
    }

    public var languageMode: LanguageMode = .v5
    public var mainActorByDefault = false
    public var strictConcurrency: StrictConcurrency?
    /// Names from `upcomingFeatures`, sorted.
    public var upcomingFeatures: [String] = []
    /// Compilation conditions, each an identifier.
    public var defines: [String] = []
    public var ignored: [Ignored] = []

    public init() {}

    /// Xcode's `SWIFT_UPCOMING_FEATURE_<suffix>` → the compiler's feature name and the language mode that has it on
    /// anyway (passing it there only warns). Checked against Swift 6.3's `-enable-upcoming-feature`.
    static let upcomingFeatures: [String: (name: String, onIn: LanguageMode?)] = [
        "CONCISE_MAGIC_FILE": ("ConciseMagicFile", .v6),
        "FORWARD_TRAILING_CLOSURES": ("ForwardTrailingClosures", .v6),
        "BARE_SLASH_REGEX_LITERALS": ("BareSlashRegexLiterals", .v6),
        "DEPRECATE_APPLICATION_MAIN": ("DeprecateApplicationMain", .v6),
        "IMPORT_OBJC_FORWARD_DECLS": ("ImportObjcForwardDeclarations", .v6),
        "DISABLE_OUTWARD_ACTOR_ISOLATION": ("DisableOutwardActorInference", .v6),
        "ISOLATED_DEFAULT_VALUES": ("IsolatedDefaultValues", .v6),
        "GLOBAL_CONCURRENCY": ("GlobalConcurrency", .v6),
        "INFER_SENDABLE_FROM_CAPTURES": ("InferSendableFromCaptures", .v6),
        "IMPLICIT_OPEN_EXISTENTIALS": ("ImplicitOpenExistentials", .v6),
        "REGION_BASED_ISOLATION": ("RegionBasedIsolation", .v6),
        "DYNAMIC_ACTOR_ISOLATION": ("DynamicActorIsolation", .v6),
        "NONFROZEN_ENUM_EXHAUSTIVITY": ("NonfrozenEnumExhaustivity", .v6),
        "GLOBAL_ACTOR_ISOLATED_TYPES_USABILITY": ("GlobalActorIsolatedTypesUsability", .v6),
        "EXISTENTIAL_ANY": ("ExistentialAny", nil),
        "INTERNAL_IMPORTS_BY_DEFAULT": ("InternalImportsByDefault", nil),
        "MEMBER_IMPORT_VISIBILITY": ("MemberImportVisibility", nil),
        "INFER_ISOLATED_CONFORMANCES": ("InferIsolatedConformances", nil),
        "NONISOLATED_NONSENDING_BY_DEFAULT": ("NonisolatedNonsendingByDefault", nil),
        "IMMUTABLE_WEAK_CAPTURES": ("ImmutableWeakCaptures", nil),
    ]

    /// What Xcode 26's `SWIFT_APPROACHABLE_CONCURRENCY = YES` turns on (three of them Swift 6 has on anyway).
    static let approachableConcurrency = [
        "DISABLE_OUTWARD_ACTOR_ISOLATION", "GLOBAL_ACTOR_ISOLATED_TYPES_USABILITY", "INFER_ISOLATED_CONFORMANCES", "INFER_SENDABLE_FROM_CAPTURES",
        "NONISOLATED_NONSENDING_BY_DEFAULT",
    ]

    static let upcomingPrefix = "SWIFT_UPCOMING_FEATURE_"

    /// Settings that change how Swift compiles but that the model build does not pass, each with why.
    static let unpassed: [String: String] = [
        "OTHER_SWIFT_FLAGS": "arbitrary compiler flags are not passed",
        "SWIFT_TREAT_WARNINGS_AS_ERRORS": "warnings stay warnings in the model build",
        "SWIFT_ENABLE_EXPLICIT_MODULES": "a build-system choice, not a language one",
        "SWIFT_OBJC_BRIDGING_HEADER": "Objective-C is not compiled on Linux",
    ]

    /// Maps a target's merged build settings (`XcodeProject.settings(of:)`).
    public static func from(_ settings: [String: XcodeProject.SettingValue]) -> SwiftTargetSettings {
        var result = SwiftTargetSettings()
        func yes(_ key: String) -> Bool? {
            guard let value = settings[key]?.text.trimmingWhitespace else { return nil }
            switch value.uppercased() {
            case "YES", "TRUE", "1": return true
            case "NO", "FALSE", "0", "": return false
            default:
                result.ignored.append(Ignored(setting: key, reason: "is neither YES nor NO"))
                return nil
            }
        }
        if let version = settings["SWIFT_VERSION"]?.text.trimmingWhitespace {
            let major = version.split(separator: ".").first.map(String.init)
            switch major {
            case "6": result.languageMode = .v6
            case "5", "4": result.languageMode = .v5
            default: result.ignored.append(Ignored(setting: "SWIFT_VERSION", reason: "is not a Swift 4, 5 or 6 version; Swift 5 is used"))
            }
        }
        if let isolation = settings["SWIFT_DEFAULT_ACTOR_ISOLATION"]?.text.trimmingWhitespace {
            switch isolation {
            case "MainActor": result.mainActorByDefault = true
            case "nonisolated", "": break
            default: result.ignored.append(Ignored(setting: "SWIFT_DEFAULT_ACTOR_ISOLATION", reason: "is neither MainActor nor nonisolated"))
            }
        }
        if let level = settings["SWIFT_STRICT_CONCURRENCY"]?.text.trimmingWhitespace, !level.isEmpty {
            if let strict = StrictConcurrency(rawValue: level) {
                if result.languageMode == .v6 {
                    result.ignored.append(Ignored(setting: "SWIFT_STRICT_CONCURRENCY", reason: "Swift 6 checks concurrency completely anyway"))
                } else if strict != .minimal {
                    result.strictConcurrency = strict
                }
            } else {
                result.ignored.append(Ignored(setting: "SWIFT_STRICT_CONCURRENCY", reason: "is not minimal, targeted or complete"))
            }
        }
        var features: Set<String> = []
        if yes("SWIFT_APPROACHABLE_CONCURRENCY") == true { features.formUnion(approachableConcurrency) }
        for key in settings.keys.sorted() where key.hasPrefix(upcomingPrefix) {
            let suffix = String(key.dropFirst(upcomingPrefix.count))
            guard upcomingFeatures[suffix] != nil else {
                result.ignored.append(Ignored(setting: key, reason: "is not an upcoming feature the gate knows"))
                continue
            }
            switch yes(key) {
            case true?: features.insert(suffix)
            case false?: features.remove(suffix)
            case nil: break
            }
        }
        result.upcomingFeatures = features.compactMap { suffix -> String? in
            guard let feature = upcomingFeatures[suffix] else { return nil }
            return feature.onIn == .v6 && result.languageMode == .v6 ? nil : feature.name
        }.sorted()
        for word in settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"]?.words ?? [] {
            if word == "DEBUG" { continue }  // SwiftPM's debug build, which the gate runs, defines it as Xcode's Debug does.
            if isIdentifier(word) {
                if !result.defines.contains(word) { result.defines.append(word) }
            } else {
                result.ignored.append(Ignored(setting: "SWIFT_ACTIVE_COMPILATION_CONDITIONS", reason: "`\(printable(word))` is not a condition name"))
            }
        }
        for key in settings.keys.sorted() {
            if let reason = unpassed[key], !(settings[key]?.words.isEmpty ?? true) {
                result.ignored.append(Ignored(setting: key, reason: reason))
            } else if key.hasPrefix("SWIFT_"), key.contains("[") {
                let base = String(key.prefix { $0 != "[" })
                if base == "SWIFT_VERSION" || base == "SWIFT_ACTIVE_COMPILATION_CONDITIONS" || base.hasPrefix(upcomingPrefix)
                    || base == "SWIFT_DEFAULT_ACTOR_ISOLATION" || base == "SWIFT_STRICT_CONCURRENCY" || base == "SWIFT_APPROACHABLE_CONCURRENCY"
                {
                    result.ignored.append(Ignored(setting: printable(key), reason: "applies only to some SDKs or architectures"))
                }
            }
        }
        return result
    }

    /// Whether the settings need tools version 6.2 (`defaultIsolation`).
    var needsTools62: Bool { mainActorByDefault }

    /// The `swiftSettings:` entries, every one built from an enum or a table entry.
    func manifestEntries(includingLanguageMode: Bool) -> [String] {
        var entries: [String] = []
        if includingLanguageMode { entries.append(".swiftLanguageMode(.\(languageMode.rawValue))") }
        if mainActorByDefault { entries.append(".defaultIsolation(MainActor.self)") }
        if let strictConcurrency { entries.append(".enableUpcomingFeature(\"StrictConcurrency=\(strictConcurrency.rawValue)\")") }
        entries += upcomingFeatures.filter(Self.isIdentifier).map { ".enableUpcomingFeature(\"\($0)\")" }
        entries += defines.filter(Self.isIdentifier).map { ".define(\"\($0)\")" }
        return entries
    }

    /// "Swift 6, default isolation MainActor, strict concurrency complete, upcoming InferIsolatedConformances, defines BETA".
    public var phrases: [String] {
        var phrases = [languageMode == .v6 ? "Swift 6" : "Swift 5"]
        if mainActorByDefault { phrases.append("default isolation MainActor") }
        if let strictConcurrency { phrases.append("strict concurrency \(strictConcurrency.rawValue)") }
        if !upcomingFeatures.isEmpty { phrases.append("upcoming \(upcomingFeatures.joined(separator: " "))") }
        if !defines.isEmpty { phrases.append("defines \(defines.joined(separator: " "))") }
        return phrases
    }

    static func isIdentifier(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, word.unicodeScalars.count <= 128 else { return false }
        let letters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_".unicodeScalars)
        let digits = Set("0123456789".unicodeScalars)
        return letters.contains(first) && word.unicodeScalars.allSatisfy { letters.contains($0) || digits.contains($0) }
    }

    /// A project's word as a record may show it: ASCII printable only, at most 60 characters.
    static func printable(_ word: String) -> String {
        String(String(word.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" }).prefix(60))
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\"" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\"" { text = text.dropLast() }
        return String(text)
    }
}
