/// How `run` talks to the terminal it writes to.
public struct TerminalStyle: Sendable, Equatable {
    /// Redraw the running items in place (a TTY), rather than one plain line per event (logs, pipes, CI).
    public var live: Bool
    /// ANSI colour: only on a TTY, never with `NO_COLOR` (https://no-color.org), never on `TERM=dumb`.
    var color: Bool

    init(live: Bool, color: Bool) {
        self.live = live
        self.color = color
    }

    public static let plain = TerminalStyle(live: false, color: false)

    public static func detect(isTTY: Bool, environment: [String: String], progressRequested: Bool = true) -> TerminalStyle {
        let dumb = environment["TERM"] == "dumb"
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(live: isTTY && !dumb && progressRequested, color: isTTY && !dumb && !noColor)
    }

    package func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
