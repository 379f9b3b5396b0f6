/// Item 15: `AppModel.live()` builds every repository and Feature and passes them in. A Feature or repository
/// that defaults a dependency, or a Feature that builds one itself, hides a live dependency from the one
/// composition root: a test or preview that forgets to pass it quietly talks to the real thing.
struct LiveBuildsDependenciesRule: Rule {
    static let id = "CFA-LIVE-BUILDS-DEPENDENCIES"
    let descriptor = RuleDescriptor(
        id: id, item: 15,
        summary: "Only AppModel.live() builds repositories and Features: no defaulted or self-built dependency",
        help: """
            Reported: an initializer parameter of a Feature or repository implementation whose type is a repository, a Feature \
            or another protocol of the app (an outside boundary such as `any NotificationScheduling`) and that has a default \
            (`init(repository: any OrdersRepository = JSONFileOrdersRepository())`), at the parameter; and a Feature that \
            constructs a repository implementation or a Feature itself (in a property's initial value, its initializer's body or \
            a method), at the construction. Fix: remove the default or the construction, take the dependency as a parameter, \
            and build it in `AppModel.live()`.
            """,
        reference: Self.reference, examples: Self.examples)

    init() {}

    func check(_ index: CodebaseIndex) -> [Finding] {
        // What Features depend on: the repositories and boundaries live() hands them. A seam inside the storage layer
        // (a repository's own file-access helper) is the repository's business.
        let featureDependencies = Set(index.entries(with: .feature).flatMap { feature in
            (feature.storedProperties.compactMap(\.typeText) + feature.functions.filter { $0.name == "init" }.flatMap(\.parameters).map(\.typeText))
                .flatMap(TypeText.names(in:))
        })
        var findings: [Finding] = []
        for entry in index.allEntries where entry.role == .feature || entry.role == .repositoryImplementation {
            for part in entry.parts where !part.facts.isPreviewOnly {
                findings += defaults(in: part, of: entry, index) { dependency in
                    // A repository naming a Feature at all is CFA-REPO-NO-FEATURE's finding.
                    entry.role == .feature || (featureDependencies.contains(dependency) && index.role(of: dependency) != .feature)
                }
                if entry.role == .feature { findings += constructions(in: part, of: entry, index) }
            }
        }
        return findings
    }

    /// `init(repository: any OrdersRepository = JSONFileOrdersRepository())`: a default of `nil` builds nothing.
    private func defaults(
        in part: (facts: TypeFacts, file: String), of entry: CodebaseIndex.Entry, _ index: CodebaseIndex, counts: (String) -> Bool
    ) -> [Finding] {
        part.facts.initializers.flatMap(\.parameters).compactMap { parameter in
            guard let value = parameter.defaultValue, value != "nil", let dependency = Self.dependency(in: parameter.typeText, index),
                counts(dependency)
            else { return nil }
            return descriptor.finding(
                part.file, parameter.location,
                "\(entry.name).init defaults `\(parameter.name)` (\(dependency)) to `\(value)`; AppModel.live() builds every "
                    + "repository and Feature — remove the default and pass it from live()")
        }
    }

    /// A repository or Feature the Feature builds itself, outside previews and parameter defaults.
    private func constructions(in part: (facts: TypeFacts, file: String), of entry: CodebaseIndex.Entry, _ index: CodebaseIndex) -> [Finding] {
        part.facts.scope.calls.compactMap { call in
            guard !call.inPreview, !Self.isParameterDefault(call, in: part.facts),
                let built = Self.constructedType(call.shape), built != entry.name,
                let target = index.entry(named: built), target.declaration.kind != .extension,
                target.role == .repositoryImplementation || target.role == .feature
            else { return nil }
            let what = target.role == .feature ? "the Feature" : "the repository"
            return descriptor.finding(
                part.file, call.location,
                "\(entry.name) builds \(what) \(built) itself; AppModel.live() builds every repository and Feature "
                    + "— take it as an initializer parameter and build it in live()")
        }
    }

    /// `JSONFileOrdersRepository(…)` or `JSONFileOrdersRepository.init(…)`.
    private static func constructedType(_ shape: CallShape) -> String? {
        if shape.base == nil, shape.name.first?.isUppercase == true { return shape.name }
        if shape.name == "init", let base = shape.base, TypeText.startsWithIdentifier(base) { return base }
        return nil
    }

    /// A call in a function's signature (a parameter's default) rather than its body.
    private static func isParameterDefault(_ call: CallFact, in type: TypeFacts) -> Bool {
        SignatureUses.isInSignature(call.location, member: call.member, of: type)
    }

