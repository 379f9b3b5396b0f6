import Foundation
import TextSafety

/// Where a command writes: standard output for results, standard error for progress and problems.
public struct Terminal: Sendable {
    var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Plain text (no colour codes of the gate's own) that quotes what the change wrote: every line escaped and
    /// neutralized (`UntrustedText.shownText`), so it can neither redraw the terminal nor issue a workflow command.
    func outText(_ text: String) {
        out(UntrustedText.shownText(text))
    }

    func errText(_ text: String) {
        err(UntrustedText.shownText(text))
    }

    /// The one way a command reports what stopped it: `cfa-gate: <the error's one line>` on standard error,
    /// and the exit code to return.
    func fail(_ error: any Error, exitCode: Int32) -> Int32 {
        // An error line quotes paths and text from the change (a checklist's line, a file name).
        errText("cfa-gate: \(error)")
        return exitCode
    }

    /// Text exactly as given (progress redraws bring their own newlines and cursor movements).
    func raw(_ text: String, toStandardError: Bool) {
        (toStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(Data(text.utf8))
    }

    func isTerminal(standardError: Bool) -> Bool {
        isatty(standardError ? 2 : 1) == 1
    }
}
