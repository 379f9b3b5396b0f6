import Foundation

/// The descendants of a process, read from `/proc` (Linux). Elsewhere only the process group is known,
/// and the caller's group kill is what remains.
package enum ProcessTree {
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

    /// The direct children of a process: every thread's `/proc/PID/task/TID/children`, which costs a few small
    /// reads instead of a scan of every process (the reaper asks after each process the gate runs).
    static func children(of parent: pid_t) -> Set<pid_t> {
        #if os(Linux)
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(parent)/task")) ?? []
        var result = Set<pid_t>()
        var readable = false
        for thread in threads {
            guard let text = try? String(contentsOfFile: "/proc/\(parent)/task/\(thread)/children", encoding: .utf8) else { continue }
            readable = true
            result.formUnion(text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        }
        if readable { return result }
        // A kernel without CONFIG_PROC_CHILDREN: the same answer from every process's parent field.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(entries.compactMap(pid_t.init).filter { parentID(of: $0) == parent })
        #else
        return []
        #endif
    }

    /// Field 3 of `/proc/PID/stat`: `Z` for a process that has ended and waits to be reaped.
    static func isZombie(_ pid: pid_t) -> Bool {
        statFields(of: pid)?.first == "Z"
    }

    /// The command name the kernel keeps for a process (`/proc/PID/comm`), as a probe's evidence names it.
    package static func commandName(of pid: pid_t) -> String {
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.flatMap { $0.isEmpty ? nil : $0 } ?? "pid \(pid)"
    }

    /// The value of one variable in a process's environment as it was at exec (`/proc/PID/environ`); nil
    /// when it is not there or cannot be read.
    static func environmentValue(_ name: String, of pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
        let prefix = Array("\(name)=".utf8)
        for entry in data.split(separator: 0) where entry.starts(with: prefix) {
            return String(decoding: entry.dropFirst(prefix.count), as: UTF8.self)
        }
        return nil
    }

    /// Field 4 of `/proc/PID/stat`, read after the command name, which may itself contain spaces and parentheses.
    package static func parentID(of pid: pid_t) -> pid_t? {
        guard let fields = statFields(of: pid), fields.count > 1 else { return nil }
        return pid_t(fields[1])
    }

    /// The fields of `/proc/PID/stat` after the command name, from the state on.
    private static func statFields(of pid: pid_t) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.range(of: ") ", options: .backwards)
        else { return nil }
        return stat[nameEnd.upperBound...].split(separator: " ")
    }
}
