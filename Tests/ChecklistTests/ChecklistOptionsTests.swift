@testable import Checklist
import Testing

@Suite struct ChecklistOptionsTests {
    @Test func optionsCommentSetsEveryOption() throws {
        let checklist = try parse("""
            <!-- cfa-gate: package-path=Examples/App build-timeout=20m test-timeout=45m command-timeout=5m allow-skipped=false -->
            <!-- cfa-gate: test-case-timeout=90s test-retries=2 flaky=allow -->

            1. Item.
            """)
        #expect(checklist.options == ChecklistOptions(
            packagePath: "Examples/App",
            buildTimeout: .seconds(20 * 60),
            testTimeout: .seconds(45 * 60),
            commandTimeout: .seconds(5 * 60),
            allowSkipped: false,
            testCaseTimeout: .seconds(90),
            testRetries: 2,
            allowFlaky: true
        ))
    }

    @Test func sandboxAndWithheldEnvironmentTakeOnlyTheirDocumentedValues() throws {
        let checklist = try parse("<!-- cfa-gate: sandbox=required withhold-environment=CLOUD_SECRET,DEPLOY_* -->\n\n1. Item.\n")
        #expect(checklist.options.sandbox == .required)
        #expect(checklist.options.withheldEnvironment == ["CLOUD_SECRET", "DEPLOY_*"])
        #expect(try parse("<!-- cfa-gate: sandbox=off -->\n\n1. Item.\n").options.sandbox == .off)
        #expect(parseError("<!-- cfa-gate: sandbox=maybe -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 1, key: "sandbox", value: "maybe", expected: "required, preferred or off"))
        #expect(parseError("<!-- cfa-gate: withhold-environment=A,,B -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 1, key: "withhold-environment", value: "A,,B",
            expected: "variable names separated by commas, a trailing * for a prefix"))
    }

    @Test func modelBuildOptionsTakeOnlyTheirDocumentedValues() throws {
        let checklist = try parse("""
            <!-- cfa-gate: model-build=full -->
            <!-- cfa-gate: model-build-requires=viewmodels,features,appmodel model-build-min-tests=80% -->

            1. Item.
            """)
        #expect(checklist.options.modelBuild == .full)
        // Kept in one order whatever order the checklist names them in.
        #expect(checklist.options.modelBuildRequires == [.features, .viewmodels, .appmodel])
        #expect(checklist.options.modelBuildMinTests == 80)
        #expect(try parse("<!-- cfa-gate: model-build=automatic model-build-min-tests=0% -->\n\n1. Item.\n").options.modelBuild == .automatic)
        #expect(try parse("<!-- cfa-gate: model-build-min-tests=100% -->\n\n1. Item.\n").options.modelBuildMinTests == 100)
        #expect(try parse("<!-- cfa-gate: model-build-requires=repositories -->\n\n1. Item.\n").options.modelBuildRequires == [.repositories])
        #expect(parseError("\n<!-- cfa-gate: model-build=partial -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 2, key: "model-build", value: "partial", expected: "automatic or full"))
        for bad in ["", "views", "features,", "features,,viewmodels", "Features"] {
            #expect(parseError("<!-- cfa-gate: model-build-requires=\(bad) -->\n\n1. Item.\n") == .invalidOptionValue(
                path: testPath, line: 1, key: "model-build-requires", value: bad,
                expected: "parts separated by commas, each one of: features, viewmodels, repositories, appmodel"))
        }
        for bad in ["80", "101%", "-1%", "80.5%", "%", "many%"] {
            #expect(parseError("<!-- cfa-gate: model-build-min-tests=\(bad) -->\n\n1. Item.\n") == .invalidOptionValue(
                path: testPath, line: 1, key: "model-build-min-tests", value: bad, expected: "a percentage from 0% to 100%, such as 80%"))
        }
    }

    @Test func testRetriesAndFlakyTakeOnlyTheirDocumentedValues() {
        #expect(parseError("<!-- cfa-gate: test-retries=many -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 1, key: "test-retries", value: "many", expected: "a whole number from 0 to 10"))
        #expect(parseError("<!-- cfa-gate: flaky=ignore -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 1, key: "flaky", value: "ignore", expected: "fail or allow"))
    }

    @Test func outputLimitTakesASizeWithABinaryUnit() throws {
        #expect(try parse("<!-- cfa-gate: output-limit=256MiB -->\n\n1. Item.\n").options.outputLimit == 256 << 20)
        #expect(try parse("<!-- cfa-gate: output-limit=1G -->\n\n1. Item.\n").options.outputLimit == 1 << 30)
        #expect(try parse("<!-- cfa-gate: output-limit=65536 -->\n\n1. Item.\n").options.outputLimit == 65536)
        for bad in ["0", "1GB", "lots", "2TiB", "-1M"] {
            #expect(parseError("<!-- cfa-gate: output-limit=\(bad) -->\n\n1. Item.\n") == .invalidOptionValue(
                path: testPath, line: 1, key: "output-limit", value: bad, expected: "a size such as 256MiB or 1GiB"))
        }
        #expect(ByteSize.format(1 << 30) == "1 GiB")
        #expect(ByteSize.format(1536 << 10) == "1536 KiB")
        #expect(ByteSize.format(100) == "100 bytes")
    }

    @Test func testIsolationAndWorkersTakeOnlyTheirDocumentedValues() throws {
        let checklist = try parse("<!-- cfa-gate: test-isolation=batch test-workers=3 -->\n\n1. Item.\n")
        #expect(checklist.options == ChecklistOptions(testIsolation: .batch, testWorkers: 3))
        #expect(try parse("<!-- cfa-gate: test-isolation=process -->\n\n1. Item.\n").options.testIsolation == .process)
        #expect(parseError("<!-- cfa-gate: test-isolation=class -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 1, key: "test-isolation", value: "class", expected: "process or batch"))
        #expect(parseError("<!-- cfa-gate: test-workers=0 -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 1, key: "test-workers", value: "0", expected: "a whole number from 1 to 1024"))
    }

    @Test func isolationIsStrictStandardOrBestEffort() throws {
        #expect(try parse("<!-- cfa-gate: isolation=best-effort -->\n\n1. Item.\n").options.isolation == .bestEffort)
        #expect(try parse("<!-- cfa-gate: isolation=standard -->\n\n1. Item.\n").options.isolation == .standard)
        #expect(try parse("<!-- cfa-gate: isolation=strict -->\n\n1. Item.\n").options.isolation == .strict)
        #expect(parseError("<!-- cfa-gate: isolation=lax -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 1, key: "isolation", value: "lax", expected: "strict, standard or best-effort"))
    }

    @Test func testStartIsForkOrExec() throws {
        #expect(try parse("<!-- cfa-gate: test-start=exec -->\n\n1. Item.\n").options.testStart == .exec)
        #expect(try parse("<!-- cfa-gate: test-start=fork -->\n\n1. Item.\n").options.testStart == .fork)
        #expect(try parse("1. Item.\n").options.testStart == nil)
        #expect(parseError("<!-- cfa-gate: test-start=spawn -->\n\n1. Item.\n") == .invalidOptionValue(
            path: testPath, line: 1, key: "test-start", value: "spawn", expected: "fork or exec"))
    }

    @Test func optionsMaySpreadOverSeveralCommentsAndQuotePaths() throws {
        let checklist = try parse("""
            # Gate
            <!-- cfa-gate: package-path="Examples/My App" -->

            1. Item.

            > <!-- cfa-gate: build-timeout=1h30m allow-skipped=true -->
            """)
        #expect(checklist.options == ChecklistOptions(packagePath: "Examples/My App", buildTimeout: .seconds(5400), allowSkipped: true))
    }

    @Test func noOptionsCommentLeavesEverythingUnset() throws {
        #expect(try parse("1. Item. <!-- note -->").options == ChecklistOptions())
    }

    @Test func aBadDurationNamesItsLine() {
        let error = parseError("""
            1. Item.

            <!-- cfa-gate: build-timeout=20 -->
            """)
        #expect(error == .invalidOptionValue(path: testPath, line: 3, key: "build-timeout", value: "20", expected: "a duration such as 90s, 20m, 1h or 1h30m"))
        #expect(error?.description == "gate/checklist.md:3: option `build-timeout` has invalid value `20` — expected a duration such as 90s, 20m, 1h or 1h30m")
    }

    @Test func aBadBooleanIsAnError() {
        #expect(parseError("<!-- cfa-gate: allow-skipped=yes -->\n1. X.") ==
            .invalidOptionValue(path: testPath, line: 1, key: "allow-skipped", value: "yes", expected: "true or false"))
    }

    @Test func anUnknownKeyNamesItsLineAndTheKnownKeys() {
        let error = parseError("""
            1. Item.

            <!-- cfa-gate: build-timeout=1m
                 timeout=5m -->
            """)
        #expect(error == .unknownOption(path: testPath, line: 3, key: "timeout", knownKeys: OptionsCommentParser.knownKeys))
    }

    @Test func aRepeatedKeyNamesBothLines() {
        let error = parseError("""
            <!-- cfa-gate: test-timeout=5m -->

            1. Item.

            <!-- cfa-gate: test-timeout=10m -->
            """)
        #expect(error == .repeatedOption(path: testPath, line: 5, key: "test-timeout", firstLine: 1))
    }

    @Test func anOptionWithoutValueIsMalformed() {
        #expect(parseError("<!-- cfa-gate: allow-skipped -->\n\n1. X.") == .malformedOption(path: testPath, line: 1, text: "allow-skipped"))
    }

    @Test func optionsInsideAnItemAreAnError() {
        #expect(parseError("1. X.\n   <!-- cfa-gate: build-timeout=1m -->") == .optionsInsideItem(path: testPath, line: 2))
    }
}
