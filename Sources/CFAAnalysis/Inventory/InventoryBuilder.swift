extension Inventory {
    /// Reads the inventory off the index; the same roles the rules use.
    public init(index: CodebaseIndex) {
        self.init()
        let features = index.featureNames
        let repositories = index.repositoryNames
        let place = { (entry: CodebaseIndex.Entry) in Place(file: entry.file, line: entry.location.line) }

        rootView = index.entries(with: .rootView).first.map(place)
        for entry in index.entries(with: .viewModel) {
            viewModels.append(ViewModel(
                name: entry.name, place: place(entry), screen: nil,
                features: Self.dependencies(of: entry, among: features)))
        }
        for entry in index.entries(with: .screen) {
            let viewModel = index.viewModel(ofScreen: entry)
            let parameters = viewModel.map { vm in
                vm.functions.filter { $0.name == "init" }.flatMap(\.parameters)
                    .filter { features.contains(TypeText.singleName($0.typeText) ?? "") }.map(\.name)
            } ?? []
            screens.append(Screen(name: entry.name, place: place(entry), viewModel: viewModel?.name, features: parameters))
            if let viewModel, let at = viewModels.firstIndex(where: { $0.name == viewModel.name }) {
                viewModels[at].screen = entry.name
            }
        }
        for entry in index.entries(with: .feature) {
            let startup = entry.functions.first { ["startLoading", "refresh"].contains($0.name) }?.name
            self.features.append(Feature(
                name: entry.name, place: place(entry), repositories: Self.dependencies(of: entry, among: repositories),
                startupMethod: startup, appModelProperty: nil))
        }
        for entry in index.entries(with: .repositoryProtocol) {
            self.repositories.append(Repository(name: entry.name, place: place(entry), kind: .protocol, implements: []))
        }
        for entry in index.entries(with: .repositoryImplementation) {
            let conformances = entry.inheritedTypes.compactMap(TypeText.singleName).filter { index.role(of: $0) == .repositoryProtocol }
            self.repositories.append(Repository(name: entry.name, place: place(entry), kind: .implementation, implements: conformances))
        }
        if let model = index.appModel {
            appModel = place(model)
            let initializerParameters = Set(model.functions.filter { $0.name == "init" }.flatMap(\.parameters).map(\.name))
            let liveLabels = Set(
                model.parts.flatMap { $0.facts.scope.calls(in: "live") }.filter { $0.shape.name == "AppModel" || $0.shape.name == "init" }
                    .flatMap(\.shape.labels).compactMap { $0 })
            let builtInLive = Set(model.parts.flatMap { $0.facts.scope.calls(in: "live") }.map(\.shape.name))
            // What the AppModel constructs anywhere: `live()`, its initialiser, a stored property's initial value.
            let constructed = builtInLive.union(model.parts.flatMap { $0.facts.scope.calls(in: "init") }.map(\.shape.name))
                .union(model.storedProperties.compactMap { $0.initializer?.call?.name })
            for property in model.storedProperties {
                let type = property.typeText ?? property.initializer.map { $0.call?.name ?? "= \($0.text)" } ?? "?"
                appModelProperties.append(AppModelProperty(
                    name: property.name, type: type, place: Place(file: model.file, line: property.location.line),
                    inInitializer: initializerParameters.contains(property.name), inLive: liveLabels.contains(property.name)))
                if let at = self.features.firstIndex(where: { $0.name == TypeText.singleName(type) })
                    ?? Self.featureBehindProtocol(type, in: self.features, constructed: constructed, index)
                {
                    self.features[at].appModelProperty = property.name
                }
            }
        }
        tests = Self.testFiles(in: index)
    }

    /// A property typed by a protocol (`let purchases: any PurchaseFeature`) holds the one conforming Feature the AppModel
    /// constructs (`PurchaseManager()` in `live()`, in its initialiser or as the property's initial value). Apps that keep
    /// Features behind protocols wire them this way; whether that wiring is complete (an initialiser parameter, the
    /// construction in `live()`) is then judged from the property.
    static func featureBehindProtocol(_ type: String, in features: [Feature], constructed: Set<String>, _ index: CodebaseIndex) -> Int? {
        guard let name = TypeText.singleName(type), index.entry(named: name)?.declaration.kind == .protocol else { return nil }
        let conforming = features.indices.filter { at in
            index.entry(named: features[at].name)?.inheritedTypes.contains { TypeText.singleName($0) == name } == true
        }
        let built = conforming.filter { constructed.contains(features[$0].name) }
        return built.count == 1 ? built[0] : nil
    }

    /// Types among `candidates` that a type's stored properties or initialiser parameters name.
    static func dependencies(of entry: CodebaseIndex.Entry, among candidates: Set<String>) -> [String] {
        let named = entry.storedProperties.compactMap(\.typeText) + entry.functions.filter { $0.name == "init" }.flatMap(\.parameters).map(\.typeText)
        var found: [String] = []
        for text in named {
            for name in TypeText.names(in: text) where candidates.contains(name) && !found.contains(name) { found.append(name) }
        }
        return found
    }

    static func testFiles(in index: CodebaseIndex) -> [TestFile] {
        let folders = index.configuration.folders
        return index.files.filter { index.isTestFile($0.path) }.compactMap { file in
            let subject = file.fileName.hasSuffix("Tests.swift") ? String(file.fileName.dropLast("Tests.swift".count)) : nil
            let kind: TestFile.Kind
            if FolderName.path(file.path, containsAnyOf: folders.viewModelTests) {
                kind = .viewModel
            } else if FolderName.path(file.path, containsAnyOf: folders.featureTests) {
                kind = .feature
            } else {
                kind = .other
            }
            let exercised = (file.fileScope.references + file.types.flatMap(\.scope.references)).map(\.name)
            var tested: [String] = []
            for name in [subject].compactMap({ $0 }) + exercised
            where [.viewModel, .feature, .appModel].contains(index.role(of: name)) && !tested.contains(name) {
                tested.append(name)
            }
            if kind == .other && tested.isEmpty { return nil }
            return TestFile(path: file.path, kind: kind, tests: tested)
        }
    }
}
