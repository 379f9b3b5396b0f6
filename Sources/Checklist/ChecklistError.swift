/// Why a checklist could not be read. Each `description` is one line: `path:line: message — fix`.
public enum ChecklistError: Error, Equatable, CustomStringConvertible {
    /// cmark-gfm could not allocate its parser or document.
    case markdownParserFailed(path: String)
    case noItems(path: String)
    case unreadableItemNumber(path: String, line: Int)
    /// `number` is not greater than the item before it (repeated or decreasing).
    case itemNumberNotIncreasing(path: String, line: Int, number: Int, previousNumber: Int, previousLine: Int)
    case itemWithoutTitle(path: String, line: Int, number: Int)
    case unterminatedComment(path: String, line: Int)
    /// An inline comment Markdown reads as text and has changed (escapes, entities, emphasis inside it).
    case commentReadAsText(path: String, line: Int)
    /// `<!-- probe … -->` or `<!-- cfa-gate … -->` written without the colon.
    case directiveWithoutColon(path: String, line: Int, keyword: String)
    case emptyProbeName(path: String, line: Int)
    case unknownProbe(path: String, line: Int, name: String, knownProbes: [String])
    /// `git-clean` or `inventory` given arguments they would silently ignore.
    case probeWithArguments(path: String, line: Int, name: String)
    case duplicateProbeBinding(path: String, line: Int, firstLine: Int)
    /// A binding that is not inside any list item, e.g. not indented under its item.
    case probeOutsideItem(path: String, line: Int)
    case unterminatedQuote(path: String, line: Int)
    case emptyCommand(path: String, line: Int)
    case multilineCommand(path: String, line: Int)
    case commandWithoutColon(path: String, line: Int)
    case manualWithArguments(path: String, line: Int)
    case optionsInsideItem(path: String, line: Int)
    case malformedOption(path: String, line: Int, text: String)
    case unknownOption(path: String, line: Int, key: String, knownKeys: [String])
    case repeatedOption(path: String, line: Int, key: String, firstLine: Int)
    case invalidOptionValue(path: String, line: Int, key: String, value: String, expected: String)
    /// Lists, block quotes or inline markup nested deeper than the reader walks (`CmarkDocumentReader.maximumDepth`).
    case nestingTooDeep(path: String, line: Int, limit: Int)

    public var description: String {
        switch self {
        case .markdownParserFailed(let path):
            return "\(path): the Markdown parser could not read this file — check that it is a UTF-8 text file"
        case .noItems(let path):
            return "\(path): no numbered items found — a checklist is an ordered Markdown list: `1. …`"
        case .unreadableItemNumber(let path, let line):
            return "\(path):\(line): cannot read the item's number — start the item with digits followed by `.` or `)`"
        case .itemNumberNotIncreasing(let path, let line, let number, let previousNumber, let previousLine):
            let problem = number == previousNumber
                ? "item number \(number) repeats item \(previousNumber) at line \(previousLine)"
                : "item number \(number) is lower than item \(previousNumber) at line \(previousLine)"
            return "\(path):\(line): \(problem) — number the items in increasing order, each number used once"
        case .itemWithoutTitle(let path, let line, let number):
            return "\(path):\(line): item \(number) has no text — start it with a **bold title** or a first sentence; "
                + "a line that starts with `<!--` is raw HTML, so put a binding after the text"
        case .unterminatedComment(let path, let line):
            return "\(path):\(line): HTML comment `<!--` is never closed — end it with `-->`"
        case .commentReadAsText(let path, let line):
            return "\(path):\(line): Markdown reads this `<!-- … -->` as text and changes it (escapes, entities or emphasis inside)"
                + " — put the comment on its own line"
        case .directiveWithoutColon(let path, let line, let keyword):
            return "\(path):\(line): `<!-- \(keyword) …` is missing its colon — write `<!-- \(keyword): … -->`"
        case .emptyProbeName(let path, let line):
            return "\(path):\(line): probe binding names no probe — write `<!-- probe: NAME … -->`, or `<!-- probe: manual -->` for a manual item"
        case .unknownProbe(let path, let line, let name, let knownProbes):
            return "\(path):\(line): unknown probe `\(name)` — use one of: \(knownProbes.joined(separator: ", "))"
        case .probeWithArguments(let path, let line, let name):
            return "\(path):\(line): probe `\(name)` takes no arguments — write `<!-- probe: \(name) -->`"
        case .duplicateProbeBinding(let path, let line, let firstLine):
            return "\(path):\(line): second probe binding in one item (the first is at line \(firstLine)) — keep one `<!-- probe: … -->` per item"
        case .probeOutsideItem(let path, let line):
            return "\(path):\(line): probe binding is not inside a numbered item — indent the comment under the item it belongs to"
        case .unterminatedQuote(let path, let line):
            return "\(path):\(line): a quote in the comment's arguments is never closed — close it with the same quote character"
        case .emptyCommand(let path, let line):
            return "\(path):\(line): the `command` probe has no command — write `<!-- probe: command: <shell command> -->`"
        case .multilineCommand(let path, let line):
            return "\(path):\(line): the `command` probe's command spans several lines — keep the command on the line of `command:`"
        case .commandWithoutColon(let path, let line):
            return "\(path):\(line): the `command` probe takes its command after a colon — write `<!-- probe: command: <shell command> -->`"
        case .manualWithArguments(let path, let line):
            return "\(path):\(line): `manual` takes no arguments — write `<!-- probe: manual -->` and describe the check in the item's text"
        case .optionsInsideItem(let path, let line):
            return "\(path):\(line): a `<!-- cfa-gate: … -->` options comment is inside a list item — move it outside the list"
        case .malformedOption(let path, let line, let text):
            return "\(path):\(line): option `\(text)` is not of the form key=value — write e.g. `build-timeout=20m`"
        case .unknownOption(let path, let line, let key, let knownKeys):
            return "\(path):\(line): unknown option `\(key)` — use one of: \(knownKeys.joined(separator: ", "))"
        case .repeatedOption(let path, let line, let key, let firstLine):
            return "\(path):\(line): option `\(key)` is already set at line \(firstLine) — set each option once"
        case .invalidOptionValue(let path, let line, let key, let value, let expected):
            return "\(path):\(line): option `\(key)` has invalid value `\(value)` — expected \(expected)"
        case .nestingTooDeep(let path, let line, let limit):
            return "\(path):\(line): the Markdown nests lists, block quotes or emphasis more than \(limit) levels deep — a checklist needs a few; flatten it"
        }
    }
}
