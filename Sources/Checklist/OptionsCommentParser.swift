/// Accumulates the run options of one or more `<!-- cfa-gate: key=value … -->` comments.
struct OptionsCommentParser {
    static let knownKeys = [
        "package-path", "build-timeout", "test-timeout", "command-timeout", "allow-skipped", "test-case-timeout", "test-retries", "flaky",
        "output-limit", "reviews-required", "sandbox", "withhold-environment", "test-isolation", "test-workers",
        "isolation", "probe-user", "hide-paths", "test-start", "model-build", "model-build-requires", "model-build-min-tests",
    ]
    private static let durationExpectation = "a duration such as 90s, 20m, 1h or 1h30m"

    let path: String
    private(set) var options = ChecklistOptions()
    private var firstLineOfKey: [String: Int] = [:]

    init(path: String) {
        self.path = path
    }

    mutating func read(_ text: String, line: Int) throws(ChecklistError) {
        guard let settings = ArgumentSplitter.split(text) else { throw .unterminatedQuote(path: path, line: line) }
        for setting in settings {
            guard let equals = setting.firstIndex(of: "="), equals != setting.startIndex else {
                throw .malformedOption(path: path, line: line, text: setting)
            }
            let key = String(setting[..<equals])
            let value = String(setting[setting.index(after: equals)...])
            guard Self.knownKeys.contains(key) else {
                throw .unknownOption(path: path, line: line, key: key, knownKeys: Self.knownKeys)
            }
            if let firstLine = firstLineOfKey[key] {
                throw .repeatedOption(path: path, line: line, key: key, firstLine: firstLine)
            }
            firstLineOfKey[key] = line
            try apply(key: key, value: value, line: line)
        }
    }

    private mutating func apply(key: String, value: String, line: Int) throws(ChecklistError) {
        switch key {
        case "package-path":
            guard !value.isEmpty else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "a path relative to the repository root")
            }
            options.packagePath = value
        case "allow-skipped":
            guard let flag = Bool(value) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "true or false")
            }
            options.allowSkipped = flag
        case "test-retries":
            options.testRetries = try wholeNumber(value, in: 0...10, key: key, line: line)
        case "flaky":
            guard value == "fail" || value == "allow" else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "fail or allow")
            }
            options.allowFlaky = value == "allow"
        case "output-limit":
            guard let bytes = ByteSize.parse(value) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "a size such as 256MiB or 1GiB")
            }
            options.outputLimit = bytes
        case "reviews-required":
            options.reviewsRequired = try wholeNumber(value, in: 1...10, key: key, line: line)
        case "sandbox":
            guard let policy = SandboxPolicy(rawValue: value) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "required, preferred or off")
            }
            options.sandbox = policy
        case "withhold-environment":
            let names = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let valid = names.allSatisfy { name in
                let base = name.hasSuffix("*") ? name.dropLast() : Substring(name)
                return !base.isEmpty && base.allSatisfy { $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
            guard !names.isEmpty, valid else {
                throw .invalidOptionValue(
                    path: path, line: line, key: key, value: value, expected: "variable names separated by commas, a trailing * for a prefix")
            }
            options.withheldEnvironment = names
        case "test-isolation":
            guard let isolation = TestIsolationOption(rawValue: value) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "process or batch")
            }
            options.testIsolation = isolation
        case "test-start":
            guard let start = TestStartOption(rawValue: value) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "fork or exec")
            }
            options.testStart = start
        case "isolation":
            guard let isolation = IsolationPolicy(rawValue: value) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "strict, standard or best-effort")
            }
            options.isolation = isolation
        case "probe-user":
            guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "a user name such as nobody")
            }
            options.probeUser = value
        case "hide-paths":
            let paths = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard paths.allSatisfy({ $0.hasPrefix("/") && !$0.split(separator: "/").contains("..") && $0 != "/" }) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "absolute paths separated by commas, other than /")
            }
            options.hiddenPaths = paths
        case "test-workers":
            options.testWorkers = try wholeNumber(value, in: 1...1024, key: key, line: line)
        case "model-build":
            guard let mode = ModelBuildMode(rawValue: value) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "automatic or full")
            }
            options.modelBuild = mode
        case "model-build-requires":
            let parts = value.split(separator: ",", omittingEmptySubsequences: false).map { ModelBuildPart(rawValue: String($0)) }
            guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else {
                throw .invalidOptionValue(
                    path: path, line: line, key: key, value: value,
                    expected: "parts separated by commas, each one of: " + ModelBuildPart.allCases.map(\.rawValue).joined(separator: ", "))
            }
            options.modelBuildRequires = ModelBuildPart.allCases.filter { parts.contains($0) }
        case "model-build-min-tests":
            guard value.hasSuffix("%"), let percent = Int(value.dropLast()), (0...100).contains(percent) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "a percentage from 0% to 100%, such as 80%")
            }
            options.modelBuildMinTests = percent
        default:
            guard let duration = GateDuration.parse(value) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: Self.durationExpectation)
            }
            switch key {
            case "build-timeout": options.buildTimeout = duration
            case "test-timeout": options.testTimeout = duration
            case "test-case-timeout": options.testCaseTimeout = duration
            default: options.commandTimeout = duration
            }
        }
    }

    /// A count option's value, refused with the same wording for every key unless it is a whole number in `range`.
    private func wholeNumber(_ value: String, in range: ClosedRange<Int>, key: String, line: Int) throws(ChecklistError) -> Int {
        guard let count = Int(value), range.contains(count) else {
            throw .invalidOptionValue(
                path: path, line: line, key: key, value: value, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return count
    }
}
