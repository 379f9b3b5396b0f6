import Checklist
import Foundation
import Probes

/// Which checklist a run uses: `--checklist FILE`, else the repository's own `gate/cfa-change-gate.md`,
/// else the one built into the binary.
public enum ChecklistSource: Sendable, Equatable {
    case file(String)
    case repository(String)
    case builtIn

    public static func choose(explicitPath: String?, repositoryRoot: String) -> ChecklistSource {
        if let explicitPath { return .file(explicitPath) }
        let ownPath = "\(repositoryRoot)/\(Checklist.shippedRelativePath)"
        return FileManager.default.fileExists(atPath: ownPath) ? .repository(ownPath) : .builtIn
    }

    /// How the verdict names the checklist: repository-relative where it can, so verdicts compare across clones.
    func displayPath(repositoryRoot: String) -> String {
        switch self {
        case .file(let path), .repository(let path):
            return RepositoryPath.relative(path, to: repositoryRoot)
        case .builtIn: return "(built in) \(Checklist.shippedRelativePath)"
        }
    }

    /// The checklist's text, exactly as hashed into the verdict.
    func markdown() throws(GateError) -> String {
        switch self {
        case .builtIn: return Checklist.shippedMarkdown
        case .file(let path), .repository(let path):
            guard let data = FileManager.default.contents(atPath: path) else { throw .checklistUnreadable(path: path) }
            return String(decoding: data, as: UTF8.self)
        }
    }

    public func load(repositoryRoot: String) throws(GateError) -> (checklist: Checklist, markdown: String) {
        let text = try markdown()
        do {
            let checklist = try Checklist.parse(markdown: text, path: displayPath(repositoryRoot: repositoryRoot))
            return (checklist, text)
        } catch {
            throw .checklist(error)
        }
    }
}
