/// The cross-file view of an app: every type with its merged declaration, its file and its role.
public struct CodebaseIndex: Sendable {
    struct Entry: Sendable {
        /// The main declaration, or the first extension when the type is declared elsewhere (a library).
        var declaration: TypeFacts
        var file: String
        /// Extensions of the type found in the analysed files, with their files.
        var extensions: [(facts: TypeFacts, file: String)]
        var role: Role

        var name: String { declaration.name }
        /// Declaration and extensions together, as the rules want them.
        var parts: [(facts: TypeFacts, file: String)] { [(declaration, file)] + extensions }
        var inheritedTypes: [String] { gathered(\.inheritedTypes) }
        func inherits(_ name: String) -> Bool { declaration.inherits(name) || extensions.contains { $0.facts.inherits(name) } }
        var storedProperties: [PropertyFact] { gathered(\.storedProperties) }
        var properties: [PropertyFact] { gathered(\.properties) }
        var functions: [FunctionFact] { gathered(\.functions) }

        /// `list` of the declaration, then of each extension. Rules ask this of every type, and most types have no
        /// extension: their declaration's own list then, without copying the declaration (a whole `TypeFacts`) into
        /// `parts` first.
        private func gathered<Element>(_ list: KeyPath<TypeFacts, [Element]>) -> [Element] {
            extensions.isEmpty ? declaration[keyPath: list] : parts.flatMap { $0.facts[keyPath: list] }
        }
        var location: SourceLocation { declaration.location }
    }

    let files: [FileFacts]
    let configuration: AnalysisConfiguration
    /// By name; a name declared twice (in different scopes) keeps both.
    private(set) var entries: [String: [Entry]] = [:]
    private var testFiles: Set<String> = []
    /// Files that declare a view: View-layer files wherever they sit.
    private var viewFiles: Set<String> = []

    init(files: [FileFacts], configuration: AnalysisConfiguration) {
        self.files = files
        self.configuration = configuration
        testFiles = Set(files.filter(\.isTestFile).map(\.path))
        collectEntries()
        assignRoles()
        allEntries = entries.values.flatMap { $0 }.sorted { ($0.file, $0.location) < ($1.file, $1.location) }
        entriesByRole = Dictionary(grouping: allEntries, by: \.role)
        lookups = Lookups(self)
    }

    // MARK: Queries

    /// Every entry in file and line order; computed once, since every rule asks.
    private(set) var allEntries: [Entry] = []
    private var entriesByRole: [Role: [Entry]] = [:]
    /// Answers by key for the questions rules ask once per type (see `Lookups`).
    private(set) var lookups = Lookups()
    func entries(with role: Role) -> [Entry] { entriesByRole[role] ?? [] }
    func entry(named name: String) -> Entry? { entries[name]?.first }
    func role(of name: String) -> Role? { entries[name]?.first?.role }
    /// Whether no analysed file declares `name` (an extension is no declaration): the type comes from a module or a folder
    /// outside the analysis, so the analysis cannot tell whether it is a Feature.
    func declaresNowhere(_ name: String) -> Bool { !(entries[name]?.contains { $0.declaration.kind != .extension } ?? false) }
    /// The fix when a type that may be a Feature is declared outside the analysis.
    static let includeTheDeclaringFolder = "if it is a Feature, analyse the folder that declares it too (`include`, or the whole repository)"
    /// The types AppModel's instance properties hold, in the order they are declared: its Features, and whatever else
    /// item 14 reports.
    private(set) var typesStoredOnAppModel: [String] = []
    /// Those no analysed file declares: Features, perhaps, from a module or folder outside the analysis.
    var typesStoredOnAppModelDeclaredNowhere: [String] { typesStoredOnAppModel.filter(declaresNowhere) }
    func isTestFile(_ path: String) -> Bool { testFiles.contains(path) }
    func file(_ path: String) -> FileFacts? { lookups.fileByPath[path].map { files[$0] } }

    var appModel: Entry? { entries(with: .appModel).first }
    var featureNames: Set<String> { Set(entries(with: .feature).map(\.name)) }
    var viewModelNames: Set<String> { Set(entries(with: .viewModel).map(\.name)) }
    var repositoryNames: Set<String> {
        Set(entries(with: .repositoryProtocol).map(\.name) + entries(with: .repositoryImplementation).map(\.name))
    }
    var viewRoles: Set<Role> { [.rootView, .screen, .componentView] }
    func isView(_ entry: Entry) -> Bool { viewRoles.contains(entry.role) }

    /// The ViewModel a screen uses: the type of its `viewModel` property, else `XViewModel` for `XView`.
    func viewModel(ofScreen screen: Entry) -> Entry? {
        if let property = screen.storedProperties.first(where: { $0.name == "viewModel" }),
            let name = TypeText.singleName(property.typeText) ?? property.initializer?.call?.name,
            let entry = entry(named: name), entry.role == .viewModel
        {
            return entry
        }
        return entry(named: Self.viewModelName(forView: screen.name)).flatMap { $0.role == .viewModel ? $0 : nil }
    }

