import Foundation

/// Finds a program the way a shell would, from a PATH string rather than from this process's environment,
/// so that a probe's environment (and a test's) decides which toolchain runs.
package enum ExecutableSearch {
    package static func find(_ name: String, searchPath: String?) -> String? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? name : nil
        }
        for directory in (searchPath ?? "").split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        return nil
    }
}
