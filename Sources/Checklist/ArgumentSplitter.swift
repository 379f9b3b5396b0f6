/// Splits probe arguments on whitespace, shell-style but simple: single quotes keep text literally,
/// double quotes allow `\"` and `\\`, and quoted and bare parts next to each other form one argument.
enum ArgumentSplitter {
    /// Returns nil when a quote is left open.
    static func split(_ text: String) -> [String]? {
        var arguments: [String] = []
        var current = ""
        var inArgument = false
        var quote: Character?
        var escaping = false
        for character in text {
            if let openQuote = quote {
                if escaping {
                    // Only `\"` and `\\` are escapes; any other backslash stays as written.
                    if character != "\"" && character != "\\" { current.append("\\") }
                    current.append(character)
                    escaping = false
                } else if openQuote == "\"" && character == "\\" {
                    escaping = true
                } else if character == openQuote {
                    quote = nil
                } else {
                    current.append(character)
                }
            } else if character.isWhitespace {
                if inArgument { arguments.append(current) }
                current = ""
                inArgument = false
            } else if character == "\"" || character == "'" {
                quote = character
                inArgument = true
            } else {
                current.append(character)
                inArgument = true
            }
        }
        guard quote == nil else { return nil }
        if inArgument { arguments.append(current) }
        return arguments
    }
}