    /// `HabitListView` → `HabitListViewModel`; `Settings` → `SettingsViewModel`.
    static func viewModelName(forView name: String) -> String {
        name.hasSuffix("View") ? name + "Model" : name + "ViewModel"
    }

    /// A project that declares its own `Task` type: then `Task { … }` is not Swift Concurrency's.
    var declaresOwnTaskType: Bool { entries["Task"]?.contains { $0.declaration.kind != .extension } ?? false }

    // MARK: Building

    private mutating func collectEntries() {
        var extensions: [String: [(TypeFacts, String)]] = [:]
        for file in files {
            for type in file.types {
                if type.kind == .extension {
                    extensions[Self.simpleName(type.name), default: []].append((type, file.path))
                } else {
                    entries[type.name, default: []].append(Entry(declaration: type, file: file.path, extensions: [], role: .other))
                    if type.kind != .protocol && type.inherits("View") { viewFiles.insert(file.path) }
                }
            }
        }
        for (name, found) in extensions {
            if entries[name] != nil {
                entries[name]![0].extensions = found.map { (facts: $0.0, file: $0.1) }
            } else if let first = found.first {
                // Extends a type from a library (`extension View`): indexed so its members are seen, never a role.
                entries[name] = [Entry(declaration: first.0, file: first.1, extensions: found.dropFirst().map { (facts: $0.0, file: $0.1) }, role: .other)]
            }
        }
    }

    private static func simpleName(_ name: String) -> String {
        name.split(separator: ".").last.map(String.init) ?? name
    }

    private mutating func assignRoles() {
        let appModelName = "AppModel"
        for name in (entries[appModelName] ?? []).filter({ $0.declaration.kind == .class && !isTestFile($0.file) })
            .flatMap(\.storedProperties).filter({ !$0.isStatic })
            .compactMap({ TypeText.singleName($0.typeText ?? $0.initializer?.call?.name) }) where !typesStoredOnAppModel.contains(name)
        {
            typesStoredOnAppModel.append(name)
        }
        let storedOnAppModel = Set(typesStoredOnAppModel)
        let repositoryProtocols = Set(
            entries.values.flatMap { $0 }.filter { entry in
                entry.declaration.kind == .protocol && !isTestFile(entry.file)
                    && (entry.name.hasSuffix("Repository") || FolderName.path(entry.file, containsAnyOf: configuration.folders.storage))
            }.map(\.name))

        for name in entries.keys {
            for index in entries[name]!.indices {
                let entry = entries[name]![index]
                entries[name]![index].role = role(
                    of: entry, appModelName: appModelName, repositoryProtocols: repositoryProtocols, storedOnAppModel: storedOnAppModel)
            }
        }
    }

    private func role(of entry: Entry, appModelName: String, repositoryProtocols: Set<String>, storedOnAppModel: Set<String>) -> Role {
        let kind = entry.declaration.kind
        if kind == .extension { return .other }
        if isTestFile(entry.file) { return .test }
        if entry.name == appModelName && kind == .class { return .appModel }
        if entry.inherits("App") || entry.inherits("UIApplicationDelegate") || entry.inherits("NSApplicationDelegate")
            || entry.inherits("WKApplicationDelegate")
        {
            return .app
        }
        if entry.inherits("View") && kind != .protocol {
            if configuration.rootViewNames.contains(entry.name) { return .rootView }
            return isScreen(entry) ? .screen : .componentView
        }
        if kind == .protocol {
            return repositoryProtocols.contains(entry.name) ? .repositoryProtocol : .other
        }
        // Roles belong to top-level types; a nested `Inventory.ViewModel` is not a ViewModel.
        guard entry.declaration.enclosing.isEmpty else { return kind == .struct || kind == .enum ? .domain : .other }
        // A ViewModel is a reference type; a `struct RowViewModel` is a value a view formats, like any domain value.
        if entry.name.hasSuffix("ViewModel") && entry.name != "ViewModel" && (kind == .class || kind == .actor) { return .viewModel }
        let isRepository = entry.inheritedTypes.contains(where: { repositoryProtocols.contains(TypeText.singleName($0) ?? "") })
            || entry.declaration.hasAttribute("ModelActor")
            || (FolderName.path(entry.file, containsAnyOf: configuration.folders.storage) && kind != .enum && kind != .struct)
        if isFeature(entry, isRepository: isRepository, storedOnAppModel: storedOnAppModel) { return .feature }
        if isRepository { return .repositoryImplementation }
        // Values a Feature owns (`Repo`, `AppColourTheme`), wherever they live, and the helper types beside them.
        return kind == .struct || kind == .enum || kind == .class || kind == .actor ? .domain : .other
    }

