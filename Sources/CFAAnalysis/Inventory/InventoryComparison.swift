extension InventoryDiff {
    /// Compares the analysis of the base commit with the one of the final commit.
    public init(base: AnalysisResult, final: AnalysisResult) {
        self.init()
        let before = Inventory(index: base.index)
        let after = Inventory(index: final.index)
        let beforeParts = Self.parts(of: before)
        let afterParts = Self.parts(of: after)

        var addedParts = afterParts.filter { part in !beforeParts.contains { $0.kind == part.kind && $0.name == part.name } }
        var removedParts = beforeParts.filter { part in !afterParts.contains { $0.kind == part.kind && $0.name == part.name } }

        // Moved files keep their name: a rename of the file, reported as such.
        for part in afterParts {
            if let old = beforeParts.first(where: { $0.kind == part.kind && $0.name == part.name && $0.file != part.file }),
                part.kind != .appModelProperty
            {
                renamed.append(Rename(kind: part.kind, from: old.name, to: part.name, fromFile: old.file, toFile: part.file, line: part.line))
            }
        }
        // A removed and an added part of one kind whose bodies are largely the same: renamed.
        for removedPart in removedParts {
            guard removedPart.kind != .test, removedPart.kind != .appModelProperty,
                let oldShape = Self.shape(of: removedPart.name, in: base.index)
            else { continue }
            let candidates = addedParts.filter { $0.kind == removedPart.kind }
            let best = candidates.map { ($0, Self.similarity(oldShape, Self.shape(of: $0.name, in: final.index) ?? [])) }
                .max { $0.1 < $1.1 }
            if let (addedPart, score) = best, score >= Self.renameThreshold {
                renamed.append(Rename(
                    kind: removedPart.kind, from: removedPart.name, to: addedPart.name, fromFile: removedPart.file,
                    toFile: addedPart.file, line: addedPart.line))
                addedParts.removeAll { $0 == addedPart }
                removedParts.removeAll { $0 == removedPart }
            }
        }
        added = addedParts
        removed = removedParts
        rewired = Self.rewiring(before: before, after: after, renamed: renamed)
        problems = Self.problems(added: added, removed: removed, renamed: renamed, final: final, after: after)
    }

    /// Bodies sharing this much of their members and names are one part under a new name.
    static let renameThreshold = 0.6

    static func parts(of inventory: Inventory) -> [Part] {
        inventory.screens.map { screen in
            Part(kind: .screen, name: screen.name, file: screen.place.file, line: screen.place.line,
                 detail: ([screen.viewModel ?? "no ViewModel"] + screen.features).joined(separator: " → "))
        }
            + inventory.viewModels.map {
                Part(kind: .viewModel, name: $0.name, file: $0.place.file, line: $0.place.line,
                     detail: $0.features.isEmpty ? nil : "uses " + $0.features.joined(separator: ", "))
            }
            + inventory.features.map {
                Part(kind: .feature, name: $0.name, file: $0.place.file, line: $0.place.line,
                     detail: $0.repositories.isEmpty ? nil : "uses " + $0.repositories.joined(separator: ", "))
            }
            + inventory.repositories.map {
                Part(kind: .repository, name: $0.name, file: $0.place.file, line: $0.place.line,
                     detail: $0.kind == .protocol ? "protocol" : "implements " + $0.implements.joined(separator: ", "))
            }
            + inventory.appModelProperties.map {
                Part(kind: .appModelProperty, name: $0.name, file: $0.place.file, line: $0.place.line, detail: $0.type)
            }
            + inventory.tests.map { Part(kind: .test, name: $0.path, file: $0.path, line: 1, detail: $0.tests.joined(separator: ", ")) }
    }

    /// What a type is made of, independent of its own name: member names and signatures, and the names it uses.
    static func shape(of typeName: String, in index: CodebaseIndex) -> Set<String>? {
        guard let entry = index.entry(named: typeName) else { return nil }
        var shape = Set<String>()
        for part in entry.parts {
            shape.formUnion(part.facts.properties.map { "p:\($0.name):\($0.typeText ?? "")" })
            shape.formUnion(part.facts.functions.map { "f:\($0.name)(\($0.parameters.map { $0.label ?? "_" }.joined(separator: ":")))" })
            shape.formUnion(part.facts.enumCases.map { "c:\($0.name)" })
            shape.formUnion(part.facts.scope.references.map { "r:\($0.name)" }.filter { !$0.contains(typeName) })
        }
        return shape
    }

    static func similarity(_ first: Set<String>, _ second: Set<String>) -> Double {
        let union = first.union(second).count
        return union == 0 ? 0 : Double(first.intersection(second).count) / Double(union)
    }

    static func rewiring(before: Inventory, after: Inventory, renamed: [Rename]) -> [Rewiring] {
        func oldName(_ name: String, _ kind: PartKind) -> String {
            renamed.first { $0.kind == kind && $0.to == name }?.from ?? name
        }
        /// Dependencies named as they are now, so a renamed Feature is not "lost" and "gained".
        func newNames(_ names: [String], _ kind: PartKind) -> [String] {
            names.map { name in renamed.first { $0.kind == kind && $0.from == name }?.to ?? name }
        }
        /// A part of `kind` whose dependencies (of `dependencyKind`) differ between its old and new self.
        func compare(
            _ kind: PartKind, _ now: [(name: String, place: Inventory.Place, dependencies: [String])],
            _ then: [(name: String, place: Inventory.Place, dependencies: [String])], dependencyKind: PartKind
        ) -> [Rewiring] {
            now.compactMap { part in
                guard let old = then.first(where: { $0.name == oldName(part.name, kind) }) else { return nil }
                let before = newNames(old.dependencies, dependencyKind)
                let gained = part.dependencies.filter { !before.contains($0) }
                let lost = before.filter { !part.dependencies.contains($0) }
                guard !gained.isEmpty || !lost.isEmpty else { return nil }
                return Rewiring(kind: kind, name: part.name, file: part.place.file, line: part.place.line, gained: gained, lost: lost)
            }
        }
        return compare(
            .viewModel, after.viewModels.map { ($0.name, $0.place, $0.features) },
            before.viewModels.map { ($0.name, $0.place, $0.features) }, dependencyKind: .feature)
            + compare(
                .feature, after.features.map { ($0.name, $0.place, $0.repositories) },
                before.features.map { ($0.name, $0.place, $0.repositories) }, dependencyKind: .repository)
    }

    static func problems(added: [Part], removed: [Part], renamed: [Rename], final: AnalysisResult, after: Inventory) -> [Problem] {
        var problems: [Problem] = []
        let index = final.index
        for screen in added where screen.kind == .screen {
            guard let viewModel = after.screens.first(where: { $0.name == screen.name })?.viewModel else { continue }
            if TestFileLookup.viewModelTest(for: viewModel, in: index) == nil {
                let path = TestFileLookup.proposedViewModelTestPath(for: viewModel, in: index)
                problems.append(Problem(
                    rule: "CFA-TEST-VIEWMODEL-FILE", message: "new screen \(screen.name) has no ViewModel test — add \(path)",
                    file: screen.file, line: screen.line, fileToAdd: path))
            }
        }
        for feature in added where feature.kind == .feature {
            if TestFileLookup.featureTest(for: feature.name, in: index) == nil {
                let path = TestFileLookup.proposedFeatureTestPath(for: feature.name, in: index)
                problems.append(Problem(
                    rule: "CFA-TEST-FEATURE-FILE", message: "new Feature \(feature.name) has no Feature test — add \(path)",
                    file: feature.file, line: feature.line, fileToAdd: path))
            }
            let holder = after.features.first { $0.name == feature.name }?.appModelProperty
            let wiring = after.appModelProperties.first { TypeText.singleName($0.type) == feature.name || $0.name == holder }
            var missing: [String] = []
            if wiring == nil { missing.append("a stored property") }
            if wiring.map({ !$0.inInitializer }) ?? true { missing.append("an initialiser parameter") }
            if wiring.map({ !$0.inLive }) ?? true { missing.append("its construction in live()") }
            if !missing.isEmpty {
                problems.append(Problem(
                    rule: "CFA-INVENTORY-WIRING",
                    message: "new Feature \(feature.name) is not wired into AppModel: add \(missing.joined(separator: ", "))",
                    file: after.appModel?.file ?? feature.file, line: after.appModel?.line ?? feature.line, fileToAdd: nil))
            }
        }
        for feature in removed where feature.kind == .feature {
            let users = index.files.flatMap { file in
                (file.fileScope.references + file.types.flatMap(\.scope.references) + file.types.flatMap { type in
                    type.properties.compactMap { property in
                        property.typeText.map { ReferenceFact(name: $0, location: property.location, member: nil, inPreview: false) }
                    }
                }).filter { TypeText.names(in: $0.name).contains(feature.name) }.map { (file.path, $0.location) }
            }
            if let first = users.first {
                problems.append(Problem(
                    rule: "CFA-INVENTORY-DANGLING",
                    message: "removed Feature \(feature.name) is still referenced (\(users.count) place\(users.count == 1 ? "" : "s")) "
                        + "— remove the references",
                    file: first.0, line: first.1.line, fileToAdd: nil))
            }
        }
        return problems
    }
}
