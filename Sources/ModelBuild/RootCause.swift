import CFAAnalysis

/// A left-out file that takes others along (they name its types, or name types of files it took along): what a team must
/// fix for the model build to compile more. One line says the file, why, how many files go with it and the fix.
public struct RootCause: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: ModelSelection.Reason
    /// Every file left out through it, in path order.
    public var takenAlong: [String]
    public var description: String

    /// Linux libraries with the API of an Apple-only module, offered as the fix only where this toolchain can import them.
    static let linuxCounterparts = ["CryptoKit": "Crypto"]

    /// `left`: every left-out file with its reason. Only files that take at least one other along are root causes.
    static func find(in left: [String: ModelSelection.Reason], members: [String: [ModelLayerMember]], available: Set<String>) -> [RootCause] {
        // Each file left out through another, by the chain of files it names a type of, down to the first with a reason
        // of its own; the fixed point only blames files left out before, so a chain has no cycle.
        func chain(from path: String) -> [String] {
            var chain = [path]
            while case .namesLeftOutType(_, let next)? = left[chain[chain.count - 1]], !chain.contains(next) { chain.append(next) }
            return chain
        }
        var along: [String: [[String]]] = [:]
        for (path, reason) in left {
            guard case .namesLeftOutType = reason else { continue }
            let links = chain(from: path)
            along[links[links.count - 1], default: []].append(links)
        }
        return along.compactMap { root, chains -> RootCause? in
            guard let reason = left[root] else { return nil }
            if case .namesLeftOutType = reason { return nil }
            let takenAlong = chains.map { $0[0] }.sorted()
            let line = appModelLine(root: root, reason: reason, chains: chains, left: left, members: members)
                ?? "`\(root)` \(reason): \(count(takenAlong.count)) left out with it — \(fix(for: reason, available: available))"
            return RootCause(path: root, reason: reason, takenAlong: takenAlong, description: line)
        }
        .sorted { ($1.takenAlong.count, $0.path) < ($0.takenAlong.count, $1.path) }
    }

    /// The common case of a real app: the AppModel constructs an Apple-only adapter in `live()`, so the AppModel and every
    /// ViewModel whose initialiser defaults from `AppModel.shared` go.
    private static func appModelLine(
        root: String, reason: ModelSelection.Reason, chains: [[String]], left: [String: ModelSelection.Reason],
        members: [String: [ModelLayerMember]]
    ) -> String? {
        guard case .importsUnavailable(let module, _) = reason,
            let appModelFile = chains.lazy.map({ $0[0] }).first(where: { path in
                members[path, default: []].contains { $0.layer == .appModel }
            }),
            case .namesLeftOutType(let adapter, root)? = left[appModelFile],
            let appModel = members[appModelFile]?.first(where: { $0.layer == .appModel })?.name
        else { return nil }
        let viewModels = chains.filter { links in
            links.count > 1 && links.contains(appModelFile) && members[links[0], default: []].contains { $0.layer == .viewModel }
        }.count
        let others = chains.count - 1 - viewModels
        let goes = switch viewModels {
        case 0: "\(appModel) is left out"
        case 1: "\(appModel) and 1 ViewModel that defaults from `\(appModel).shared` are left out"
        default: "\(appModel) and \(viewModels) ViewModels that default from `\(appModel).shared` are left out"
        }
        return "`\(appModel).live()` constructs `\(adapter)` (imports \(module)): \(goes)" + (others > 0 ? " (and \(count(others)) more)" : "")
            + " — guard that construction in `live()` with `#if canImport(\(module))`"
    }

    private static func fix(for reason: ModelSelection.Reason, available: Set<String>) -> String {
        switch reason {
        case .importsUnavailable(let module, let rule?):
            "move the \(module) code out of `\(rule.member.name)` (\(rule.ruleID))"
        case .importsUnavailable(let module, nil):
            if let counterpart = linuxCounterparts[module], available.contains(counterpart) {
                "import `\(counterpart)`, which has its API on Linux, where \(module) is missing: `#if canImport(\(module))` … `#else` `import \(counterpart)`"
            } else {
                "put the \(module)-only part behind `#if canImport(\(module))`, or the dependency behind a protocol the other files name instead"
            }
        case .configured:
            "put what the other files use of it behind a protocol, or in a file of its own"
        case .entryPoint:
            "move the types other files name out of the entry point's file"
        case .unreadable:
            "save it as UTF-8"
        case .drivesTheApp:
            "move what other files use out of the UI test"
        case .namesLeftOutType:
            "fix the file it names"
        }
    }

    private static func count(_ files: Int) -> String { files == 1 ? "1 file" : "\(files) files" }
}
