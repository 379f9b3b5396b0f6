import GateTestSupport
import Foundation
import Testing
@testable import Verdict

@testable import Reporters

/// A headless Chromium, when one is installed, to run the page's script for real.
enum HeadlessChromium {
    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in path.split(separator: ":") {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }()

    /// Writes `html` to a fresh folder, opens it with `fragment`, and returns the DOM after the page's
    /// script ran (`--dump-dom`).
    static func domAfterScripts(of html: String, fragment: String) throws -> String {
        let executable = try #require(executable)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cfa-gate-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: page)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)", "--virtual-time-budget=3000",
            "--dump-dom", page.absoluteString + fragment,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "chromium exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Item numbers of the table rows in DOM order, and which of them are visible.
    static func rows(in dom: String) -> (order: [Int], visible: [Int]) {
        var order: [Int] = []
        var visible: [Int] = []
        for chunk in dom.components(separatedBy: "<tr id=\"row-").dropFirst() {
            let tag = chunk.prefix { $0 != ">" }
            guard let number = Int(tag.prefix { $0.isNumber }) else { continue }
            order.append(number)
            if !tag.contains(" hidden") { visible.append(number) }
        }
        return (order, visible)
    }
}

@Suite(
    .serialized,
    .enabled(if: HeadlessChromium.executable != nil, "chromium is not installed (apt-get install chromium); only these browser checks need it"),
    .timeLimit(.minutes(1)))
struct HTMLBrowserTests {
    private let page = HTMLReport.render(SampleVerdicts.failing, links: nil)

    @Test func scriptRunsUnderTheContentSecurityPolicyAndShowsTheControls() throws {
        let dom = try HeadlessChromium.domAfterScripts(of: page, fragment: "")
        #expect(dom.contains("data-script-ready=\"true\""))
        #expect(dom.contains("<div class=\"controls\" id=\"controls\">"))
        #expect(dom.contains("6 of 6 items shown"))
        #expect(HeadlessChromium.rows(in: dom).order == [1, 24, 25, 26, 27, 28])
    }

    @Test func fragmentPreFiltersByStatusAndSortsByDuration() throws {
        let dom = try HeadlessChromium.domAfterScripts(of: page, fragment: "#status=failed&sort=duration-desc")
        let rows = HeadlessChromium.rows(in: dom)
        #expect(rows.visible == [24, 25, 1, 26])
        #expect(rows.order.prefix(4) == [24, 25, 1, 26])
        #expect(dom.contains("4 of 6 items shown"))
        #expect(dom.contains("data-sort=\"duration\" aria-sort=\"descending\""))
    }

    @Test func textFilterMatchesTitlesProbesAndEvidence() throws {
        let byTitle = try HeadlessChromium.domAfterScripts(of: page, fragment: "#q=linter")
        #expect(HeadlessChromium.rows(in: byTitle).visible == [28])
        let byProbe = try HeadlessChromium.domAfterScripts(of: page, fragment: "#q=git-clean")
        #expect(HeadlessChromium.rows(in: byProbe).visible == [26])
        let bySortOnStatus = try HeadlessChromium.domAfterScripts(of: page, fragment: "#sort=status")
        #expect(HeadlessChromium.rows(in: bySortOnStatus).order == [1, 24, 25, 26, 28, 27])
    }

    @Test func itemAnchorOpensItsDetails() throws {
        let dom = try HeadlessChromium.domAfterScripts(of: page, fragment: "#item-24")
        #expect(dom.contains("<details class=\"item\" id=\"item-24\" open=\"\">"))
        #expect(dom.contains("<details class=\"item\" id=\"item-25\">"))
    }

    @Test func theOpeningListOfFailuresOpensTheDetailsItLinksTo() throws {
        let dom = try HeadlessChromium.domAfterScripts(of: page, fragment: "#item-26")
        #expect(dom.contains("<a href=\"#item-26\">26. The working tree is clean at the final commit</a>"))
        #expect(dom.contains("<details class=\"item\" id=\"item-26\" open=\"\">"))
    }

    @Test func policyRefusesAnyScriptButThePagesOwn() throws {
        let injected = page.replacingOccurrences(
            of: "</body>", with: "<script>document.documentElement.dataset.injected = \"yes\"</script></body>")
        let dom = try HeadlessChromium.domAfterScripts(of: injected, fragment: "")
        #expect(dom.contains("data-script-ready=\"true\""))
        #expect(!dom.contains("data-injected"))
    }
}
