import Verdict

/// The inventory diff read like a changelog of the architecture, for a terminal or a pull request:
/// `+ screen OrdersView (OrdersViewModel → ordersFeature)`, `− Feature LegacySyncFeature`.
public enum InventoryDiffText {
    static func sign(_ kind: InventoryChanges.Change.Kind) -> String {
        switch kind {
        case .added: "+"
        case .removed: "−"
        case .renamed: "→"
        case .rewired: "~"
        }
    }

    static func describe(_ change: InventoryChanges.Change) -> String {
        var text = "\(sign(change.kind)) \(change.part) \(change.name)"
        switch change.kind {
        case .renamed:
            let notes = ["was \(change.previousName ?? "?")"] + [change.detail].compactMap { $0 }
            text += " (\(notes.joined(separator: ", ")))"
        case .rewired:
            text += ": \(change.detail ?? "wiring changed")"
        case .added, .removed:
            if let detail = change.detail { text += " (\(detail))" }
        }
        return text
    }

    static func place(_ change: InventoryChanges.Change) -> String? {
        change.file.map { file in change.line.map { "\(file):\($0)" } ?? file }
    }

    static func range(_ changes: InventoryChanges) -> String {
        "\(changes.baseCommit.map { String($0.prefix(7)) } ?? "(empty tree)")..\(changes.finalCommit.prefix(7))"
    }

    static func text(_ changes: InventoryChanges, problems: [Diagnostic]) -> String {
        var lines = ["Inventory diff \(range(changes)) — base: \(changes.base)"]
        if changes.changes.isEmpty { lines.append("  no CFA parts added, removed, renamed or rewired") }
        for change in changes.changes {
            lines.append("  \(describe(change))\(place(change).map { "   \($0)" } ?? "")")
        }
        if !problems.isEmpty {
            lines.append("Problems (\(problems.count)):")
            lines += problems.map { problem in
                let location = problem.file.map { file in problem.line.map { "   \(file):\($0)" } ?? "   \(file)" } ?? ""
                return "  ✗ \(problem.message)\(location)"
            }
        }
        if !changes.skippedFiles.isEmpty { lines.append("Not analysed (binary, not UTF-8, or symlinks): \(changes.skippedFiles.joined(separator: ", "))") }
        if !changes.submodules.isEmpty { lines.append("Submodules (listed, not entered): \(changes.submodules.joined(separator: ", "))") }
        return lines.joined(separator: "\n")
    }

    static func markdown(_ changes: InventoryChanges, problems: [Diagnostic]) -> String {
        var lines = ["### Inventory diff `\(range(changes))`", "", "Base: \(MarkdownText.inline(changes.base))", ""]
        if changes.changes.isEmpty { lines.append("No CFA parts added, removed, renamed or rewired.") }
        for change in changes.changes {
            lines.append(
                "- `\(sign(change.kind))` \(MarkdownText.inline(String(describe(change).dropFirst(2))))"
                    + (place(change).map { " — \(MarkdownText.code($0))" } ?? ""))
        }
        if !problems.isEmpty {
            lines += ["", "**Problems**", ""]
            lines += problems.map { "- [ ] \(MarkdownText.inline($0.message))" }
        }
        if !changes.skippedFiles.isEmpty { lines += ["", "Not analysed: \(changes.skippedFiles.map { MarkdownText.code($0) }.joined(separator: ", "))"] }
        if !changes.submodules.isEmpty {
            lines += ["", "Submodules (not entered): \(changes.submodules.map { MarkdownText.code($0) }.joined(separator: ", "))"]
        }
        return lines.joined(separator: "\n")
    }
}

extension InventoryDiffText {
    /// `inventory --diff` in one of its formats, from the evidence the inventory item records; nil when the
    /// evidence holds no diff.
    public static func report(_ evidence: Evidence, format: String) -> String? {
        guard let changes = evidence.inventory else { return nil }
        switch format {
        case "json":
            struct Document: Encodable {
                var inventory: InventoryChanges
                var problems: [Diagnostic]
            }
            return JSONText.pretty(Document(inventory: changes, problems: evidence.diagnostics))
        case "markdown":
            return markdown(changes, problems: evidence.diagnostics)
        default:
            return ([text(changes, problems: evidence.diagnostics)] + evidence.excerpt).joined(separator: "\n")
        }
    }
}
