import CFAAnalysis
import Foundation
import Git
import Verdict

/// What the change adds to its own build: targets, `unsafeFlags`, linker settings, plugins and package dependencies in
/// `Package.swift` (base → change, both read with SwiftParser from git objects), and C-family sources. Code built into
/// a test bundle runs in the tests' own process and can rewrite what they report, consistently; the gate cannot stop
/// that from inside, so it makes sure the reviewer sees the means, beside the policy changes.
enum BuildChanges {
    /// C, C++, Objective-C(++) and assembly: what SwiftPM compiles besides Swift, with the compiler's full powers.
    static let nativeExtensions: Set<String> = ["c", "cc", "cpp", "cxx", "m", "mm", "s", "S"]

    static func added(repositoryRoot: String, base: String, head: String, packagePath: String) throws(GitError) -> [PolicyChange] {
        let repository = try GitRepository.discover(startingAt: repositoryRoot)
        let folder = packagePath == "." ? "" : "\(packagePath)/"
        let manifestPath = "\(folder)Package.swift"
        let baseFile = try repository.file(at: base, path: manifestPath)
        guard let headFile = try repository.file(at: head, path: manifestPath) else { return [] }
        let old = baseFile.flatMap { String(validating: $0.data, as: UTF8.self) }.map(PackageManifest.parse) ?? PackageManifest()
        let new = PackageManifest.parse(String(decoding: headFile.data, as: UTF8.self))

        var changes = headFile.blobID == baseFile?.blobID ? [] : manifestChanges(from: old, to: new, path: manifestPath)
        if headFile.blobID != baseFile?.blobID, changes.isEmpty {
            changes.append(PolicyChange(
                kind: .fileEdited, file: manifestPath,
                summary: "\(manifestPath) is edited; no target, unsafeFlags, linker setting, plugin or package dependency it declares differs as written"))
        }
        for path in try repository.changedPaths(from: base, to: head) where path.hasPrefix(folder) {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = name.lastIndex(of: "."), nativeExtensions.contains(String(name[name.index(after: dot)...])),
                try repository.file(at: base, path: path) == nil, let added = try repository.file(at: head, path: path)
            else { continue }
            let packageRelative = String(path.dropFirst(folder.count))
            var notes: [String] = []
            if let target = new.targets.first(where: { packageRelative.hasPrefix($0.folder + "/") }) {
                notes.append("target \(target.name)" + (builtInto(target, in: new).map { ", \($0)" } ?? ""))
            }
            if String(decoding: added.data, as: UTF8.self).contains("constructor") {
                notes.append("mentions `constructor`: code that runs when the binary loads, before any test")
            }
            changes.append(PolicyChange(
                kind: .nativeSourceAdded, file: path,
                summary: "C-family source added" + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")))
        }
        return changes
    }

    static func manifestChanges(from old: PackageManifest, to new: PackageManifest, path: String) -> [PolicyChange] {
        var changes: [PolicyChange] = []
        // An `unsafeFlags` among a target's linker settings is listed there once, not again below.
        var shownFlags: Set<PackageManifest.Entry> = []
        let oldTargets = Dictionary(old.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for target in new.targets {
            let before = oldTargets[target.name]
            let tests = builtInto(target, in: new).map { " — \($0)" } ?? ""
            if let before {
                let labels = Set(before.arguments.keys).union(target.arguments.keys).sorted().filter { before.arguments[$0] != target.arguments[$0] }
                if before.kind != target.kind || !labels.isEmpty {
                    let what = (before.kind != target.kind ? ["kind (was \(before.kind))"] : []) + labels
                    changes.append(PolicyChange(
                        kind: .buildTargetChanged, file: path, line: target.line,
                        summary: "\(target.kind) \(target.name) changed: \(what.joined(separator: ", "))\(tests)"))
                }
            } else {
                changes.append(PolicyChange(
                    kind: .buildTargetAdded, file: path, line: target.line,
                    summary: "\(target.kind) \(target.name) added (sources in \(target.folder))\(tests)"))
            }
            for entry in added(target.linkerSettings, to: before?.linkerSettings ?? []) {
                shownFlags.insert(entry)
                changes.append(PolicyChange(
                    kind: .linkerSettingAdded, file: path, line: entry.line, summary: "linker setting \(entry.source) added to \(target.name)\(tests)"))
            }
            for entry in added(target.plugins, to: before?.plugins ?? []) {
                changes.append(PolicyChange(
                    kind: .pluginAdded, file: path, line: entry.line, summary: "plugin \(entry.source) added to \(target.name): it runs during the build"))
            }
        }
        for entry in added(new.unsafeFlags, to: old.unsafeFlags) where !shownFlags.contains(entry) {
            changes.append(PolicyChange(kind: .unsafeFlagsAdded, file: path, line: entry.line, summary: "\(entry.source) added"))
        }
        for entry in added(new.packageDependencies, to: old.packageDependencies) {
            changes.append(PolicyChange(kind: .packageDependencyAdded, file: path, line: entry.line, summary: "package dependency \(entry.source) added"))
        }
        return changes
    }

    /// The entries of `new` beyond those of `old`, counting repeats (the same flag written twice more is news).
    static func added(_ new: [PackageManifest.Entry], to old: [PackageManifest.Entry]) -> [PackageManifest.Entry] {
        var remaining = Dictionary(old.map { ($0.text, 1) }, uniquingKeysWith: +)
        return new.filter { entry in
            guard let left = remaining[entry.text], left > 0 else { return true }
            remaining[entry.text] = left - 1
            return false
        }
    }

    /// "built into test target AppTests" when a test target is built with it (it is one, or depends on it); nil otherwise.
    static func builtInto(_ target: PackageManifest.Target, in manifest: PackageManifest) -> String? {
        if target.kind == "testTarget" { return "a test target" }
        let tests = manifest.targets.filter { $0.kind == "testTarget" && manifest.dependencies(ofTest: $0.name).contains(target.name) }.map(\.name)
        guard !tests.isEmpty else { return nil }
        return "built into test target\(tests.count == 1 ? "" : "s") \(tests.joined(separator: ", "))"
    }
}
