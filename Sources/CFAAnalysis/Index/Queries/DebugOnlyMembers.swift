extension ScopeFacts {
    /// Declaration facts carry no preview flag; a declaration inside `#if DEBUG` is recognised by the names
    /// written on its line (its type annotation, its initial value), which do.
    func isDebugOnly(member: String, line: Int) -> Bool {
        references.contains { $0.member == member && $0.location.line == line && $0.inPreview }
    }
}
