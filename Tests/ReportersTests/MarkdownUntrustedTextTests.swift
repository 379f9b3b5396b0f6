import GateTestSupport
import Testing
import TextSafety

@testable import Reporters

@Suite struct MarkdownUntrustedTextTests {
    @Test func sanitizingDropsEscapeSequencesAndControlCharacters() {
        #expect(UntrustedText.sanitized("\u{1B}[1;31merror\u{1B}[0m: x") == "error: x")
        #expect(UntrustedText.sanitized("a\u{1B}]8;;https://x\u{07}link\u{1B}]8;;\u{1B}\\b") == "alinkb")
        #expect(UntrustedText.sanitized("bell\u{07} nul\u{00} del\u{7F} c1\u{85}") == "bell nul del c1")
        #expect(UntrustedText.sanitized(SampleVerdicts.awkwardMessage).hasSuffix("🚦\nsecond line"))
    }

    @Test func sanitizingKeepsTabsAndNormalizesLineBreaks() {
        #expect(UntrustedText.sanitized("a\tb\r\nc\rd\u{2028}e") == "a\tb\nc\nd\ne")
    }

    @Test func sanitizingDropsBidirectionalOverrides() {
        #expect(UntrustedText.sanitized("admin\u{202E}gnp.exe\u{2066}x\u{2069}") == "admingnp.exex")
    }

    @Test func codeSpansFollowCommonMarkMatching() {
        #expect(UntrustedText.segments("run `swift build` now") == [.text("run "), .code(content: "swift build", fence: 1), .text(" now")])
        #expect(UntrustedText.segments("``a`b`` c") == [.code(content: "a`b", fence: 2), .text(" c")])
        // An opening run with no closing run of the same length stays text.
        #expect(UntrustedText.segments("it`s ``x y") == [.text("it`s ``x y")])
        #expect(UntrustedText.segments("it`s ``x` y") == [.text("it"), .code(content: "s ``x", fence: 1), .text(" y")])
        #expect(UntrustedText.longestBacktickRun(in: "a ``` b ` c") == 3)
    }
}
