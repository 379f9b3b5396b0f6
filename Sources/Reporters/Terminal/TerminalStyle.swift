/// How `run` talks to the terminal it writes to.
public struct TerminalStyle: Sendable, Equatable {
    /// Redraw the running items in place (a TTY), rather than one plain line per event (logs, pipes, CI).
    public var live: Bool
    /// ANSI colour: only on a TTY, never with `NO_COLOR` (https://no-color.org), never on `TERM=dumb`.
    var colour: Bool

    init(live: Bool, colour: Bool) {
        self.live = live
        self.colour = colour
    }

    public static let plain = TerminalStyle(live: false, colour: false)

    public static func detect(isTTY: Bool, environment: [String: String], progressRequested: Bool = true) -> TerminalStyle {
        let dumb = environment["TERM"] == "dumb"
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return TerminalStyle(live: isTTY && !dumb && progressRequested, colour: isTTY && !dumb && !noColour)
    }

    package func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
