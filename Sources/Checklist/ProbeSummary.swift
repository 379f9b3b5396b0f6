extension ProbeKind.Name {
    /// One line: what the probe runs and when it passes; `cfa-gate explain PROBE` prints it, and
    /// Documentation/Checklist.md's probe table says the same at length.
    var summary: String {
        switch self {
        case .build:
            "`swift build ARGS…` in the package (an Xcode app without Package.swift: the model build); passes on exit 0, "
                + "and each compiler error becomes evidence at its file and line."
        case .test:
            "`swift build --build-tests`, then the test bundle under cfa-gate's orchestrator; passes when every listed test "
                + "reported, at least one ran, and none failed, timed out, crashed or did not run."
        case .gitClean:
            "The working tree's status, read with libgit2; passes when nothing is staged, unstaged or untracked before and after the other probes."
        case .command:
            "`/bin/sh -c SHELL` from the repository root, in the probes' sandbox; passes on exit 0."
        case .cfa:
            "The architecture analyser, once per run for all `cfa` items; passes when none of the item's rules reports an "
                + "error (and the app is a CFA app at all)."
        case .inventory:
            "The inventory diff from the base to the final commit, read from git objects; passes when every new screen and "
                + "Feature has its test file, every new Feature is wired into AppModel, and no removed Feature is still referenced."
        case .manual:
            "Nothing runs: a person decides, with a signed review (`cfa-gate review`)."
        }
    }
}

extension ProbeKind {
    /// A kind of probe as `cfa-gate explain` shows it: the name a checklist binds, and what it runs and when it passes.
    public struct Summary: Sendable, Equatable {
        public var name: String
        public var summary: String
    }

    /// What this kind of probe runs and when it passes, in one line.
    public var summary: String { name.summary }

    /// Every kind, in the order of the probe table.
    public static var summaries: [Summary] { Name.allCases.map { Summary(name: $0.rawValue, summary: $0.summary) } }

    /// The rules of a `cfa` binding; empty for every other kind.
    public var rules: [String] {
        if case .cfa(let rules) = self { return rules }
        return []
    }
}
