import Foundation

/// The descendants of a process, read from `/proc` (Linux). Elsewhere only the process group is known,
/// and the caller's group kill is what remains.
enum ProcessTree {
    static func descendants(of root: pid_t) -> Set<pid_t> {
        #if os(Linux)
        var children: [pid_t: [pid_t]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry), let parent = parentID(of: pid) else { continue }
            children[parent, default: []].append(pid)
        }
        var result = Set<pid_t>()
        var pending = children[root] ?? []
        while let next = pending.popLast() {
            guard result.insert(next).inserted else { continue }
            pending.append(contentsOf: children[next] ?? [])
        }
        return result
        #else
        return []
        #endif
    }

    /// Field 4 of `/proc/PID/stat`, read after the command name, which may itself contain spaces and parentheses.
    private static func parentID(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.range(of: ") ", options: .backwards)
        else { return nil }
        let fields = stat[nameEnd.upperBound...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }
}
