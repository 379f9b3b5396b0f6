import CFAAnalysis
import Foundation
import Git

extension GitRepository {
    /// The Swift files of the package at `folder` in `commit`, read from git objects, leaving out only the vendored
    /// folders SwiftPM does not compile there (see `VendoredFolders`), as the manifests committed at `folder` declare
    /// them: what the compiler would compile at that commit is what the inventory and the policy lists read.
    public func packageSwiftFiles(at commit: String, under folder: String) throws(GitError) -> TreeListing {
        let vendored = try vendoredFolders(at: commit, package: folder)
        return try swiftFiles(at: commit, under: folder, skippingFolder: vendored.skips)
    }

    /// What the manifests committed in `folder` declare. One that is not a readable file (a symbolic link, say) could
    /// declare any folder, so it counts as declaring the whole package.
    func vendoredFolders(at commit: String, package folder: String) throws(GitError) -> VendoredFolders {
        let base = folder.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        var manifests: [String] = []
        for name in try entryNames(at: commit, in: base).filter(VendoredFolders.isManifestName).sorted() {
            guard let file = try file(at: commit, path: base.isEmpty ? name : "\(base)/\(name)"),
                let text = String(validating: file.data, as: UTF8.self)
            else { return VendoredFolders(targetFolders: [""]) }
            manifests.append(text)
        }
        return VendoredFolders(manifests: manifests)
    }
}