    /// A Feature is a reference type that owns product state: a class or actor named by a configured Feature
    /// pattern (`*Feature`, `*Manager` under a Features folder), a class AppModel stores, or an `@Observable`
    /// class in a Features folder. Living in a Features folder alone decides nothing: the domain structs and
    /// enums, errors, worker actors and `@MainActor` helper classes (a ticker, a scheduler) kept beside a
    /// Feature are not Features. A class AppModel stores that is declared in the View layer (`ThemeManager`) is
    /// a presentation manager item 14 reports, and a stored repository is a repository.
    private func isFeature(_ entry: Entry, isRepository: Bool, storedOnAppModel: Set<String>) -> Bool {
        let kind = entry.declaration.kind
        guard kind == .class || kind == .actor else { return false }
        if FeatureByConvention.matchesPattern(entry.name, declaredIn: entry.file, configuration) { return true }
        guard kind == .class, !isRepository else { return false }
        if storedOnAppModel.contains(entry.name) { return !isViewLayerFile(entry.file) }
        return FolderName.path(entry.file, containsAnyOf: configuration.folders.features) && Self.hasAttribute("Observable", entry.declaration)
            && !isDeviceAdapter(entry)
    }

    /// Frameworks over the device and the system's services: a protocol in front of them is the "genuine external
    /// boundary" CFA allows a substitute for (CFA-NO-FEATURE-PROTOCOL).
    static let deviceFrameworks: Set<String> = [
        "AVFoundation", "AVFAudio", "Speech", "SoundAnalysis", "CoreLocation", "CoreMotion", "CoreBluetooth", "CoreNFC",
        "HealthKit", "EventKit", "Contacts", "Photos", "MediaPlayer", "LocalAuthentication", "UserNotifications", "CallKit",
    ]

    /// A class written with a device framework that conforms to a protocol of the app (`AppleLessonAudio: LessonAudio`,
    /// importing `Speech`): the adapter behind a boundary protocol, which a Feature uses through that protocol. Kept in a
    /// Features folder beside its Feature, it is not one, so it needs no Feature test.
    private func isDeviceAdapter(_ entry: Entry) -> Bool {
        let conformsToOwnProtocol = entry.inheritedTypes.contains { name in
            entries[TypeText.singleName(name) ?? name]?.contains { $0.declaration.kind == .protocol && !isTestFile($0.file) } ?? false
        }
        // Roles are assigned before `lookups` exists, so the file is found by a scan, only for the few classes that get here.
        return conformsToOwnProtocol && entry.parts.contains { part in Self.importsDeviceFramework(files.first { $0.path == part.file }) }
    }

    /// Whether the file imports one of `deviceFrameworks`.
    static func importsDeviceFramework(_ file: FileFacts?) -> Bool {
        file?.imports.contains { deviceFrameworks.contains($0.module) } ?? false
    }

    /// `@MainActor` or a module-qualified `@_Concurrency.MainActor`, `@Observation.Observable`.
    static func hasAttribute(_ name: String, _ type: TypeFacts) -> Bool {
        type.attributes.contains { $0.name == name || $0.name.hasSuffix(".\(name)") }
    }

    /// Whether a file belongs to the View layer: it sits under a `View`/`Views`/screens folder (`1 - View/Theme/…`),
    /// or it declares a view. Extensions are judged by this: one that adds SwiftUI colours to a domain enum
    /// there is View code, not the enum's.
    func isViewLayerFile(_ path: String) -> Bool {
        FolderName.path(path, containsAnyOf: ["View", "Views", "UI"] + configuration.folders.screens) || viewFiles.contains(path)
    }

    /// A view that declares a `viewModel`, or whose `XViewModel` exists, or that sits alone in its own file
    /// in a screens folder and takes no input. A component that only receives data is not a screen.
    private func isScreen(_ entry: Entry) -> Bool {
        if entry.storedProperties.contains(where: { $0.name == "viewModel" && !holdsValueType($0) }) { return true }
        if let candidate = entries[Self.viewModelName(forView: entry.name)]?.first,
            candidate.declaration.kind == .class || candidate.declaration.kind == .actor,
            !isTestFile(candidate.file)
        {
            return true
        }
        let inFolder = FolderName.path(entry.file, containsAnyOf: configuration.folders.screens)
        let ownFile = entry.file.hasSuffix("/\(entry.name).swift") || entry.file == "\(entry.name).swift"
        return inFolder && ownFile && Self.inputs(of: entry).isEmpty
    }

    /// A property whose declared type is one of the project's structs or enums: a value, not a ViewModel.
    private func holdsValueType(_ property: PropertyFact) -> Bool {
        guard let name = TypeText.singleName(property.typeText ?? property.initializer?.call?.name),
            let kind = entries[name]?.first?.declaration.kind
        else { return false }
        return kind == .struct || kind == .enum
    }

    /// Stored properties a caller must supply, and initialiser parameters: what makes a view take input.
    static func inputs(of entry: Entry) -> [String] {
        let ownState: Set<String> = ["State", "Environment", "FocusState", "AppStorage", "SceneStorage", "Namespace", "GestureState", "Query", "StateObject"]
        let properties = entry.storedProperties.filter { property in
            property.initializer == nil && !property.attributes.contains { ownState.contains($0.name) }
        }.map(\.name)
        let parameters = entry.functions.filter { $0.name == "init" }.flatMap(\.parameters).map(\.name)
        return properties + parameters
    }
}
