/// Accumulates the run options of one or more `<!-- cfa-gate: key=value … -->` comments.
struct OptionsCommentParser {
    static let knownKeys = [
        "package-path", "build-timeout", "test-timeout", "command-timeout", "allow-skipped", "test-case-timeout", "test-retries", "flaky",
        "reviews-required", "sandbox", "withhold-environment", "test-isolation", "test-workers",
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
            guard let count = Int(value), (0...10).contains(count) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "a whole number from 0 to 10")
            }
            options.testRetries = count
        case "flaky":
            guard value == "fail" || value == "allow" else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "fail or allow")
            }
            options.allowFlaky = value == "allow"
        case "reviews-required":
            guard let count = Int(value), (1...10).contains(count) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "a whole number from 1 to 10")
            }
            options.reviewsRequired = count
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
        case "test-workers":
            guard let count = Int(value), (1...1024).contains(count) else {
                throw .invalidOptionValue(path: path, line: line, key: key, value: value, expected: "a whole number from 1 to 1024")
            }
            options.testWorkers = count
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
}
