import Testing

@testable import TextSafety

/// The hostile message of issue 18: what a test prints to make the log read "PASSED" for a failed run, or to make the
/// GitHub Actions runner add annotations and mask the word FAILED.
enum Hostile {
    static let message = "boom\r\u{1B}[2K\u{1B}[1A\u{1B}[1AResult: PASSED\n::error file=x.swift::forged\n::add-mask::FAILED\n##[error]legacy\u{9B}2K\u{7F}\u{85}\u{202E}"
    static let path = "Tests/\u{1B}[2K::error::path\r.swift"
}

@Suite struct UntrustedTextEscapingTests {
    @Test func controlCharactersAreShownEscapedAndTheTabKept() {
        #expect(UntrustedText.escaped("a\u{1B}[2Kb\u{0}c\u{7F}d\u{9B}e\tf") == "a\\u{1b}[2Kb\\u{0}c\\u{7f}d\\u{9b}e\tf")
        #expect(UntrustedText.escaped("one\rtwo\nthree\r\n") == "one\\u{d}two\\u{a}three\\u{d}\\u{a}")
        #expect(UntrustedText.escaped("admin\u{202E}gnp.exe\u{2028}") == "admin\\u{202e}gnp.exe\\u{2028}")
    }

    @Test func escapingIsIdempotent() {
        let once = UntrustedText.escaped(Hostile.message)
        #expect(UntrustedText.escaped(once) == once)
    }

    @Test func aHostileMessageStaysOneLineWithNoRawControlAndNoCommand() {
        for text in [Hostile.message, Hostile.path] {
            let shown = UntrustedText.shownLine(text)
            #expect(!shown.unicodeScalars.contains { UntrustedText.mustEscape($0) })
            #expect(!shown.contains("\n") && !shown.contains("\r"))
            #expect(!shown.hasPrefix("::"))
            #expect(!shown.contains("##["))
        }
    }

    @Test func everyLineOfAMultiLineTextIsNeutralized() {
        let shown = UntrustedText.shownText("fine\n  ::add-mask::FAILED\n\t::error::x\nsee ##[warning]y")
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[0] == "fine")
        for line in lines.dropFirst() {
            #expect(!String(line.unicodeScalars.drop { $0.properties.isWhitespace }).hasPrefix("::"))
            #expect(!line.contains("##["))
        }
    }
}
