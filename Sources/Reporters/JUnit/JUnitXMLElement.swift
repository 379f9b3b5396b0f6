/// One element of the report. Building a small tree first keeps escaping in one place: every attribute value and
/// every text node goes through `JUnitXMLEscaping` when rendered, never earlier.
struct JUnitXMLElement: Sendable {
    var name: String
    var attributes: [(name: String, value: String)]
    var children: [JUnitXMLElement] = []
    /// Character data; an element has either text or children, which is all JUnit needs.
    var text: String?

    /// Two-space indentation for children; text is written verbatim after the start tag, because any whitespace
    /// added inside it would become part of the failure body.
    func render(depth: Int = 0) -> String {
        let indent = String(repeating: "  ", count: depth)
        let start = ([name] + attributes.map { "\($0.name)=\"\(JUnitXMLEscaping.attribute($0.value))\"" })
            .joined(separator: " ")
        if let text {
            return "\(indent)<\(start)>\(JUnitXMLEscaping.text(text))</\(name)>"
        }
        if children.isEmpty {
            return "\(indent)<\(start)/>"
        }
        let inner = children.map { $0.render(depth: depth + 1) }
        return (["\(indent)<\(start)>"] + inner + ["\(indent)</\(name)>"]).joined(separator: "\n")
    }
}
