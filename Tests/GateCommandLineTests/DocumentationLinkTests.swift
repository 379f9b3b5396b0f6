@testable import CFAAnalysis
import Foundation
import GateTestSupport
import Testing
@testable import GateCommandLine
@testable import GateEngine
@testable import Reporters
@testable import Verdict

/// Every documentation link cfa-gate prints opens a file of this repository and a heading on it; and the links
/// between the Markdown files of the repository do too.
struct DocumentationLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every URL in a text: `file://` and `http(s)://`, up to whatever ends a link in the formats the tool prints.
    static func urls(in text: String) -> [String] {
        let pattern = try! Regex(#"(?:file|https?)://[^\s)"'`<>\\\]]*"#)
        return text.matches(of: pattern).map { String(text[$0.range]) }.map { $0.hasSuffix(".") || $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
    }

    /// URLs the tool prints that are identifiers, not pages to open: the verdict's and the review's in-toto
    /// predicate types (URIs that need not resolve), in-toto's statement type and the SARIF schema.
    static let identifiers = [
        "https://cfa-gate.dev/verdict/v1", "https://cfa-gate.dev/review/v1", "https://in-toto.io/Statement/v1",
        SARIFReport.schemaURI,
    ]

    /// The links in a text that point at cfa-gate's documentation: every URL but the identifiers above.
    static func printedLinks(in text: String) -> [String] {
        urls(in: text).filter { !identifiers.contains($0) }
    }

    /// Why `url` does not open a page and heading of the repository, or nil when it does. In the tests the gate
    /// finds its documentation as a build does: the repository above `.build`, as a `file://` URL.
    static func problem(_ url: String) -> String? {
        let prefix = DocumentationHome.base + "/"
        guard url.hasPrefix(prefix) else { return "\(url) is not under \(prefix)" }
        let relative = String(url.dropFirst(prefix.count))
        return problem(path: relative.removingPercentEncoding ?? relative, from: root, shownAs: url)
    }

    /// Why a repository-relative `path#anchor`, read from `folder`, names no file or no heading.
    static func problem(path link: String, from folder: URL, shownAs shown: String) -> String? {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = folder.appendingPathComponent(String(parts[0])).standardizedFileURL
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else { return "\(shown): no file \(file.path)" }
        guard parts.count == 2 else { return nil }
        guard !isFolder.boolValue, let text = try? String(contentsOf: file, encoding: .utf8) else { return "\(shown): not a text file" }
        let anchor = String(parts[1])
        return MarkdownHeadings.anchors(in: text).contains(anchor) ? nil : "\(shown): no heading with the anchor #\(anchor)"
    }

    @Test func everyLinkTheToolKnowsOpensAPageAndHeading() {
        let problems = DocumentationLink.all.compactMap { Self.problem($0.url) }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(DocumentationLink.all.count > RuleCatalog.descriptors.count)
    }

    /// What the tool prints, from the places that print links: `--help`, SARIF, the terminal, the Markdown and HTML
    /// reports, and the errors and hints that name a page.
    static var printed: [(place: String, text: String)] {
        var texts: [(String, String)] = [("cfa-gate --help", CFAGate.help)]
        texts += CFAGate.commands.map { ("cfa-gate \($0.name) --help", $0.help) }
        texts.append(("SARIF", AnalysisReport.sarif([], baseline: nil, toolVersion: CFAGate.version)))
        texts.append(("analyze's rule pages", RulePageLines.lines(RuleCatalog.descriptors.map(\.id)).joined(separator: "\n")))
        let outcome = GateOutcome(
            envelope: Envelope(payloadType: DSSE.payloadType, payload: "", signatures: []), statement: SampleVerdicts.passing,
            verdictPath: "/r/v.json", publicKeyPath: nil)
        texts.append(("run's summary", ProgressReporter.summary(outcome, verifyCommand: "verify").joined(separator: "\n")))
        texts.append(("the Markdown report", MarkdownReport.render(SampleVerdicts.failing, links: nil)))
        texts.append(("the HTML report", HTMLReport.render(SampleVerdicts.failing, links: nil)))
        texts.append(("a bad .cfa-gate.json", ConfigurationFile.LoadError.invalid(path: ".cfa-gate.json", reason: "unknown key").description))
        return texts
    }

    @Test func everyPrintedLinkOpensAPageAndHeading() {
        var count = 0
        for (place, text) in Self.printed {
            for link in Self.printedLinks(in: text) {
                count += 1
                if let problem = Self.problem(link) { Issue.record("\(place): \(problem)") }
                #expect(DocumentationLink.all.contains { $0.url == link }, "\(place) prints \(link), which DocumentationLink does not list")
            }
        }
        // Each command's --help, a helpUri and help text per rule, the terminal's pages, the review hint, the error.
        #expect(count >= CFAGate.commands.count + 1 + 3 * RuleCatalog.descriptors.count + 2)
    }

    /// What the built binary prints, as a user sees it: `--help` of every command, `explain`, a real run's
    /// terminal, JUnit, SARIF, Markdown and GitHub Actions output, `show` in every format, and `analyze`'s rule
    /// pages and SARIF. Read from the output, not from `DocumentationLink`'s list, so a link spelled anywhere counts.
    static func binaryOutput() throws -> [(place: String, text: String)] {
        let fixture = try GitFixture()
        try fixture.makeRepository(committing: ["gate/cfa-change-gate.md": """
            # Gate

            ## Checks

            1. **Fine.** <!-- probe: command: true -->
            2. **Broken.** <!-- probe: command: exit 3 -->
            3. **Look at it.**
            """, "Sources/App/Thing.swift": "struct Thing {}\n", ".gitignore": "reports/\n"])
        var texts: [(String, String)] = []
        func run(_ arguments: [String], environment: [String: String]? = nil) throws {
            let result = try CFAGateBinary.run(arguments, in: fixture, environment: environment)
            texts.append(("cfa-gate \(arguments.joined(separator: " "))", result.standardOutput + "\n" + result.standardError))
        }
        try run(["--help"])
        for entry in CFAGate.commands { try run([entry.name, "--help"]) }
        for name in ["CFA-VIEW-DECLARATIVE", "1", "build", "--list", "CFA-NOPE"] { try run(["explain", name]) }
        try run(["run", "--out", fixture.path(".git/v.json"), "--junit", fixture.path("reports/junit.xml"), "--sarif", fixture.path("reports/gate.sarif"),
                 "--summary", fixture.path("reports/summary.md")])
        var actions = SwiftPackageFixture.environment(for: fixture)
        actions["GITHUB_ACTIONS"] = "true"
        actions["GITHUB_STEP_SUMMARY"] = fixture.path("reports/step-summary.md")
        try run(["run", "--out", fixture.path(".git/v2.json")], environment: actions)
        for format in ["text", "json", "markdown", "html", "junit", "sarif"] { try run(["show", fixture.path(".git/v.json"), "--format", format]) }
        try run(["verify", fixture.path(".git/v.json"), "--require-reviews", "--policy-ref", "HEAD"])
        try run(["analyze"])
        try run(["analyze", "--format", "sarif"])
        for file in ["junit.xml", "gate.sarif", "summary.md", "step-summary.md"] {
            texts.append((file, try String(contentsOfFile: fixture.path("reports/\(file)"), encoding: .utf8)))
        }
        return texts
    }

    @Test func everyURLTheBuiltBinaryPrintsOpensAFileAndHeading() throws {
        var links: Set<String> = []
        for (place, text) in try Self.binaryOutput() {
            #expect(!text.contains("cfa-gate.dev/") || Self.urls(in: text).allSatisfy { !$0.contains("cfa-gate.dev/") || Self.identifiers.contains($0) },
                    "\(place) prints a cfa-gate.dev address")
            for link in Self.printedLinks(in: text) {
                links.insert(link)
                if let problem = Self.problem(link) { Issue.record("\(place): \(problem)") }
            }
        }
        // A page per command, per rule (analyze's SARIF), the reviews' pages, the run's and the checklist's.
        #expect(links.count >= RuleCatalog.referenceDescriptors.count + 5, "\(links.sorted())")
        #expect(links.contains(DocumentationLink.rule("CFA-ADOPTION").url))
    }

    @Test func theDocumentationIsFoundBesideTheBinaryOrWhereTheSettingSays() throws {
        let prefix = try GitFixture()
        try prefix.write("bin/cfa-gate", "")
        try prefix.write("share/doc/cfa-gate/Documentation/README.md", "# Reference\n")
        let executable = URL(fileURLWithPath: prefix.path("bin/cfa-gate"))
        let nowhere = URL(fileURLWithPath: "/nonexistent")
        let installed = URL(fileURLWithPath: prefix.path("share/doc/cfa-gate"), isDirectory: true).absoluteString
        #expect(DocumentationHome.locate(environment: [:], executable: executable, compiledRoot: nowhere) + "/" == installed)
        try prefix.write("share/doc/cfa-gate/source.txt", "https://github.com/owner/repo/blob/0123abc\n")
        #expect(DocumentationHome.locate(environment: [:], executable: executable, compiledRoot: nowhere) == "https://github.com/owner/repo/blob/0123abc")
        #expect(DocumentationHome.locate(environment: ["CFA_GATE_DOCS": "https://example.org/docs/"], executable: executable) == "https://example.org/docs")
        #expect(DocumentationHome.locate(environment: ["CFA_GATE_DOCS": "/opt/my docs"], executable: executable) == "file:///opt/my%20docs")
        // A build folder: the repository above `.build` holds the documentation.
        #expect(DocumentationHome.locate(environment: [:], executable: Self.root.appendingPathComponent(".build/debug/cfa-gate"), compiledRoot: nowhere)
            == URL(fileURLWithPath: Self.root.path, isDirectory: true).absoluteString.dropLast().description)
    }

    @Test func everyCommandsHelpEndsWithItsPage() {
        for entry in CFAGate.commands {
            #expect(entry.help.split(separator: "\n").last?.hasPrefix("Reference: \(DocumentationHome.base)/") == true, "\(entry.name)")
        }
    }

    @Test func everySARIFRuleOfTheCatalogLinksItsOwnPage() throws {
        let text = AnalysisReport.sarif([], baseline: nil, toolVersion: CFAGate.version)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require((run["tool"] as? [String: Any]).flatMap { $0["driver"] as? [String: Any] }?["rules"] as? [[String: Any]])
        #expect(rules.count == RuleCatalog.descriptors.count)
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect(rule["helpUri"] as? String == DocumentationLink.rule(id).url)
        }
    }

    @Test func theTerminalListsEachRulesPageOnceAndNothingForOtherFindings() {
        let lines = RulePageLines.lines(["CFA-NO-COMBINE", "cfa-gate.build", "CFA-ADOPTION", "CFA-NO-COMBINE"])
        #expect(lines == [
            "Rule pages:",
            "  CFA-NO-COMBINE  \(DocumentationLink.rule("CFA-NO-COMBINE"))",
            "  CFA-ADOPTION    \(DocumentationLink.rule("CFA-ADOPTION"))",
        ])
        #expect(RulePageLines.lines(["cfa-gate.build"]).isEmpty)
    }

    /// Only `DocumentationLink` spells out where the documentation is, so no printed link escapes the tests above.
    @Test func noSourceSpellsADocumentationAddressOfItsOwn() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        var offenders: [String] = []
        for file in files where file.lastPathComponent != "DocumentationLink.swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                // The verdict's and the review's predicate types name cfa-gate.dev too, as identifiers, not pages.
                let spellsHome = code.contains("cfa-gate.dev") && !code.contains("cfa-gate.dev/verdict/v1") && !code.contains("cfa-gate.dev/review/v1")
                let namesReadme = code.contains("README") && file.lastPathComponent != "RuleReferenceMarkdown.swift"
                if spellsHome || namesReadme { offenders.append("\(file.lastPathComponent):\(number + 1)") }
            }
        }
        #expect(offenders.isEmpty, "print a DocumentationLink instead: \(offenders.joined(separator: ", "))")
    }

    /// The repository's own Markdown: README, CONTRIBUTING and every page under Documentation/.
    static var markdownFiles: [URL] {
        let documentation = FileManager.default.enumerator(at: root.appendingPathComponent("Documentation"), includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" } ?? []
        return [root.appendingPathComponent("README.md"), root.appendingPathComponent("CONTRIBUTING.md")] + documentation
    }

    @Test func everyLinkBetweenTheRepositorysPagesOpensAFileAndHeading() throws {
        var problems: [String] = []
        #expect(Self.markdownFiles.count > 40)
        for file in Self.markdownFiles {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = String(file.path.dropFirst(Self.root.path.count + 1))
            for link in MarkdownHeadings.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                let target = link.hasPrefix("#") ? file.lastPathComponent + link : link
                if let problem = Self.problem(path: target, from: file.deletingLastPathComponent(), shownAs: "\(name): \(link)") {
                    problems.append(problem)
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func anchorsAreGitHubsHeadingSlugs() {
        let page = """
            # Reviews: a person signs off the manual items
            ## Configuration: `.cfa-gate.json`
            ## Requiring reviews: `verify --require-reviews`
            ```markdown
            ## Inside a fence
            ```
            ## Examples
            ## Examples
            """
        #expect(MarkdownHeadings.anchors(in: page) == [
            "reviews-a-person-signs-off-the-manual-items", "configuration-cfa-gatejson", "requiring-reviews-verify---require-reviews",
            "examples", "examples-1",
        ])
        #expect(MarkdownHeadings.links(in: "[a](A.md#x) `[b](B.md)`\n```\n[c](C.md)\n```\n[d](D.md \"title\")") == ["A.md#x", "D.md"])
    }
}

/// Headings and links of a Markdown page, as GitHub renders it: nothing inside a fenced code block or a code span.
enum MarkdownHeadings {
    /// Each line outside fenced code blocks.
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
            } else if !inFence {
                lines.append(line)
            }
        }
        return lines
    }

    /// The anchors of the page's headings, in order: lowercase, punctuation dropped (but `-` and `_`), spaces to
    /// `-`, and `-1`, `-2`… after a repeated one.
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        return prose(text).compactMap { line -> String? in
            let hashes = line.prefix { $0 == "#" }
            guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { return nil }
            let title = line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
            let slug = String(title.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
            defer { seen[slug, default: 0] += 1 }
            return seen[slug].map { "\(slug)-\($0)" } ?? slug
        }
    }

    /// The targets of the page's inline links `[text](target)`, leaving out code spans.
    static func links(in text: String) -> [String] {
        let pattern = try! Regex(#"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
        return prose(text).flatMap { line -> [String] in
            // Drop code spans: the odd-numbered pieces between backticks.
            let outsideCode = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset.isMultiple(of: 2) }.map(\.element).joined(separator: " ")
            return outsideCode.matches(of: pattern).compactMap { match in match.output[1].substring.map(String.init) }
        }
    }
}
