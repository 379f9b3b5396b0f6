import Foundation
import Verdict

/// The page's Content-Security-Policy: nothing may load from anywhere, and only the page's own style
/// sheet and script (named by their SHA-256) may run. Even if some text escaped its escaping, an injected
/// `<script>`, inline handler, `style` attribute, image or form would be refused by the browser.
enum HTMLContentSecurityPolicy {
    static func policy(style: String, script: String) -> String {
        [
            "default-src 'none'",
            "style-src '\(hashSource(style))'",
            "script-src '\(hashSource(script))'",
            "img-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
        ].joined(separator: "; ")
    }

    /// `sha256-<base64>` of the exact text between the element's tags, as CSP Level 2 defines it.
    static func hashSource(_ text: String) -> String {
        let hex = Digest.sha256Hex(Data(text.utf8))
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return "sha256-" + Data(bytes).base64EncodedString()
    }
}
