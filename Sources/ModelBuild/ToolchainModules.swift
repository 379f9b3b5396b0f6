#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Sandbox

/// Which modules this toolchain has, asked of the toolchain itself: `swiftc -typecheck` of a file holding only
/// `import X`, once per module, never a list kept by hand (toolchains, SDKs and installed libraries differ).
///
/// Only "available" answers are kept across runs, per toolchain: a cached answer can at worst make a file join that then
/// fails to compile (an honest failure naming the file), never leave out a file, and so never hide a test.
struct ToolchainModules: Sendable {
    var swiftc: String
    /// Where the typecheck inputs and the module cache go (the run's private folder).
    var workFolder: String
    /// Where answers are kept across runs; nil keeps none.
    var cacheFolder: String?
    var environment: [String: String]
    var timeout: Duration = .seconds(120)

    /// The modules among `modules` that this toolchain can import.
    func available(_ modules: Set<String>) async -> Set<String> {
        let cached = loadCache()
        var found = modules.intersection(cached)
        let unknown = modules.subtracting(cached).filter(Self.isModuleName).sorted()
        try? FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
        ProbeOwnership.hand(workFolder)
        await withTaskGroup(of: String?.self) { group in
            for module in unknown {
                group.addTask { await typechecks(module) ? module : nil }
            }
            for await module in group { if let module { found.insert(module) } }
        }
        if !unknown.isEmpty { storeCache(cached.union(found)) }
        return found
    }

    private func typechecks(_ module: String) async -> Bool {
        let input = "\(workFolder)/import-\(module).swift"
        guard FileManager.default.createFile(atPath: input, contents: Data("import \(module)\n".utf8)) else { return false }
        let process = ChildProcess(
            executable: swiftc, arguments: ["-typecheck", "-module-cache-path", "\(workFolder)/module-cache", input], workingDirectory: workFolder,
            environment: environment, logPath: "\(workFolder)/import-\(module).log", timeout: timeout)
        return await process.run().succeeded
    }

    /// A module name is an identifier; anything else in an import's place cannot be one, and is never written into a file.
    static func isModuleName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
    }

    /// One file per toolchain, named by the compiler's real path, size and modification time: another toolchain, or the
    /// same path upgraded, asks again.
    private var cacheFile: String? {
        guard let cacheFolder else { return nil }
        let real = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
            let size = attributes[.size] as? Int, let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
        else { return nil }
        let name = real.map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return "\(cacheFolder)/toolchain-modules/\(String(name))-\(size)-\(Int(modified)).txt"
    }

    private func loadCache() -> Set<String> {
        guard let file = cacheFile, let data = FileManager.default.contents(atPath: file), data.count < 1 << 20 else { return [] }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter(Self.isModuleName))
    }

    /// Written whole under another name and renamed, so a reader sees the old list or the new one.
    private func storeCache(_ modules: Set<String>) {
        guard let file = cacheFile else { return }
        let folder = (file as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = "\(file).tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(modules.sorted().map { "\($0)\n" }.joined().utf8)) else { return }
        if rename(temporary, file) != 0 { unlink(temporary) }
    }
}
