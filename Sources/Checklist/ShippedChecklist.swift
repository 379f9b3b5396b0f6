extension Checklist {
    /// The default checklist compiled into the binary. SwiftPM embeds `gate/cfa-change-gate.md` through the
    /// `Sources/Checklist/cfa-change-gate.md` symlink, so the repository file is the only copy.
    public static let shippedMarkdown = String(decoding: PackageResources.cfa_change_gate_md, as: UTF8.self)

    /// Where a repository may put its own checklist to replace the shipped one.
    public static let shippedRelativePath = "gate/cfa-change-gate.md"
}