    /// The repository, Feature or other boundary a parameter's type names: `any OrdersRepository`, `OrdersFeature?`,
    /// `any NotificationScheduling` — a protocol of the app outside the View layer stands for something `live()` chooses.
    private static func dependency(in typeText: String, _ index: CodebaseIndex) -> String? {
        TypeText.names(in: typeText).first { name in
            if let entry = index.entry(named: name), entry.declaration.kind != .extension {
                let boundary = entry.declaration.kind == .protocol && entry.role != .test && !index.isViewLayerFile(entry.file)
                return RepositoryByConvention.isRepository(entry, in: index) || entry.role == .feature || boundary
            }
            return name.hasSuffix("Repository") || FeatureByConvention.matchesPattern(name, declaredIn: nil, index.configuration)
        }
    }
}

extension LiveBuildsDependenciesRule {
    static let reference = """
        "live(): A single static factory that builds every repository and Feature and passes them to the explicit \
        initialiser" (Reference 4, AppModel). A Feature or repository that supplies its own dependency — through a \
        default value or by constructing it — takes that decision away from the composition root: a test or preview \
        that forgets to pass the dependency silently gets the live one. Error: the page says `live()` builds every \
        one. **Reported:** at the parameter, an initializer parameter of a Feature or of a repository \
        implementation whose type names a repository (protocol or implementation), a Feature, or another \
        protocol the app declares outside the View layer — an outside boundary such as `any \
        NotificationScheduling`, which `live()` chooses just as it chooses a repository — and that has a default \
        other than `nil` (`init(repository: any OrdersRepository = JSONFileOrdersRepository())`, `= \
        .shared`); at the call, a Feature constructing a repository implementation or another Feature \
        (`private let repository = JSONFileOrdersRepository()`, `self.repository = repository ?? \
        JSONFileOrdersRepository()`, in a method or a static factory). **Not reported:** a `nil` default (nothing is \
        built; a fallback construction in the body is reported on its own); in a repository, a default for a seam no \
        Feature depends on (a storage helper such as `access: any BackupFileAccess = CoordinatedFileAccess()` inside \
        the storage layer), which is the repository's own business, and a Feature a repository defaults \
        (CFA-REPO-NO-FEATURE reports a repository naming a Feature at all); parameters of other types (system \
        singletons such as `UserDefaults = .standard` are CFA-FEATURE-DIRECT-SYSTEM's warning); a repository \
        building the helpers it wraps; AppModel, which is where construction belongs (its own defaults are \
        CFA-APPMODEL-LIVE's); `#Preview`, `PreviewProvider` and `#if DEBUG` code, where sample graphs are built; \
        tests. **Fix:** take the dependency as a parameter without a default and build it in `AppModel.live()`.
        """

    static let examples: [RuleExample] = [
        // A Feature that supplies its own repository.
        RuleExample(
            .compliant(
                CompliantApp.featurePath,
                replacing: [
                    "    init(repository: any OrdersRepository) {":
                        "    init(↓repository: any OrdersRepository = JSONFileOrdersRepository()) {",
                ])),
        // A Feature that builds a second repository for itself.
        RuleExample(
            .compliant(
                CompliantApp.featurePath,
                replacing: [
                    "    private let repository: any OrdersRepository\n":
                        "    private let repository: any OrdersRepository\n    private let backup = ↓JSONFileOrdersRepository()\n",
                ])),
        // An outside boundary defaulted to the live implementation.
        RuleExample(
            RuleExample.File(
                "App/2 - AppModel/Features/OrderNotifications.swift",
                """
                protocol NotificationScheduling: Sendable {
                    func schedule(_ order: Order) async
                }

                struct LocalNotifications: NotificationScheduling {
                    func schedule(_ order: Order) async {}
                }
                """),
            .compliant(
                CompliantApp.featurePath,
                replacing: [
                    "    init(repository: any OrdersRepository) {":
                        "    init(repository: any OrdersRepository, ↓notifications: any NotificationScheduling = LocalNotifications()) {",
                ])),
        // A seam inside the storage layer that no Feature depends on is the repository's business.
        RuleExample(
            "App/3 - User Data Storage/OrderArchive.swift",
            """
            import Foundation

            protocol ArchiveFileAccess: Sendable {
                func write(_ data: Data, to url: URL) throws
            }

            struct CoordinatedArchiveFileAccess: ArchiveFileAccess {
                func write(_ data: Data, to url: URL) throws { try data.write(to: url) }
            }

            actor OrderArchive: OrdersRepository {
                private let access: any ArchiveFileAccess

                init(access: any ArchiveFileAccess = CoordinatedArchiveFileAccess()) {
                    self.access = access
                }

                func fetchOrders() async throws -> [Order] { [] }
                func save(_ order: Order) async throws {}
            }
            """),
        // Built in live() and passed in; previews may build their own graph.
        RuleExample(
            .compliant(
                CompliantApp.featurePath,
                replacing: [
                    "    init(repository: any OrdersRepository) {": """
                            #if DEBUG
                            static func preview() -> OrdersFeature { OrdersFeature(repository: JSONFileOrdersRepository()) }
                            #endif

                            init(repository: any OrdersRepository) {
                        """,
                ])),
    ]
}
